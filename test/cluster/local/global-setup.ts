import { clusterUp, installRelease, layout, RELEASE } from '@brandradar/devstack';

/**
 * `npm run test:cluster`: the local cluster brought up by the same code as `npm run cluster -- up`
 * (node, then the release from locally built images), its access handed to the suites through the
 * environment the smoke suite reads. CLUSTER_NODE_ONLY=1 stops after the node (the isolation and
 * teardown tests need no release).
 */
export default async function globalSetup(): Promise<void> {
  const log = (line: string) => process.stderr.write(`[cluster] ${line}\n`);
  const api = await clusterUp(log);
  process.env.KUBECONFIG = api.kubeconfig;
  if (process.env.CLUSTER_NODE_ONLY === '1') return;
  const access = await installRelease(log);
  Object.assign(process.env, access, { BRANDRADAR_RELEASE: RELEASE.name, BRANDRADAR_NAMESPACE: RELEASE.namespace, SMOKE_MAIL_DIR: layout().mail });
}
