import { reportFigures } from '../support/bench-figures';
import { describeFigures, runChaos } from '../support/chaos';

const ACCOUNTS = Number(process.env.CHAOS_ACCOUNTS ?? 10);
const RUNS = Number(process.env.CHAOS_RUNS ?? 100);
const ROUNDS = Number(process.env.CHAOS_KILL_ROUNDS ?? 2);

/**
 * Issue 12 in full: RUNS runs over ACCOUNTS accounts while the runner, billing, tracker,
 * scheduler, nats-server and FerretDB are each killed ROUNDS times. Prints the figures and
 * every broken invariant; like the other benchmarks it fails on no number, only on the invariants
 * and on the failure paths not being reached (no PARTIAL run).
 */
it(`${RUNS} runs over ${ACCOUNTS} accounts, components killed ${ROUNDS}× each`, async () => {
  const { figures, violations, logFile } = await runChaos({
    accounts: ACCOUNTS,
    runsPerAccount: Math.ceil(RUNS / ACCOUNTS),
    killRounds: ROUNDS,
    requestTimeoutMs: 20 * 60_000,
    settleTimeoutMs: 5 * 60_000,
  });
  const lines = [describeFigures(figures, logFile), ...violations.map((v) => `chaos: VIOLATION ${v}`)];
  reportFigures('chaos', lines);
  expect(violations).toEqual([]);
  expect(figures.statuses.PARTIAL).toBeGreaterThan(0);
});
