import { describeSpot, layout, markerPath, MARGIN, moveSpot, nearestRun, nearestSeries, plotHeight, seriesStyle, stretches, type ComparisonSpec } from '../../packages/web/src/chart-layout';

// The comparison chart's geometry and navigation (packages/web/src/chart.ts), in node.
const HOSTILE = ['__proto__', 'monday.com', '$x', '🦄 Unicorn', 'x'.repeat(200), 'constructor'];
const spec: ComparisonSpec = {
  title: 'Share of voice by run',
  runs: [
    { at: '2026-11-01T10:00:00Z', label: '#1 · one' },
    { at: '2026-11-08T10:00:00Z', label: '#2 · two' },
    { at: '2026-11-29T10:00:00Z', label: '#3 · three' },
  ],
  series: HOSTILE.slice(0, 2).map((name, s) => ({
    name,
    values: [0, 1, 2].map((i) => (s === 1 && i === 1 ? null : { value: 0.1 * (i + s), low: 0.05, high: 0.5, sample: `n = ${10 + i} mentions` })),
  })),
  domain: [0, 1],
  ticks: [0, 0.5, 1],
  format: (v) => `${Math.round(v * 100)}%`,
};

describe('layout', () => {
  it('places runs by time across the plot at its real pixel width, and values from the bottom up', () => {
    const { x, y } = layout(spec.runs, spec.domain, 375, 220);
    expect(x[0]).toBe(MARGIN.left);
    expect(x[2]).toBe(375 - MARGIN.right);
    expect(x[1]).toBeCloseTo(MARGIN.left + ((375 - MARGIN.left - MARGIN.right) * 7) / 28);
    expect(y(0)).toBe(220 - MARGIN.bottom);
    expect(y(1)).toBe(MARGIN.top);
  });

  it('is lower on a phone', () => {
    expect(plotHeight(375)).toBeLessThan(plotHeight(1000));
  });

  it('breaks a line where a run has no value', () => {
    const has = [true, true, false, true, false, false, true, true, true];
    expect(stretches(has.length, (i) => has[i]!)).toEqual([[0, 1], [3], [6, 7, 8]]);
    expect(stretches(3, () => false)).toEqual([]);
  });

  it('centres a single run', () => {
    const { x } = layout([spec.runs[0]!], [0, 1], 640, 260);
    expect(x[0]).toBe(MARGIN.left + (640 - MARGIN.left - MARGIN.right) / 2);
  });
});

describe('the nearest point', () => {
  it('is the run nearest by x, then the name nearest by y among those with a value', () => {
    expect(nearestRun([50, 100, 300], 0)).toBe(0);
    expect(nearestRun([50, 100, 300], 199)).toBe(1);
    expect(nearestRun([50, 100, 300], 1000)).toBe(2);
    expect(nearestRun([50, 50, 300], 40)).toBe(0);
    expect(nearestSeries([120, null, 30], 60)).toBe(2);
    expect(nearestSeries([120, null, 30], 100)).toBe(0);
    expect(nearestSeries([null, null], 10)).toBeNull();
  });
});

describe('moveSpot', () => {
  it('moves between runs and names with the arrow keys, to the ends with Home and End, and stays inside', () => {
    const at = { run: 1, series: 0 };
    expect(moveSpot(at, 'ArrowLeft', 3, 2)).toEqual({ run: 0, series: 0 });
    expect(moveSpot(at, 'ArrowRight', 3, 2)).toEqual({ run: 2, series: 0 });
    expect(moveSpot({ run: 2, series: 0 }, 'ArrowRight', 3, 2)).toEqual({ run: 2, series: 0 });
    expect(moveSpot(at, 'ArrowDown', 3, 2)).toEqual({ run: 1, series: 1 });
    expect(moveSpot({ run: 1, series: 1 }, 'ArrowDown', 3, 2)).toEqual({ run: 1, series: 1 });
    expect(moveSpot(at, 'ArrowUp', 3, 2)).toEqual({ run: 1, series: 0 });
    expect(moveSpot(at, 'Home', 3, 2)).toEqual({ run: 0, series: 0 });
    expect(moveSpot(at, 'End', 3, 2)).toEqual({ run: 2, series: 0 });
    expect(moveSpot(at, 'Tab', 3, 2)).toBeNull();
  });
});

describe('what a point says', () => {
  it('names the name, the run, the value, the interval and the sample, for any name', () => {
    expect(describeSpot(spec, { run: 0, series: 0 })).toBe('__proto__, run #1 · one: 0%, 95% interval 5%–50%, n = 10 mentions.');
    expect(describeSpot(spec, { run: 1, series: 1 })).toBe('monday.com, run #2 · two: no value.');
  });
});

describe('series styles', () => {
  it('differ in colour, dash and marker for the six charted names', () => {
    const styles = HOSTILE.map((_, i) => seriesStyle(i));
    for (const key of ['colour', 'dash', 'shape'] as const) expect(new Set(styles.map((s) => s[key])).size).toBe(6);
    for (const s of styles) expect(markerPath(s.shape, 10, 10, 4)).toMatch(/^M[-\d.,a-zA-Z ]+$/);
  });
});
