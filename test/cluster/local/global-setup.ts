import { clusterUp, installRelease, layout, releaseAccess, RELEASE } from '@brandradar/devstack';

/**
 * `npm run test:cluster`: the local cluster brought up by the same code as `npm run cluster -- up`
 * (node, then the release from locally built images), its access handed to the suites through the
 * environment the smoke suite reads. CLUSTER_NODE_ONLY=1 stops after the node (the isolation and
 * teardown tests need no release). CLUSTER_REUSE=1 runs the suites against the cluster that is up
 * (`npm run cluster -- up`, or the run that started this one) and leaves it up.
 */
export default async function globalSetup(): Promise<void> {
  const log = (line: string) => process.stderr.write(`[cluster] ${line}\n`);
  const l = layout();
  if (process.env.CLUSTER_REUSE === '1') {
    // A suite run from inside another keeps that run's forwarder (restarting it would cut the other's requests).
    if (process.env.GATEWAY_URL === undefined) Object.assign(process.env, await releaseAccess(l));
  } else {
    const api = await clusterUp(log);
    process.env.KUBECONFIG = api.kubeconfig;
    if (process.env.CLUSTER_NODE_ONLY === '1') return;
    Object.assign(process.env, await installRelease(log));
  }
  Object.assign(process.env, { KUBECONFIG: l.kubeconfig, BRANDRADAR_RELEASE: RELEASE.name, BRANDRADAR_NAMESPACE: RELEASE.namespace, SMOKE_MAIL_DIR: l.mail });
}
