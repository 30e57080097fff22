import { designEffect, fisherExactPValue, reportedPValue, round, twoProportionPValue, wilsonInterval } from './stats';

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
