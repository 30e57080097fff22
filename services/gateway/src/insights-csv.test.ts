import { parse } from 'csv-parse/sync';
import type { Insights } from '@brandradar/contracts';
import { INSIGHTS_CSV_COLUMNS, insightsCsv, insightsCsvRows } from './insights-csv';

const share = (answers: number, n: number) => ({ answers, n, rate: answers / n, clusters: 6, interval: { low: 0.1, high: 0.5 } });
const HOSTILE = ['=HYPERLINK("http://x","y")', '-2 crm', 'monday.com vs "hubspot", cheaper', '__proto__', '🚀 best crm', `line\r\nbreak ${'a'.repeat(200)}`];
const insights: Pick<Insights, 'discoveredNames' | 'searches' | 'consultedNotCited'> = {
  discoveredNames: [{ name: 'Zoho CRM', ...share(3, 9), surfaces: ['chatgpt', 'gemini'], bySurface: {}, examples: [] }],
  searches: [
    { query: 'best crm 2026', ...share(12, 40), surfaces: ['chatgpt', 'gemini'] },
    ...HOSTILE.map((query) => ({ query, ...share(1, 40), surfaces: ['claude' as const] })),
  ],
  consultedNotCited: [{ domain: 'reddit.com', consulted: 14, cited: 3, ...share(11, 40), interval: null }],
};

describe('insights as CSV', () => {
  it('gives a row per discovered name, search and site read but not cited, with its share, sample and interval', () => {
    const rows = insightsCsvRows(insights);
    expect(rows.map((r) => r[0])).toEqual(['discoveredNames', ...Array(7).fill('searches'), 'consultedNotCited']);
    expect(rows[0]).toEqual(['discoveredNames', 'Zoho CRM', 3, 9, 1 / 3, 6, 0.1, 0.5, 'chatgpt | gemini', null, null]);
    expect(rows[1]).toEqual(['searches', 'best crm 2026', 12, 40, 0.3, 6, 0.1, 0.5, 'chatgpt | gemini', null, null]);
    // A site's share is of the answers that read it and cited none; its interval is empty when the API has none.
    expect(rows.at(-1)).toEqual(['consultedNotCited', 'reddit.com', 11, 40, 0.275, 6, null, null, null, 14, 3]);
  });

  it('writes RFC 4180 with its header, every search as it was run, formulas neutralised', () => {
    const text = insightsCsv(insights);
    expect(text.startsWith(`${INSIGHTS_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
    const [header, ...rows]: string[][] = parse(text);
    expect(header).toEqual([...INSIGHTS_CSV_COLUMNS]);
    expect(rows.filter((r) => r[0] === 'searches').map((r) => r[1])).toEqual(['best crm 2026', `'=HYPERLINK("http://x","y")`, "'-2 crm", ...HOSTILE.slice(2)]);
    expect(rows.at(-1)).toEqual(['consultedNotCited', 'reddit.com', '11', '40', '0.275', '6', '', '', '', '14', '3']);
  });

  it('is the header alone when there is nothing to list', () => {
    expect(insightsCsv({ discoveredNames: [], searches: [], consultedNotCited: [] })).toBe(`${INSIGHTS_CSV_COLUMNS.join(',')}\r\n`);
  });
});
