import { layout } from '@brandradar/devstack';
import { eventually } from '../support/eventually';
import { httpClient } from '../support/stack';
import { cluster, readyPod, waitForDeployments, type Cluster } from './kube';
import { customer, everyRunSettled, startTraffic } from './traffic';

/**
 * Issue 44's pods lost mid-run, on the local cluster (`npm run test:cluster`): while customers keep
 * starting runs, a NATS server, a runner and the store are deleted in turn, each once the one
 * before has come back. Requests may fail while the store is away (it is one pod); what may not
 * happen is a run lost, billed twice or for nothing, or e-mailed other than once.
 */
const log = (line: string) => process.stdout.write(`[pod-loss] ${line}\n`);

/** The pod of that name now: gone, or its uid and whether it is Ready. */
async function podNow(c: Cluster, name: string): Promise<{ uid?: string; ready: boolean } | null> {
  const pod = await c.core.readNamespacedPod({ name, namespace: c.namespace }).catch(() => null);
  if (!pod) return null;
  return { uid: pod.metadata?.uid, ready: pod.metadata?.deletionTimestamp === undefined && (pod.status?.conditions ?? []).some((cond) => cond.type === 'Ready' && cond.status === 'True') };
}

/**
 * Deletes a pod and waits until the release is whole again: a StatefulSet's pod is back under its
 * name (a new uid) and Ready, a Deployment's is gone and every Deployment is available again.
 */
async function deleteAndAwait(c: Cluster, name: string): Promise<void> {
  const before = await podNow(c, name);
  const started = Date.now();
  await c.core.deleteNamespacedPod({ name, namespace: c.namespace });
  await eventually(() => podNow(c, name), (now) => now === null || (now.uid !== before?.uid && now.ready), 3 * 60_000, 1_000);
  await waitForDeployments(c, 5 * 60_000, log);
  log(`${name} deleted; the release whole again after ${Math.round((Date.now() - started) / 1000)} s`);
}

describe('pods deleted while runs are under way', () => {
  it('loses no run: each ends, billed once and e-mailed once', async () => {
    const client = httpClient(process.env.GATEWAY_URL!, process.env.ADMIN_URL!, process.env.ADMIN_TOKEN!);
    const c = cluster();
    const customers = await Promise.all([1, 2, 3].map(() => customer(client)));
    const traffic = startTraffic(process.env.GATEWAY_URL!, customers);
    const nats = `${c.release}-nats-1`;
    const store = `${c.release}-ferretdb-0`;
    for (const pod of [nats, await readyPod(c, 'runner'), store]) await deleteAndAwait(c, pod);
    const figures = await traffic.stop();
    log(`${figures.requests} requests (${figures.failed.length} without an answer or refused while pods were away), ${figures.runs.length} runs`);
    expect(figures.runs.length).toBeGreaterThanOrEqual(customers.length);
    await everyRunSettled(client, customers, figures.runs, layout().mail);
  });
});
