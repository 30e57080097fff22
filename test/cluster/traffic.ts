import { randomUUID } from 'node:crypto';
import { checkLedger } from '../support/accounts';
import { eventually } from '../support/eventually';
import { mailsIn, runFinishedMails } from '../support/run-mails';
import type { HttpClient } from '../support/stack';

/**
 * A steady stream of customers' requests through the gateway while the release changes under it
 * (an upgrade, a pod deleted): per account, in a loop, a read of its tracker, a read of its
 * report, and a manual run whenever its last one has ended (so the run API's slots are never the
 * reason for a refusal). Every request that gets no answer, a 5xx (a 503 with Retry-After too) or an
 * answer the contract does not give to that request is a failure; only a run request is sent again,
 * in the next round, with the same request token.
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
const CREDITS_MICRO = 50_000_000;
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

  const ask = async (account: TrafficAccount, method: string, path: string, ok: number[], body?: unknown): Promise<any> => {
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
    let requestToken: string | undefined;
    while (!stopping) {
      await ask(account, 'GET', tracker, [200]);
      await ask(account, 'GET', `${tracker}/report?limit=3`, [200]);
      if (running) {
        const run = (await ask(account, 'GET', `${tracker}/runs/${running}`, [200]))?.run;
        if (run && TERMINAL.has(run.status)) running = undefined;
      } else {
        // A request that got no answer is sent again with its token: the run it may have started is
        // then the one answered, never a second.
        requestToken ??= randomUUID();
        const started = await ask(account, 'POST', `${tracker}/runs`, [200, 202], { requestToken });
        if (started?.run?.id) {
          running = started.run.id;
          requestToken = undefined;
          if (!figures.runs.some((r) => r.runId === running)) figures.runs.push({ trackerId: account.trackerId, runId: started.run.id });
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

/** A new account with credits and an active tracker of one prompt, ready for traffic. */
export async function customer(client: HttpClient): Promise<TrafficAccount & { accountId: string }> {
  const { accountId, apiKey } = await client.account(CREDITS_MICRO);
  const created = await client.api('POST', '/api/v1/trackers', {
    key: apiKey,
    body: {
      name: 'upgrade traffic',
      cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
      primitive: 'rankings',
      prompts: ['best crm for a small team'],
      competitors: ['HubSpot', 'Salesforce'],
    },
  });
  if (created.status !== 201) throw new Error(`tracker: ${created.status} ${JSON.stringify(created.body)}`);
  const { id, estimatedCostMicroPerRun } = created.body.tracker;
  const activated = await client.api('POST', `/api/v1/trackers/${id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: estimatedCostMicroPerRun } });
  if (activated.status !== 200) throw new Error(`activate: ${activated.status} ${JSON.stringify(activated.body)}`);
  return { accountId, apiKey, trackerId: id };
}

/**
 * What the cluster tests require of every run the traffic started, however the release was shaken
 * meanwhile: it ends; each account's balance plus what its runs were billed is its credit, with no
 * hold left open (billed once, never for nothing); and the notifier's relay (`mailDir`) got exactly
 * one run-finished e-mail for it.
 */
export async function everyRunSettled(client: HttpClient, accounts: (TrafficAccount & { accountId: string })[], started: TrafficFigures['runs'], mailDir: string): Promise<void> {
  const readRuns = () =>
    Promise.all(
      started.map(async ({ trackerId, runId }) => {
        const key = accounts.find((a) => a.trackerId === trackerId)!.apiKey;
        const answer = await client.api('GET', `/api/v1/trackers/${trackerId}/runs/${runId}`, { key });
        // Without a run, the answer itself, so a timeout says what the gateway said instead.
        return { trackerId, ...(answer.body?.run ?? { id: runId, answer: `${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}` }) };
      }),
    );
  const runs = await eventually(readRuns, (all) => all.every((r) => TERMINAL.has(r.status)), 5 * 60_000, 1_000);
  for (const account of accounts) {
    const billed = runs.filter((r) => r.trackerId === account.trackerId).reduce((sum, r) => sum + r.billedCostMicro, 0);
    expect((await checkLedger(client, account, CREDITS_MICRO, billed)).problems).toEqual([]);
  }
  const mails = await eventually(
    async () => runFinishedMails(mailsIn(mailDir)),
    (perRun) => runs.every((r) => perRun.has(r.id)),
    2 * 60_000,
    1_000,
  );
  expect(runs.filter((r) => mails.get(r.id) !== 1).map((r) => `${r.id}: ${mails.get(r.id) ?? 0} e-mails`)).toEqual([]);
}
