import { compareTracker } from '../../../test/support/notifier-fixtures';
import { compareReport } from '../../../test/support/report-fixtures';
import { chartPng, chartSvg, reportChart, type ComparisonSpec } from './index';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Width and height from the IHDR chunk, the first after the signature. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

const spec = (value: number, name = 'HubSpot'): ComparisonSpec => ({
  title: 'Share of voice by run',
  runs: [
    { at: '2026-11-01T09:00:00Z', label: '#1' },
    { at: '2026-11-08T09:00:00Z', label: '#2' },
  ],
  series: [{ name, values: [{ value: 0.2, low: 0.1, high: 0.3, sample: 'n = 30 mentions' }, { value, low: null, high: null, sample: 'n = 30 mentions' }] }],
  domain: [0, 1],
  ticks: [0, 0.5, 1],
  format: (v) => `${Math.round(v * 100)}%`,
});

describe('chartPng', () => {
  it('is a PNG of the width asked for at the scale asked for, and of the SVG’s height', () => {
    const png = chartPng(spec(0.4), { width: 500, scale: 2 });
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const svgHeight = Number(/height="(\d+)"/.exec(chartSvg(spec(0.4), { width: 500 }))![1]);
    expect(pngSize(png)).toEqual({ width: 1000, height: svgHeight * 2 });
  });

  it('draws a value where it is: another value, other pixels; the same value, the same bytes', () => {
    const low = chartPng(spec(0.4), { scale: 1 });
    expect(chartPng(spec(0.4), { scale: 1 }).equals(low)).toBe(true);
    expect(chartPng(spec(0.9), { scale: 1 }).equals(low)).toBe(false);
  });

  it('draws hostile names without throwing: markup, emoji, 200 characters, control characters', () => {
    for (const name of ['</text><script>alert(1)</script>', '__proto__', '$x', 'monday.com', '🦄 Unicorn 👨‍👩‍👧', 'x'.repeat(200), 'tab\there\u0000\u001b[31m', '\ud800 lone']) {
      const svg = chartSvg(spec(0.5, name));
      expect(svg).not.toContain('<script>');
      expect(svg).not.toContain('🦄');
      expect(chartPng(spec(0.5, name), { scale: 1 }).subarray(0, 8)).toEqual(PNG_SIGNATURE);
    }
  });
});

describe('reportChart', () => {
  it('charts the headline measure of a JSON report by the web app’s mapping: share of voice per name, oldest run first', () => {
    const report = compareReport([6, 12, 18]);
    const chart = reportChart(report)!;
    expect(chart.measure.id).toBe('shareOfVoice');
    expect(chart.name).toBe('Acme');
    expect(chart.spec.series.map((s) => s.name)).toEqual(['Acme', 'HubSpot']);
    expect(chart.spec.runs.map((r) => r.at)).toEqual(['2026-11-01T09:00:00.000Z', '2026-11-08T09:00:00.000Z', '2026-11-15T09:00:00.000Z']);
    const acme = chart.spec.series[0]!.values.map((v) => v!.value);
    // Acme's mentions out of all mentions: 6 of 36, 12 of 42, 18 of 48.
    expect(acme).toEqual([6 / 36, 12 / 42, 18 / 48].map((v) => expect.closeTo(v, 4)));
    expect(chart.spec.runs[2]!.label).toBe('#3 · 15 Nov 2026, 09:00:00 · manual');
  });

  it('is null while no run has metrics', () => {
    expect(reportChart({ tracker: compareTracker(), runs: [] })).toBeNull();
  });
});
