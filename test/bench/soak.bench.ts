import fs from 'node:fs';
import path from 'node:path';
import { createRng } from '../../packages/providers/src/simulated/prng';
import { reportFigures, verdict } from '../support/bench-figures';
import { cpuLine, cpuMeter } from '../support/cpu';
import { memoryTrend, rssBytes, type MemoryReading, type MemoryTrend } from '../support/memory-samples';
import { metricValue } from '../support/metrics';
import { ACCOUNTS, CLIENTS_PER_ACCOUNT, PEER_DELAY_MS, client, preparedAccount, spawnReady, type Sample, type ServiceProcess, type StartedRun } from '../support/mixed-load';
import { startSurfacePeers } from '../support/peers/providers';
import { startStack } from '../support/stack';

/** How long the load lasts: 10 minutes in a whole `npm run bench`, 30 for the issue's soak (`npm run bench:soak`). */
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
/** Requests per second from the 24 clients together, as the mixed load's default. */
const RATE = Number(process.env.BENCH_MIXED_RATE ?? 80);
const SAMPLE_MS = Number(process.env.BENCH_SOAK_SAMPLE_SECONDS ?? 15) * 1000;
/** The warm-up: growth counts from here (caches fill and V8 sizes its heaps in the first minutes). */
const WARM_MS = 5 * 60_000;
/** Issue 43's bound on the services' RSS growth after the warm-up. */
const TARGET_GROWTH_PCT = 10;
/**
 * A directory: each service also writes a V8 heap snapshot there at the end of the warm-up and at
 * the end of the load (`--heapsnapshot-signal`), to compare in Chrome's DevTools. Writing one stops
 * the service for seconds and doubles its memory meanwhile, so such a run's figures are not the soak's.
 */
const SNAPSHOT_DIR = process.env.BENCH_SOAK_HEAP_SNAPSHOTS;
const SERVICES = ['billing', 'tracker', 'runner', 'gateway'];
const MIB = 2 ** 20;

/** One reading of each service (RSS from /proc, heap in use from its /metrics) and of this test process. */
async function readAll(services: ServiceProcess[], atMs: number): Promise<Map<string, MemoryReading>> {
  const readings = new Map<string, MemoryReading>();
  await Promise.all(
    services.map(async ({ service, child, opsPort }) => {
      const heapUsedBytes = await metricValue(opsPort, 'nodejs_heap_size_used_bytes').catch(() => Number.NaN);
      readings.set(service, { atMs, rssBytes: rssBytes(child.pid!), heapUsedBytes });
    }),
  );
  const own = process.memoryUsage();
  readings.set('test process', { atMs, rssBytes: own.rss, heapUsedBytes: own.heapUsed });
  return readings;
}

