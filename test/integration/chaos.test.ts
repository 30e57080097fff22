import { describeFigures, runChaos } from '../support/chaos';

// Issue 12, bounded for the suite: 12 runs over 3 accounts, each component killed once.
// The full version (100 runs over 10 accounts) is test/bench/chaos.bench.ts.
it('every run ends, is billed once for its succeeded answers and e-mailed once, while components are killed in turn', async () => {
  const { figures, violations, logFile } = await runChaos({ accounts: 3, runsPerAccount: 4, killRounds: 1, requestTimeoutMs: 60_000, settleTimeoutMs: 40_000 });
  process.stdout.write(`${describeFigures(figures, logFile)}\n`);
  expect(figures.kills).toEqual({ runner: 1, billing: 1, tracker: 1, scheduler: 1, 'nats-server': 1, ferretdb: 1 });
  expect(violations).toEqual([]);
  expect(figures.statuses.PARTIAL).toBeGreaterThan(0);
}, 175_000);
