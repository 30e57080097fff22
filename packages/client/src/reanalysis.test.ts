import type { Reanalysis } from './client';
import { BrandradarWaitTimeoutError } from './errors';
import { clientAnswering } from '../../../test/support/client-answering';

// The reanalysis methods against a fetch that answers as the gateway does.
const TRACKER = '3f1c7d34-0000-4000-8000-000000000001';
const JOB = '9a8b7c6d-0000-4000-8000-000000000002';

const job = (over: Partial<Reanalysis> = {}): Reanalysis => ({
  id: JOB,
  trackerId: TRACKER,
  status: 'QUEUED',
  runs: { total: 3, done: 0 },
  analysisVersion: '2026-11-28.1',
  createdAt: '2026-11-28T09:00:00.000Z',
  finishedAt: null,
  error: null,
  ...over,
});

describe('requestReanalysis', () => {
  it('sends a new UUID as the request token unless one is given, and says when the job is an earlier one', async () => {
    const { api, sent } = clientAnswering({ status: 202, body: { reanalysis: job() } }, { status: 200, body: { reanalysis: job({ status: 'RUNNING' }) } });
    expect(await api.requestReanalysis(TRACKER)).toEqual({ reanalysis: job(), replayed: false });
    expect(sent[0]).toMatchObject({ method: 'POST', url: `http://gateway.test/api/v1/trackers/${TRACKER}/reanalysis`, body: { requestToken: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    expect(await api.requestReanalysis(TRACKER, { requestToken: 'renamed-1' })).toMatchObject({ replayed: true, reanalysis: { status: 'RUNNING' } });
    expect(sent[1]!.body).toEqual({ requestToken: 'renamed-1' });
  });
});

describe('waitForReanalysis', () => {
  it('reads the job until it has finished, telling each state', async () => {
    const { api, sent } = clientAnswering(
      { status: 200, body: { reanalysis: job({ status: 'RUNNING', runs: { total: 3, done: 1 } }) } },
      { status: 200, body: { reanalysis: job({ status: 'COMPLETED', runs: { total: 3, done: 3 }, finishedAt: '2026-11-28T09:00:05.000Z' }) } },
    );
    const seen: string[] = [];
    const done = await api.waitForReanalysis(TRACKER, JOB, { intervalMs: 1, onProgress: (r) => seen.push(`${r.status} ${r.runs.done}/${r.runs.total}`) });
    expect(done.status).toBe('COMPLETED');
    expect(seen).toEqual(['RUNNING 1/3', 'COMPLETED 3/3']);
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(Array(2).fill(`GET http://gateway.test/api/v1/trackers/${TRACKER}/reanalysis/${JOB}`));
  });

  it('ends at FAILED too, with the error', async () => {
    const failed = job({ status: 'FAILED', runs: { total: 3, done: 2 }, finishedAt: '2026-11-28T09:00:05.000Z', error: { code: 'reanalysis_failed', message: 'A run could not be read.' } });
    const { api } = clientAnswering({ status: 200, body: { reanalysis: failed } });
    expect(await api.waitForReanalysis(TRACKER, JOB, { intervalMs: 1 })).toEqual(failed);
  });

  it('gives up after its timeout with the latest state, the job going on', async () => {
    const { api, sent } = clientAnswering({ status: 200, body: { reanalysis: job({ status: 'RUNNING', runs: { total: 3, done: 1 } }) } });
    const error = await api.waitForReanalysis(TRACKER, JOB, { intervalMs: 50, timeoutMs: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrandradarWaitTimeoutError);
    expect(error).toMatchObject({ waitedMs: 10, last: { status: 'RUNNING', runs: { done: 1 } }, message: 'still RUNNING after 0.01 s' });
    expect(sent).toHaveLength(1);
  });
});
