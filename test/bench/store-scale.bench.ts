import { randomUUID } from 'node:crypto';
import { MongoClient, type Document } from 'mongodb';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { percentile, reportFigures } from '../support/bench-figures';
import { eventually } from '../support/eventually';
import { startStack, type TestStack } from '../support/stack';

const OTHERS = Number(process.env.BENCH_OTHER_TRACKERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_READS ?? 200);

/**
 * Reads of one account's data must cost the same however much the store holds for other
 * accounts: list, report and run reads are answered by `_id` or an indexed equality. Measures
 * them for an account of 25 trackers (3 runs on one), then again after OTHERS trackers of other
 * accounts (each with one finished run and its answers) were written beside it, and prints both.
 */
it(`reads one account's trackers, report and run as fast beside ${OTHERS} other trackers`, async () => {
  const stack = await startStack([billingService, trackerService, runnerService, gatewayService], { SHUTDOWN_GRACE_MS: '1000' });
  const mongo = await new MongoClient(process.env.TEST_MONGO_URL!).connect();
  try {
    const { apiKey } = await stack.account(1_000_000_000);
    const trackerIds: string[] = [];
    for (let i = 0; i < 25; i++) {
      const body = { name: `Tracker ${i}`, cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 }, primitive: 'compare', prompts: ['best crm', 'crm for startups'], brand: 'Acme', competitors: ['HubSpot'] };
      const created = await stack.api('POST', '/api/v1/trackers', { key: apiKey, body });
      if (created.status !== 201) throw new Error(`tracker ${i}: ${created.status} ${JSON.stringify(created.body)}`);
      trackerIds.push(created.body.tracker.id);
    }
    const trackerId = trackerIds[0]!;
    const est = (await stack.api('GET', `/api/v1/trackers/${trackerId}`, { key: apiKey })).body.tracker.estimatedCostMicroPerRun;
    await stack.api('POST', `/api/v1/trackers/${trackerId}/activate`, { key: apiKey, body: { maxCostMicroPerRun: est } });
    let runId = '';
    for (let i = 0; i < 3; i++) {
      runId = (await stack.api('POST', `/api/v1/trackers/${trackerId}/runs`, { key: apiKey, body: { requestToken: `bench-${i}` } })).body.run.id;
      await eventually(
        async () => (await stack.api('GET', `/api/v1/trackers/${trackerId}/runs/${runId}`, { key: apiKey })).body.run.status,
        (s) => !['QUEUED', 'RUNNING'].includes(s),
        120_000,
      );
    }
    const reads: Record<string, string> = {
      'tracker list (25)': '/api/v1/trackers?limit=25',
      'report (3 runs)': `/api/v1/trackers/${trackerId}/report`,
      run: `/api/v1/trackers/${trackerId}/runs/${runId}`,
    };

    const alone = await measure(stack, apiKey, reads);
    const fillStarted = Date.now();
    await writeOthers(mongo, stack, trackerId, OTHERS);
    const fillMs = Date.now() - fillStarted;
    const beside = await measure(stack, apiKey, reads);

    const cell = (t: Timing) => `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)}${t.failed ? ` (${t.failed} failed)` : ''}`;
    const rows = Object.keys(reads).map((name) => `| ${name} | ${cell(alone[name]!)} | ${cell(beside[name]!)} | ${(beside[name]!.p50 / alone[name]!.p50).toFixed(2)}× |`);
    reportFigures('store scale', [
      `store scale: ${REQUESTS} sequential reads each, ${OTHERS} other trackers (each with a run and its answers) written in ${(fillMs / 1000).toFixed(0)} s`,
      '| read | alone p50 / p95 ms | beside others p50 / p95 ms | p50 ratio |',
      '|---|---|---|---|',
      ...rows,
    ]);
  } finally {
    await mongo.close();
    await stack.stop();
  }
});

interface Timing {
  p50: number;
  p95: number;
  /** Reads that did not end in a whole 200 (a 503, or a report cut off when a run could not be read). */
  failed: number;
}

async function measure(stack: TestStack, apiKey: string, reads: Record<string, string>): Promise<Record<string, Timing>> {
  const out: Record<string, Timing> = {};
  for (const [name, path] of Object.entries(reads)) {
    const took: number[] = [];
    let failed = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      const ok = await stack.api('GET', path, { key: apiKey }).then((res) => res.status === 200, () => false);
      took.push(performance.now() - started);
      if (!ok) failed++;
    }
    took.sort((a, b) => a - b);
    out[name] = { p50: percentile(took, 0.5), p95: percentile(took, 0.95), failed };
  }
  return out;
}

/** Copies of the account's real tracker, run and answers under other accounts and ids, written straight to the services' stores. */
async function writeOthers(mongo: MongoClient, stack: TestStack, trackerId: string, count: number): Promise<void> {
  const trackers = mongo.db(stack.dbName('tracker')).collection<{ _id: string } & Document>('trackers');
  const runs = mongo.db(stack.dbName('runner')).collection<{ _id: string } & Document>('runs');
  const answers = mongo.db(stack.dbName('runner')).collection<{ _id: string } & Document>('answers');
  const tracker = (await trackers.findOne({ _id: trackerId }))!;
  const run = (await runs.find({ trackerId }).limit(1).next())!;
  const runAnswers = await answers.find({ runId: run._id }).toArray();
  const batch = 1_000;
  for (let done = 0; done < count; done += batch) {
    const t: ({ _id: string } & Document)[] = [];
    const r: ({ _id: string } & Document)[] = [];
    const a: ({ _id: string } & Document)[] = [];
    for (let i = 0; i < Math.min(batch, count - done); i++) {
      const accountId = randomUUID();
      const otherTracker = randomUUID();
      const otherRun = randomUUID();
      t.push({ ...tracker, _id: otherTracker, accountId, slot: 0 });
      r.push({ ...run, _id: otherRun, accountId, trackerId: otherTracker, slot: otherRun, dedupeKey: `bench:${otherRun}` });
      for (const answer of runAnswers) a.push({ ...answer, _id: `${otherRun}:${String(answer._id).split(':').slice(1).join(':')}`, runId: otherRun, trackerId: otherTracker });
    }
    await Promise.all([trackers.insertMany(t, { ordered: false }), runs.insertMany(r, { ordered: false }), answers.insertMany(a, { ordered: false })]);
  }
}
