import { parse } from 'csv-parse/sync';
import type { RunSummary } from '@brandradar/contracts';
import { csvText, neutraliseCell, REPORT_CSV_COLUMNS, runCsvRows } from './report-csv';

type Metrics = NonNullable<RunSummary['metrics']>;
const rate = (value: number, n: number, clusters = n) => ({ value, count: Math.round(value * n), n, clusters, effectiveN: n, interval: { low: value / 2, high: (1 + value) / 2 } });
const brand = (name: string, role: 'brand' | 'competitor' = 'competitor') => ({
  name,
  role,
  mentions: 3,
  mentionRate: rate(0.75, 4),
  averagePosition: { value: 1.5, n: 2 },
  top3Rate: rate(0.5, 4),
  shareOfVoice: rate(0.6, 5, 4),
});
const run = (metrics: Metrics | null) => ({ id: 'run-1', finishedAt: '2026-11-28T12:00:00.000Z', analysisVersion: '2026-11-28', metrics });

const HOSTILE = ['=HYPERLINK("http://x","y")', '@SUM(1)', '+1', '-2', 'monday.com', '$x', '__proto__', '🚀 Rocket', 'say "hi", then\r\nleave', '\tTab', 'a'.repeat(200)];

describe('runCsvRows', () => {
  it('gives each name’s rate, share, top-3 rate, mean place and mentions, overall then per surface', () => {
    const brands = [brand('Acme', 'brand'), brand('Globex')];
    const rows = runCsvRows(run({ primitive: 'compare', answers: 4, brands, bySurface: { chatgpt: { answers: 4, brands }, gemini: { answers: 4, brands } } }));
    expect(rows).toHaveLength(3 * 2 * 5);
    expect(rows.slice(0, 5)).toEqual([
      ['run-1', '2026-11-28T12:00:00.000Z', '2026-11-28', 'all', 'Acme', 'mentionRate', 0.75, 4, 4, 0.375, 0.875],
      ['run-1', '2026-11-28T12:00:00.000Z', '2026-11-28', 'all', 'Acme', 'shareOfVoice', 0.6, 5, 4, 0.3, 0.8],
      ['run-1', '2026-11-28T12:00:00.000Z', '2026-11-28', 'all', 'Acme', 'top3Rate', 0.5, 4, 4, 0.25, 0.75],
      ['run-1', '2026-11-28T12:00:00.000Z', '2026-11-28', 'all', 'Acme', 'averagePosition', 1.5, 2, null, null, null],
      ['run-1', '2026-11-28T12:00:00.000Z', '2026-11-28', 'all', 'Acme', 'mentions', 3, 4, null, null, null],
    ]);
    expect(rows.map((row) => row[3])).toEqual([...Array(10).fill('all'), ...Array(10).fill('chatgpt'), ...Array(10).fill('gemini')]);
  });

  it('leaves a rate of no answers empty and a legacy rate without clusters empty there', () => {
    const empty = { ...brand('Acme'), mentionRate: { value: null, count: 0, n: 0, interval: null } };
    const [first] = runCsvRows(run({ primitive: 'rankings', answers: 0, brands: [empty], bySurface: {} }));
    expect(first!.slice(6)).toEqual([null, 0, null, null, null]);
  });

  it('gives per domain its share and citations, and the tracked URL’s rates under the URL', () => {
    const group = {
      answers: 4,
      citations: 10,
      domains: [{ domain: 'monday.com', citations: 6, share: rate(0.6, 10, 4) }],
      unlistedDomains: { domains: 1, citations: 4 },
      urlCitedRate: rate(0.25, 4),
      domainCitedRate: rate(0.5, 4),
    };
    const rows = runCsvRows(run({ primitive: 'citations', url: 'https://monday.com/', ...group, bySurface: { chatgpt: group } }));
    expect(rows.filter((row) => row[3] === 'all').map((row) => [row[4], row[5], row[6], row[7]])).toEqual([
      ['monday.com', 'share', 0.6, 10],
      ['monday.com', 'citations', 6, 10],
      ['https://monday.com/', 'urlCitedRate', 0.25, 4],
      ['https://monday.com/', 'domainCitedRate', 0.5, 4],
    ]);
    const withoutUrl = runCsvRows(run({ primitive: 'citations', url: null, ...group, urlCitedRate: null, domainCitedRate: null, bySurface: {} }));
    expect(withoutUrl.map((row) => row[5])).toEqual(['share', 'citations']);
  });

  it('gives the brand’s sentiment rates, net sentiment and mentions', () => {
    const group = { answers: 4, mentions: 4, positiveRate: rate(0.25, 4), neutralRate: rate(0.25, 4), negativeRate: rate(0.5, 4), netSentiment: { value: -0.25, n: 4 } };
    const rows = runCsvRows(run({ primitive: 'sentiment', brand: '-Minus', ...group, bySurface: {} }));
    expect(rows.map((row) => [row[4], row[5], row[6]])).toEqual([
      ['-Minus', 'positiveRate', 0.25],
      ['-Minus', 'neutralRate', 0.25],
      ['-Minus', 'negativeRate', 0.5],
      ['-Minus', 'netSentiment', -0.25],
      ['-Minus', 'mentions', 4],
    ]);
  });

  it('gives no rows for a run without metrics', () => {
    expect(runCsvRows(run(null))).toEqual([]);
  });
});

describe('csvText', () => {
  it('writes RFC 4180 with the header, neutralising text that starts like a formula but not negative numbers', () => {
    const brands = HOSTILE.map((name) => brand(name));
    const rows = runCsvRows(run({ primitive: 'compare', answers: 4, brands, bySurface: {} }));
    const text = csvText([...rows, ['run-2', null, 'v', 'all', 'Acme', 'netSentiment', -0.25, 4, null, null, null]], { header: true });
    expect(text.startsWith(`${REPORT_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
    const parsed: string[][] = parse(text);
    expect(parsed[0]).toEqual([...REPORT_CSV_COLUMNS]);
    const names = [...new Set(parsed.slice(1, -1).map((row) => row[4]))];
    expect(names).toEqual([`'=HYPERLINK("http://x","y")`, "'@SUM(1)", "'+1", "'-2", 'monday.com', '$x', '__proto__', '🚀 Rocket', 'say "hi", then\r\nleave', "'\tTab", 'a'.repeat(200)]);
    expect(parsed.at(-1)).toEqual(['run-2', '', 'v', 'all', 'Acme', 'netSentiment', '-0.25', '4', '', '', '']);
  });

  it('writes no header when asked for rows only', () => {
    expect(csvText([['r', null, 'v', 'all', 'A', 'mentions', 1, 2, null, null, null]], { header: false })).toBe('r,,v,all,A,mentions,1,2,,,\r\n');
  });

  it('neutralises carriage returns and leaves numbers as they are', () => {
    expect(neutraliseCell('\rx')).toBe("'\rx");
    expect(neutraliseCell(-2)).toBe(-2);
    expect(neutraliseCell(null)).toBeNull();
  });
});
