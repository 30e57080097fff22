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
 * The 95% interval of the difference `p1 − p2` of two independent proportions, by Newcombe's hybrid
 * score method (Newcombe 1998, method 10) from each proportion's own 95% interval: the distance of
 * each estimate to its limit on the side the difference moves toward, combined in quadrature. Chosen
 * over the textbook `d ± 1.96·SE` for the reasons the Wilson interval is (it stays sensible at 0, at
 * 1 and at the sample sizes of one run), and because it takes each run's interval as it is stored:
 * taken on the run's effective sample size, so the clustering of answers carries over.
 */
export function newcombeInterval(p1: number, i1: Interval, p2: number, i2: Interval): Interval {
  const d = p1 - p2;
  return { low: d - Math.hypot(p1 - i1.low, i2.high - p2), high: d + Math.hypot(i1.high - p1, p2 - i2.low) };
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

/** `x` rounded down to `digits` decimals: the low end of an interval rounded outward. */
export function roundDown(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.floor(x * f + 1e-9) / f;
}

/** `x` rounded up to `digits` decimals: the high end of an interval rounded outward. */
export function roundUp(x: number, digits: number): number {
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
  const z = pooledZ(p1, n1, p2, n2);
  return z === null ? 1 : Math.min(1, 2 * normalUpperTail(z));
}

/** |p1 − p2| over its standard error under a common proportion; null when that error is 0. */
function pooledZ(p1: number, n1: number, p2: number, n2: number): number | null {
  const pooled = (p1 * n1 + p2 * n2) / (n1 + n2);
  const variance = pooled * (1 - pooled) * (1 / n1 + 1 / n2);
  return variance <= 0 ? null : Math.abs(p1 - p2) / Math.sqrt(variance);
}

/** A proportion over clustered answers as a run's metrics store it (see `Rate`). */
export interface ClusteredCount {
  count: number;
  n: number;
  /** `n` / design effect. */
  effectiveN: number;
  /** The cells the answers come from. */
  clusters: number;
}

/**
 * Two-sided p-value that two proportions over clustered answers are equal, from what each run's
 * metrics store: the larger of two p-values, each a design-effect (Rao–Scott style) correction.
 * - Fisher's exact test on the effective counts (count and n divided by the design effect, rounded
 *   to whole answers): with a design effect of 1 it is the test of independent answers; it keeps
 *   the exact test's validity at small effective samples.
 * - The pooled two-proportion statistic on effective sample sizes, referred to Student's t with
 *   clusters₁ + clusters₂ − 2 degrees of freedom: the design effect is itself estimated from the
 *   cells, and with few cells it is often underestimated (floored at 1), which only the t
 *   reference allows for.
 * Chosen by simulation (calibration.ts; the README gives the figures): at 30 prompts × 3 surfaces
 * with 3 or 10 answers per cell, each alone is near 5% false positives, Fisher's below, the
 * t-test at or slightly above; with 2 to 4 cells Fisher's alone flagged up to 13% and the t-test
 * at most 5%. The larger p-value keeps both bounds for the price of a little power.
 */
export function clusteredTwoProportionPValue(a: ClusteredCount, b: ClusteredCount): number {
  const effective = ({ count, n, effectiveN }: ClusteredCount) => [Math.round((count * effectiveN) / n), Math.round(effectiveN)] as const;
  const [countA, nA] = effective(a);
  const [countB, nB] = effective(b);
  const fisher = fisherExactPValue(countA, nA, countB, nB);
  const t = pooledZ(a.count / a.n, a.effectiveN, b.count / b.n, b.effectiveN);
  return Math.max(fisher, t === null ? 1 : studentTPValue(t, Math.max(1, a.clusters + b.clusters - 2)));
}

/** Two-sided p-value of Student's t statistic `t` with `df` degrees of freedom: I_{df/(df+t²)}(df/2, 1/2). */
export function studentTPValue(t: number, df: number): number {
  return regularizedBeta(df / (df + t * t), df / 2, 0.5);
}

/**
 * The regularised incomplete beta function I_x(a, b), by its continued fraction (modified Lentz),
 * taken on the side of x where it converges fast (Numerical Recipes §6.4).
 */
function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (front * betaContinuedFraction(x, a, b)) / a : 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  const guard = (v: number) => (Math.abs(v) < tiny ? tiny : v);
  let c = 1;
  let d = 1 / guard(1 - ((a + b) * x) / (a + 1));
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const even = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
    d = 1 / guard(1 + even * d);
    c = guard(1 + even / c);
    h *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 / guard(1 + odd * d);
    c = guard(1 + odd / c);
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-12) break;
  }
  return h;
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, 9 terms: about 15 significant digits). */
function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const t = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i]! / (t + i);
  const base = t + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (t + 0.5) * Math.log(base) - base + Math.log(sum);
}

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
  9.9843695780195716e-6, 1.5056327351493116e-7,
];

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
