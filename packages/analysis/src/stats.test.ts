import { clusteredTwoProportionPValue, designEffect, fisherExactPValue, newcombeInterval, quantile, reportedPValue, round, studentTPValue, twoProportionPValue, wilsonInterval } from './stats';

describe('wilsonInterval', () => {
  // Reference values: the closed form at z = 1.959964, as given by R's prop.test(correct = FALSE).
  it.each<[count: number, n: number, low: number, high: number]>([
    [9, 12, 0.4676, 0.9111], // exact 0.467695, 0.911058
    [0, 10, 0, 0.2776], // exact 0, 0.277533
    [10, 10, 0.7224, 1], // exact 0.722467, 1
    [5, 10, 0.2365, 0.7635], // exact 0.236590, 0.763410
    [1, 100, 0.0017, 0.0545], // exact 0.001767, 0.054489
  ])('%i of %i → [%f, %f], rounded outward', (count, n, low, high) => {
    expect(wilsonInterval(count, n)).toEqual({ low, high });
  });

  it('is null without a sample', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });

  it('accepts a fractional (effective) sample size', () => {
    const i = wilsonInterval(2.5, 5)!;
    expect(i.low).toBeLessThan(0.5);
    expect(i.high).toBeGreaterThan(0.5);
    expect(i.high - 0.5).toBeCloseTo(0.5 - i.low, 3);
  });
});

describe('newcombeInterval', () => {
  it("gives Newcombe's own example: 56/70 − 48/80 → [0.0524, 0.3339] (Statistics in Medicine 1998, 17:873, method 10)", () => {
    const i = newcombeInterval(56 / 70, wilsonInterval(56, 70)!, 48 / 80, wilsonInterval(48, 80)!);
    expect(i.low).toBeCloseTo(0.0524, 3);
    expect(i.high).toBeCloseTo(0.3339, 3);
  });

  it('stays within −1 and 1 at the extremes, and is the mirror image when the runs swap', () => {
    const none = wilsonInterval(0, 10)!;
    const all = wilsonInterval(10, 10)!;
    const up = newcombeInterval(1, all, 0, none);
    expect(up.low).toBeGreaterThan(0);
    expect(up.high).toBeLessThanOrEqual(1);
    const down = newcombeInterval(0, none, 1, all);
    expect(down.low).toBeCloseTo(-up.high, 10);
    expect(down.high).toBeCloseTo(-up.low, 10);
  });
});

describe('reportedPValue', () => {
  it('gives 4 decimals, and a p-value below 0.0001 in two significant digits rather than 0', () => {
    expect(reportedPValue(0.027234)).toBe(0.0272);
    expect(reportedPValue(1)).toBe(1);
    expect(reportedPValue(0.000123)).toBe(0.0001);
    const tiny = fisherExactPValue(0, 100, 100, 100);
    expect(tiny).toBeGreaterThan(0);
    expect(reportedPValue(tiny)).toBe(Number(tiny.toPrecision(2)));
    expect(reportedPValue(tiny)).toBeGreaterThan(0);
  });
});

describe('round', () => {
  it('rounds half away from zero without binary noise', () => {
    expect(round(0.1 + 0.2, 4)).toBe(0.3);
    expect(round(1.005, 2)).toBe(1.01);
    expect(round(-1.005, 2)).toBe(-1.01);
    expect(round(-0.00001, 4)).toBe(0);
    expect(Object.is(round(-0.00001, 4), -0)).toBe(false);
  });
});

describe('fisherExactPValue', () => {
  // Reference values: the same definition as R's fisher.test, summed in exact rational arithmetic.
  it.each<[a: number, n1: number, b: number, n2: number, p: number]>([
    [9, 12, 4, 12, 0.09953272],
    [10, 10, 5, 10, 0.03250774],
    [3, 10, 0, 10, 0.21052632],
    [0, 10, 0, 10, 1],
    [7, 10, 7, 10, 1],
    [1, 9, 8, 10, 0.00547749],
  ])('%i/%i vs %i/%i → %f', (a, n1, b, n2, p) => {
    expect(fisherExactPValue(a, n1, b, n2)).toBeCloseTo(p, 7);
  });

  it('is symmetric in the two groups', () => {
    expect(fisherExactPValue(3, 15, 9, 12)).toBeCloseTo(fisherExactPValue(9, 12, 3, 15), 12);
  });
});

describe('twoProportionPValue', () => {
  it('matches the pooled z-test', () => {
    // p1 = 0.6, p2 = 0.4, n = 100 each: pooled 0.5, z = 0.2 / √(0.25 · 0.02) = 2.8284, p = 0.004678.
    expect(twoProportionPValue(0.6, 100, 0.4, 100)).toBeCloseTo(0.004678, 5);
  });

  it('is 1 for equal proportions and when both are 0', () => {
    expect(twoProportionPValue(0.3, 50, 0.3, 80)).toBeCloseTo(1, 6);
    expect(twoProportionPValue(0, 50, 0, 80)).toBe(1);
  });

  it('grows with smaller effective samples', () => {
    expect(twoProportionPValue(0.6, 25, 0.4, 25)).toBeGreaterThan(twoProportionPValue(0.6, 100, 0.4, 100));
  });
});

