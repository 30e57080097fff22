import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { MAX_TRACKER, startOversizedPeers } from '../support/oversized';
import { reportFigures } from '../support/bench-figures';
import { runManually } from '../support/manual-runs';
import { startStack } from '../support/stack';

const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 100);

/**
 * The largest report there is: RUNS (default 100, the report's limit) runs of 30 prompts × 5
 * surfaces, every answer at the caps. Prints how long the runs and the report took, the report's
 * size, and how much the test process's memory grew while serving it (the gateway streams it run
 * by run, so that should stay near the size of one run, not of the report).
 */
it(`serves a report of ${RUNS} runs of 150 answers at the caps`, async () => {
  const peers = await startOversizedPeers();
  const stack = await startStack([billingService, trackerService, runnerService, gatewayService], { ...peers.env, SHUTDOWN_GRACE_MS: '1000' });
  try {
    const { apiKey } = await stack.account(1_000_000_000);
    const t = (await stack.api('POST', '/api/v1/trackers', { key: apiKey, body: MAX_TRACKER })).body.tracker;
    await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } });
    const started = Date.now();
    const { unavailable } = await runManually(stack, apiKey, t.id, RUNS, 3600_000);
    const ranMs = Date.now() - started;

    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    const reportStarted = Date.now();
    const res = await fetch(`${stack.gatewayUrl}/api/v1/trackers/${t.id}/report?limit=100`, { headers: { Authorization: `Bearer ${apiKey}` } });
    let bytes = 0;
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length; // counted, not kept
    clearInterval(sampler);
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    reportFigures('largest report', [
      `bench: ${RUNS} runs of 150 answers at the caps ran in ${(ranMs / 1000).toFixed(0)} s (${unavailable} run requests answered 503 meanwhile); report: HTTP ${res.status}, ${mb(bytes)} MB in ${((Date.now() - reportStarted) / 1000).toFixed(1)} s; rss grew ${mb(peak - before)} MB while serving it`,
    ]);
  } finally {
    await stack.stop();
    await peers.close();
  }
});
