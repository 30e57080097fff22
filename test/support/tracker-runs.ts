/** What most API tests do first: an ACTIVE tracker at its estimate, and a manual run waited for to its end. */
import { eventually } from './eventually';
import type { HttpClient } from './stack';

/** Creates a tracker from `body` and activates it at its estimate; its id. */
export async function activeTracker(client: HttpClient, key: string, body: Record<string, unknown>): Promise<string> {
  const created = await client.api('POST', '/api/v1/trackers', { key, body });
  expect(created.status).toBe(201);
  const { id, estimatedCostMicroPerRun } = created.body.tracker;
  expect((await client.api('POST', `/api/v1/trackers/${id}/activate`, { key, body: { maxCostMicroPerRun: estimatedCostMicroPerRun } })).status).toBe(200);
  return id;
}

/** Asks for a manual run and reads it until it is COMPLETED, PARTIAL or FAILED (`R`: the fields the test reads). */
export async function finishedRun<R extends { status: string }>(client: HttpClient, key: string, trackerId: string, requestToken: string, timeoutMs = 60_000): Promise<R> {
  const queued = await client.api('POST', `/api/v1/trackers/${trackerId}/runs`, { key, body: { requestToken } });
  expect(queued.status).toBe(202);
  return eventually(
    async () => (await client.api('GET', `/api/v1/trackers/${trackerId}/runs/${queued.body.run.id}`, { key })).body.run as R,
    (run) => !['QUEUED', 'RUNNING'].includes(run.status),
    timeoutMs,
    200,
  );
}
