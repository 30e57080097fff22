import { clusterDown, clusterLeftovers, layout } from '@brandradar/devstack';

/**
 * The cluster goes down after the run even when down.test.ts did not get to run (a failure before
 * it), unless the run was told to reuse a cluster that is up (CLUSTER_REUSE=1).
 */
export default async function globalTeardown(): Promise<void> {
  if (process.env.CLUSTER_REUSE === '1') return;
  if ((await clusterLeftovers(layout())).length > 0) await clusterDown((line) => process.stderr.write(`[cluster] ${line}\n`), layout());
}