describe('designEffect', () => {
  it('is 1 when each cluster has one unit (independent observations)', () => {
    expect(designEffect([1, 0, 1, 0], [1, 1, 1, 1])).toBe(1);
  });

  it('is exactly 1, not 1 plus rounding, for clusters of one unit', () => {
    // Computed plainly these give 1.0000000000000002 and 1.0000000000000007.
    expect(designEffect([1, 0, 0, 0, 0], [1, 1, 1, 1, 1])).toBe(1);
    expect(designEffect([1, 0, 0, 0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1, 1, 1, 1])).toBe(1);
  });

  it('exceeds 1 when units within a cluster agree', () => {
    // Each answer cites the domain either for all or for none of its 5 citations.
    const deff = designEffect([5, 0, 5, 0, 5, 0], [5, 5, 5, 5, 5, 5]);
    // Σ residual² = 6 · 2.5², variance 37.5 / (6 · 5) / 5² = 0.05; independent 0.25 / (30 − 1): deff = 5.8.
    expect(deff).toBeCloseTo(5.8, 10);
  });

  it('is never below 1', () => {
    // Every answer names exactly one of two brands per answer of two: perfectly balanced.
    expect(designEffect([1, 1, 1, 1], [2, 2, 2, 2])).toBe(1);
  });

  it('is 1 when it cannot be estimated', () => {
    expect(designEffect([3], [5])).toBe(1);
    expect(designEffect([0, 0], [3, 4])).toBe(1);
    expect(designEffect([3, 4], [3, 4])).toBe(1);
    expect(designEffect([], [])).toBe(1);
  });
});

describe('quantile (type 7: linear between order statistics)', () => {
  it.each<[values: number[], q: number, expected: number]>([
    [[1, 2, 4, 5], 0.5, 3],
    [[1, 2, 4, 5], 0.25, 1.75], // h = 0.75: 1 + 0.75 · (2 − 1)
    [[1, 2, 4, 5], 0.75, 4.25],
    [[1, 1, 1, 1, 1, 1, 3, 3, 3], 0.75, 3], // h = 6 exactly
    [[2], 0.25, 2],
    [[1, 3], 1, 3],
    [[1, 3], 0, 1],
  ])('%j at %f → %f', (values, q, expected) => {
    expect(quantile(values, q)).toBeCloseTo(expected, 12);
  });
});

describe('studentTPValue', () => {
  it.each<[t: number, df: number, p: number]>([
    [0.3, 1, 1 - (2 * Math.atan(0.3)) / Math.PI], // Cauchy, closed form
    [1.7, 2, 1 - 1.7 / Math.sqrt(2 + 1.7 * 1.7)], // closed form at 2 degrees of freedom
    [2, 10, 0.07338803], // R: 2 * pt(-2, 10)
    [2.228139, 10, 0.05], // qt(0.975, 10)
    [12.706205, 1, 0.05],
    [1.959964, 1e7, 0.05], // the normal limit
  ])('t = %f, %f degrees of freedom → %f', (t, df, p) => {
    expect(studentTPValue(t, df)).toBeCloseTo(p, 7);
  });

  it('is 1 at t = 0', () => {
    expect(studentTPValue(0, 5)).toBe(1);
  });
});

describe('clusteredTwoProportionPValue', () => {
  const fisher = (a: number, n1: number, b: number, n2: number) => fisherExactPValue(a, n1, b, n2);

  it('with no design effect and many cells: Fisher’s exact test on the counts, unless the t-test is larger', () => {
    const p = clusteredTwoProportionPValue({ count: 60, n: 90, effectiveN: 90, clusters: 90 }, { count: 45, n: 90, effectiveN: 90, clusters: 90 });
    expect(p).toBeGreaterThanOrEqual(fisher(60, 90, 45, 90));
    expect(p).toBeCloseTo(Math.max(fisher(60, 90, 45, 90), studentTPValue(2.2678, 178)), 3);
  });

  it('with a design effect of 2: Fisher’s test on half the counts', () => {
    const p = clusteredTwoProportionPValue({ count: 180, n: 270, effectiveN: 135, clusters: 90 }, { count: 135, n: 270, effectiveN: 135, clusters: 90 });
    expect(p).toBeCloseTo(fisher(90, 135, 68, 135), 10); // 67.5 rounds half up
    expect(p).toBeGreaterThan(fisher(180, 270, 135, 270));
  });

  it('with few cells, the t reference is the larger', () => {
    const a = { count: 9, n: 12, effectiveN: 10, clusters: 2 };
    const b = { count: 3, n: 12, effectiveN: 10, clusters: 2 };
    expect(clusteredTwoProportionPValue(a, b)).toBeGreaterThan(fisher(8, 10, 3, 10));
    expect(clusteredTwoProportionPValue(a, b)).toBeGreaterThan(0.1);
  });

  it('is 1 when both proportions are 0', () => {
    expect(clusteredTwoProportionPValue({ count: 0, n: 30, effectiveN: 20, clusters: 10 }, { count: 0, n: 30, effectiveN: 20, clusters: 10 })).toBe(1);
  });
});
