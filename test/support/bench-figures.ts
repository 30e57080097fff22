import fs from 'node:fs';

/**
 * Prints a benchmark's figures and keeps them for the summary `npm run bench` prints at the end
 * (test/bench/figures-reporter.js), so the figures of one run are read together, not scrolled past.
 */
export function reportFigures(bench: string, lines: string[]): void {
  process.stdout.write(`${lines.join('\n')}\n`);
  const file = process.env.BENCH_FIGURES_FILE;
  if (file) fs.appendFileSync(file, `${JSON.stringify({ bench, lines })}\n`);
}

/** How a bench prints one of issue 16's targets checked against its own run's figures. */
export function verdict(met: boolean): string {
  return met ? 'met' : 'MISSED';
}

/** The `q` quantile (0.5, 0.99) of `sorted` (ascending): the value below which that share of the samples lies. NaN for none. */
export function percentile(sorted: readonly number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]! : Number.NaN;
}