const mib = (bytes: number) => (bytes / MIB).toFixed(0);
const pct = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(1)} %`;

function trendLine(name: string, t: MemoryTrend): string {
  return (
    `  ${name.padEnd(22)} RSS ${mib(t.rssAtStartBytes).padStart(5)} → ${mib(t.rssAtFromBytes).padStart(5)} → ${mib(t.rssAtEndBytes).padStart(5)} MiB (${pct(t.rssGrowthPct)} after 5 min); ` +
    `heap floor per 5 min ${t.heapFloorsBytes.map(mib).join(', ')} MiB (${pct(t.heapFloorGrowthPct)}), ${t.heapLevelsOff ? 'levels off' : 'STILL GROWING'}`
  );
}

/**
 * Issue 43's soak: issue 30's mixed load (24 clients, 80 requests/s, the runs they start executing
 * against AI peers that answer in 150 ms) for BENCH_SOAK_MINUTES, billing, tracker, runner and
 * gateway each a process of its own, every 15 s each one's RSS and V8 heap in use. Prints, per
 * service and in all, RSS at the start of the load, after 5 minutes and at the end, the growth after
 * the first 5 minutes against the bound of 10 %, and whether each heap's floor levels off.
 */
describe('soak', () => {
  it(`mixed load for ${MINUTES} minutes: memory after the first five`, async () => {
    const peers = await startSurfacePeers({ delayMs: PEER_DELAY_MS });
    const stack = await startStack([], { ...peers.env, SHUTDOWN_GRACE_MS: '1000' });
    const nodeOptions = SNAPSHOT_DIR ? `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${path.resolve(SNAPSHOT_DIR)}` : '';
    if (SNAPSHOT_DIR) fs.mkdirSync(SNAPSHOT_DIR, { recursive: true });
    const services: ServiceProcess[] = [];
    try {
      for (const service of SERVICES) services.push(await spawnReady(stack, service, nodeOptions));
      const runs: StartedRun[] = [];
      const accounts = await Promise.all(Array.from({ length: ACCOUNTS }, (_, i) => preparedAccount(stack, i, runs)));
      const runsBefore = runs.length;

      const samples: Sample[] = [];
      const series = new Map<string, MemoryReading[]>();
      const meter = cpuMeter();
      const began = Date.now();
      const deadline = began + MINUTES * 60_000;
      const clients = accounts.flatMap((account) =>
        Array.from({ length: CLIENTS_PER_ACCOUNT }, (_, c) => {
          const name = `soak-${account.index}-${c}`;
          return client(stack.gatewayUrl, account, createRng(name), name, deadline, (ACCOUNTS * CLIENTS_PER_ACCOUNT * 1000) / RATE, samples, runs);
        }),
      );
      let snapshotted = !SNAPSHOT_DIR;
      for (let next = began; next <= deadline; next += SAMPLE_MS) {
        if (next > Date.now()) await new Promise((r) => setTimeout(r, next - Date.now()));
        const atMs = Date.now() - began;
        const readings = await readAll(services, atMs);
        for (const [name, reading] of readings) series.set(name, [...(series.get(name) ?? []), reading]);
        const servicesRss = SERVICES.reduce((sum, s) => sum + readings.get(s)!.rssBytes, 0);
        process.stdout.write(`soak ${(atMs / 60_000).toFixed(1)} min: services ${mib(servicesRss)} MiB (${SERVICES.map((s) => `${s} ${mib(readings.get(s)!.rssBytes)}/${mib(readings.get(s)!.heapUsedBytes)}`).join(', ')}; RSS/heap), ${samples.length} requests\n`);
        if (!snapshotted && atMs >= WARM_MS) {
          for (const s of services) process.kill(s.child.pid!, 'SIGUSR2');
          snapshotted = true;
        }
      }
      await Promise.all(clients);
      const cpu = meter.stop();
      if (SNAPSHOT_DIR) for (const s of services) process.kill(s.child.pid!, 'SIGUSR2');

      const trends = new Map([...series].map(([name, readings]) => [name, memoryTrend(readings, WARM_MS, 5 * 60_000)]));
      const servicesTrend = memoryTrend(
        series.get(SERVICES[0]!)!.map((r, i) => ({
          atMs: r.atMs,
          rssBytes: SERVICES.reduce((sum, s) => sum + series.get(s)![i]!.rssBytes, 0),
          heapUsedBytes: SERVICES.reduce((sum, s) => sum + series.get(s)![i]!.heapUsedBytes, 0),
        })),
        WARM_MS,
        5 * 60_000,
      );
      const fivexx = samples.filter((s) => typeof s.status === 'number' && s.status >= 500).length;
      const errors = samples.filter((s) => s.status === 'error').length;
      reportFigures(`soak, ${MINUTES} min`, [
        `soak: issue 30's mixed load (${ACCOUNTS * CLIENTS_PER_ACCOUNT} clients, ${RATE} requests/s, AI peers answering in ${PEER_DELAY_MS} ms) for ${MINUTES} min; memory every ${SAMPLE_MS / 1000} s; RSS at the start of the load → after 5 min → at the end`,
        ...[...SERVICES, 'test process'].map((name) => trendLine(name, trends.get(name)!)),
        trendLine('services together', servicesTrend),
        `  ${samples.length} requests (${(samples.length / (MINUTES * 60)).toFixed(1)}/s); 5xx: ${fivexx}; unanswered: ${errors}; runs: ${runs.length - runsBefore} started during the load`,
        `  ${cpuLine(cpu, MINUTES * 60, 's of load')}`,
        `  target: the services' RSS grows by less than ${TARGET_GROWTH_PCT} % after the first 5 min: ${pct(servicesTrend.rssGrowthPct)} (${verdict(servicesTrend.rssGrowthPct < TARGET_GROWTH_PCT)})`,
      ]);
    } finally {
      await Promise.all(services.map((s) => s.child.stop()));
      await stack.stop();
      await peers.close();
    }
  });
});
