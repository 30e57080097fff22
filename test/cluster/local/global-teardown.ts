import { clusterDown, clusterLeftovers, layout } from '@brandradar/devstack';

/** The cluster goes down after the run even when down.test.ts did not get to run (a failure before it). */
export default async function globalTeardown(): Promise<void> {
  if ((await clusterLeftovers(layout())).length > 0) await clusterDown((line) => process.stderr.write(`[cluster] ${line}\n`), layout());
}
