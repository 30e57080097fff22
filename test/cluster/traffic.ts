import { randomUUID } from 'node:crypto';

/**
 * A steady stream of customers' requests through the gateway while the release changes under it
 * (an upgrade, a pod deleted): per account, in a loop, a read of its tracker, a read of its
 * report, and a manual run whenever its last one has ended (so the run API's slots are never the
 * reason for a refusal). Nothing is retried: every request that gets no answer, a 5xx (a 503 with
 * Retry-After too) or an answer the contract does not give to that request is a failure.
 */
export interface TrafficAccount {
  apiKey: string;
  trackerId: string;
}

interface FailedRequest {
  at: string;
  request: string;
  /** The status, or the network error when no answer came. */
  outcome: string;
}

export interface TrafficFigures {
  requests: number;
  failed: FailedRequest[];
  /** Every run the traffic started, by tracker. */
  runs: { trackerId: string; runId: string }[];
}

const TERMINAL = new Set(['COMPLETED', 'PARTIAL', 'FAILED']);
/** Between one account's rounds: traffic that meets every pod replacement, well under the gateway's 600 requests a minute per key. */
const ROUND_PAUSE_MS = 500;
const REQUEST_TIMEOUT_MS = 30_000;

async function send(publicUrl: string, apiKey: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any } | { error: string }> {
  try {
    const res = await fetch(publicUrl + path, {
      method,
      headers: { Authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  } catch (e) {
    const err = e as Error & { cause?: { code?: string; message?: string } };
    return { error: err.cause?.code ?? err.cause?.message ?? err.message };
  }
}

/** Starts the traffic; `stop` ends it after the rounds in flight and returns what it saw. */
export function startTraffic(publicUrl: string, accounts: TrafficAccount[]): { stop(): Promise<TrafficFigures> } {
  const figures: TrafficFigures = { requests: 0, failed: [], runs: [] };
  let stopping = false;

  const expect = async (account: TrafficAccount, method: string, path: string, ok: number[], body?: unknown): Promise<any> => {
    figures.requests++;
    const answer = await send(publicUrl, account.apiKey, method, path, body);
    if ('status' in answer && ok.includes(answer.status)) return answer.body;
    const outcome = 'error' in answer ? answer.error : `${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
    figures.failed.push({ at: new Date().toISOString(), request: `${method} ${path}`, outcome });
    return undefined;
  };

  const loop = async (account: TrafficAccount) => {
    const tracker = `/api/v1/trackers/${account.trackerId}`;
    let running: string | undefined;
    while (!stopping) {
      await expect(account, 'GET', tracker, [200]);
      await expect(account, 'GET', `${tracker}/report?limit=3`, [200]);
      if (running) {
        const run = (await expect(account, 'GET', `${tracker}/runs/${running}`, [200]))?.run;
        if (run && TERMINAL.has(run.status)) running = undefined;
      } else {
        const started = await expect(account, 'POST', `${tracker}/runs`, [200, 202], { requestToken: randomUUID() });
        if (started?.run?.id) {
          running = started.run.id;
          figures.runs.push({ trackerId: account.trackerId, runId: started.run.id });
        }
      }
      await new Promise((resolve) => setTimeout(resolve, ROUND_PAUSE_MS));
    }
  };

  const loops = Promise.all(accounts.map(loop));
  return {
    async stop() {
      stopping = true;
      await loops;
      return figures;
    },
  };
}
