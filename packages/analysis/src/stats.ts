/**
 * The statistics behind the metrics: intervals for proportions, the design effect of shares whose
 * units come in clusters (answers), and the tests behind "distinguishable" in a delta.
 */

/** The 0.975 quantile of the standard normal distribution: two-sided 95%. */
const Z_95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/**
 * The 95% Wilson score interval of `count` successes in `n` trials, or null when n = 0. Unlike the
 * textbook `p ± 1.96·√(p(1−p)/n)` it stays inside [0, 1] and does not collapse to a point at 0 or
 * n successes, which matters at the sample sizes of one run (10–150 answers). `n` may be fractional
 * (an effective sample size, see {@link designEffect}).
 */
export function wilsonInterval(count: number, n: number): Interval | null {
  if (n <= 0) return null;
  const p = count / n;
  const z2 = Z_95 * Z_95;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (Z_95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  // Rounded outward, so the published interval always contains the exact one.
  return { low: Math.max(0, roundDown(center - half, 4)), high: Math.min(1, roundUp(center + half, 4)) };
}

/**
 * The `q` quantile of `sorted` (ascending, not empty) by linear interpolation between order
 * statistics (Hyndman & Fan type 7, the default of R and NumPy): at h = (N − 1)·q, the value at
 * ⌊h⌋ plus the fraction of h beyond it times the step to the next. So the median of 1, 2, 4, 5 is 3.
 */
export function quantile(sorted: readonly number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const below = Math.floor(h);
  const lower = sorted[below]!;
  return below + 1 < sorted.length ? lower + (h - below) * (sorted[below + 1]! - lower) : lower;
}

/** `x` rounded half away from zero to `digits` decimals, without binary noise (`0.1 + 0.2` → 0.3). */
export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return (Math.sign(x) * Math.round(Math.abs(x) * f * (1 + Number.EPSILON))) / f || 0;
}

// The tolerance keeps a value that is exactly on a step (0.3 stored as 0.30000000000000004) on it.
/**
 * A p-value as published: 4 decimals, and below 0.0001 two significant digits, since a p-value is
 * never 0 (a change from 0 of 100 to 100 of 100 has p ≈ 2e-59, which 4 decimals would print as 0).
 */
export function reportedPValue(p: number): number {
  return p >= 0.0001 ? round(p, 4) : Number(p.toPrecision(2));
}

function roundDown(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.floor(x * f + 1e-9) / f;
}

function roundUp(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.ceil(x * f - 1e-9) / f;
}

/**
 * The design effect of the ratio Σy / Σx when the units counted in y and x come in clusters
 * (y[c] of x[c] in cluster c: the answers of one prompt × surface cell, or the mentions and
 * citations of one cell's answers): the variance of the ratio estimator with its linearised, cluster-robust standard error,
 * divided by the variance the same ratio would have if all Σx units were independent. Citations of
 * one answer, or the brands one answer names, are not independent draws: an answer that cites one
 * domain five times is one source of evidence, not five. Floored at 1 so that clustering is never
 * taken to make an estimate more precise than independent units would; 1 when it cannot be
 * estimated (fewer than two clusters, or a ratio of exactly 0 or 1).
 */
export function designEffect(y: readonly number[], x: readonly number[]): number {
  const clusters = x.length;
  const sumX = x.reduce((a, b) => a + b, 0);
  if (clusters < 2 || sumX === 0) return 1;
  const ratio = y.reduce((a, b) => a + b, 0) / sumX;
  if (ratio <= 0 || ratio >= 1) return 1;
  const meanX = sumX / clusters;
  const residuals = y.reduce((sum, yi, i) => sum + (yi - ratio * x[i]!) ** 2, 0);
  const clusterVariance = residuals / (clusters * (clusters - 1)) / (meanX * meanX);
  // With n − 1 like the cluster variance, so that clusters of one unit give 1.
  const independentVariance = (ratio * (1 - ratio)) / (sumX - 1);
  const deff = clusterVariance / independentVariance;
  // Clusters of one unit give 1 up to rounding (1.0000000002); it must be exactly 1, so that one
  // answer per cell keeps the figures of independent answers to the last digit.
  return deff < 1 + 1e-9 ? 1 : deff;
}

/**
 * Two-sided p-value of Fisher's exact test that `count1`/`n1` and `count2`/`n2` come from the same
 * proportion: the probability, given both margins, of a table at most as likely as the one observed.
 * Chosen over the two-proportion z-test because deltas are allowed from 10 answers per run, where
 * expected cell counts are often below 5 and the z-test's normal approximation misstates p; and over
 * "the 95% intervals do not overlap", which is not a test (it amounts to p < ~0.006 and says
 * nothing graded). Exact and cheap at the sizes of a run.
 */
export function fisherExactPValue(count1: number, n1: number, count2: number, n2: number): number {
  const successes = count1 + count2;
  const total = n1 + n2;
  const logP = (x: number) =>
    logChoose(successes, x) + logChoose(total - successes, n1 - x) - logChoose(total, n1);
  const observed = logP(count1);
  let p = 0;
  for (let x = Math.max(0, n1 - (total - successes)); x <= Math.min(successes, n1); x++) {
    const lp = logP(x);
    // Relative tolerance: tables as likely as the observed one must not be lost to rounding.
    if (lp <= observed + 1e-7) p += Math.exp(lp);
  }
  return Math.min(1, p);
}

/**
 * Two-sided p-value of the pooled two-proportion z-test on effective sample sizes (a design-effect,
 * Rao–Scott style correction): the test used for shares, whose units are clustered, so that no exact
 * test applies. 1 when both proportions are 0 or both are 1.
 */
export function twoProportionPValue(p1: number, n1: number, p2: number, n2: number): number {
  const pooled = (p1 * n1 + p2 * n2) / (n1 + n2);
  const variance = pooled * (1 - pooled) * (1 / n1 + 1 / n2);
  if (variance <= 0) return 1;
  const z = Math.abs(p1 - p2) / Math.sqrt(variance);
  return Math.min(1, 2 * normalUpperTail(z));
}

/** P(Z > z) for a standard normal Z, via erfc (Abramowitz & Stegun 7.1.26, error < 1.5e-7). */
function normalUpperTail(z: number): number {
  const x = z / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return 0.5 * poly * Math.exp(-x * x);
}

const logFactorials: number[] = [0];

function logFactorial(k: number): number {
  for (let i = logFactorials.length; i <= k; i++) logFactorials.push(logFactorials[i - 1]! + Math.log(i));
  return logFactorials[k]!;
}

function logChoose(n: number, k: number): number {
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}
