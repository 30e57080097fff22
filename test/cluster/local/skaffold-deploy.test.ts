import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '@brandradar/devstack';
import { cluster, type Cluster } from '../kube';
import { prepareSkaffold, registryDigest, type Skaffold } from '../skaffold-env';

/**
 * skaffold against the local cluster (npm run test:cluster: `up` has installed the release and
 * started the cluster's registry, SKAFFOLD_DEFAULT_REPO): `skaffold run -p local-cluster` builds
 * each service with buildah, pushes it to the registry, upgrades the release with helm, and the
 * pods run the pushed digests, pulled by the node's containerd; `skaffold dev`'s first deploy
 * stabilises the same way, and on SIGINT with --cleanup=false it leaves the release deployed.
 */
const SERVICES = ['gateway', 'billing', 'tracker', 'scheduler', 'runner', 'workflow', 'notifier'];
let dir: string;
let skaffold: Skaffold;
let c: Cluster;
let registry: string;

beforeAll(async () => {
  registry = process.env.SKAFFOLD_DEFAULT_REPO ?? '';
  if (!registry || !process.env.KUBECONFIG) throw new Error('SKAFFOLD_DEFAULT_REPO and KUBECONFIG are unset: run it with npm run test:cluster (or after `npm run cluster -- up`)');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skaffold-deploy-'));
  skaffold = await prepareSkaffold(dir, { SKAFFOLD_DEFAULT_REPO: registry, KUBECONFIG: process.env.KUBECONFIG });
  c = cluster();
}, 20 * 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Each service's Deployment image, and the image ID its ready pods' containers run. */
async function deployed(): Promise<{ service: string; image: string; running: string[]; ready: boolean }[]> {
  return Promise.all(
    SERVICES.map(async (service) => {
      const selector = `app.kubernetes.io/instance=${c.release},app.kubernetes.io/component=${service}`;
      const [{ items: [deployment] }, { items: pods }] = await Promise.all([
        c.apps.listNamespacedDeployment({ namespace: c.namespace, labelSelector: selector }),
        c.core.listNamespacedPod({ namespace: c.namespace, labelSelector: selector }),
      ]);
      const live = pods.filter((p) => !p.metadata?.deletionTimestamp);
      return {
        service,
        image: deployment?.spec?.template.spec?.containers[0]?.image ?? '',
        running: [...new Set(live.map((p) => p.status?.containerStatuses?.[0]?.imageID ?? ''))],
        ready: live.length > 0 && live.every((p) => p.status?.conditions?.some((cond) => cond.type === 'Ready' && cond.status === 'True')),
      };
    }),
  );
}

/** Every service runs, on ready pods only, the digest the registry serves for the tag it was deployed with. */
async function expectPushedDigestsRunning(): Promise<void> {
  for (const { service, image, running, ready } of await deployed()) {
    const match = new RegExp(`^${registry.replace(/\./g, '\\.')}/brandradar_${service}:([^@]+)@(sha256:[0-9a-f]{64})$`).exec(image);
    expect([service, match !== null]).toEqual([service, true]);
    const [, tag, digest] = match!;
    expect([service, await registryDigest(registry, `brandradar_${service}`, tag!)]).toEqual([service, digest]);
    expect([service, running, ready]).toEqual([service, [`${registry}/brandradar_${service}@${digest}`], true]);
  }
}

it('skaffold run -p local-cluster: buildah builds, pushes to the cluster registry, helm upgrades the release, the pods run the pushed digests', async () => {
  const started = Date.now();
  await skaffold.run(['run', '-p', 'local-cluster', '--status-check=true']);
  process.stdout.write(`[skaffold] run: ${Math.round((Date.now() - started) / 1000)} s\n`);
  await expectPushedDigestsRunning();
});

it("skaffold dev: the first deploy stabilises; SIGINT with --cleanup=false stops it and leaves the release deployed", async () => {
  const started = Date.now();
  const dev = spawn(skaffold.bin, ['dev', '-p', 'local-cluster', '--cleanup=false', '--port-forward=off', '--status-check=true'], { cwd: REPO_ROOT, env: skaffold.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => dev.on('exit', (code) => resolve(code)));
  const stabilised = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      // What skaffold prints once its status check has seen every Deployment ready after the first deploy.
      if (output.includes('Deployments stabilized in')) resolve();
    };
    dev.stdout.on('data', read);
    dev.stderr.on('data', read);
    void exited.then((code) => reject(new Error(`skaffold dev exited (${code}) before its deploy stabilised:\n${output.slice(-3000)}`)));
  });
  try {
    await stabilised;
    process.stdout.write(`[skaffold] dev stabilised: ${Math.round((Date.now() - started) / 1000)} s\n`);
  } finally {
    dev.kill('SIGINT');
  }
  expect(await exited).toBe(0);
  expect(output).not.toContain('Cleaning up');
  await expectPushedDigestsRunning();
});
