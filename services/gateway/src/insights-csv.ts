import type { Insights } from '@brandradar/contracts';
import { csvText, type ReportCsvRow } from './report-csv';

/**
 * Insights as CSV (api-contract §12, §14): a row per item of the lists that carry a share of
 * answers, so a spreadsheet or a keyword tool takes the searches as they are. Columns carry the
 * JSON field names; `list` says which list a row comes from.
 */
export const INSIGHTS_CSV_COLUMNS = ['list', 'item', 'answers', 'n', 'rate', 'clusters', 'low', 'high', 'surfaces', 'consulted', 'cited'] as const;

/** Several surfaces in one cell. */
const SURFACE_SEPARATOR = ' | ';

interface ShareItem {
  answers: number;
  n: number;
  rate: number;
  clusters: number;
  interval: { low: number; high: number } | null;
}

const shareCells = (s: ShareItem): ReportCsvRow => [s.answers, s.n, s.rate, s.clusters, s.interval?.low ?? null, s.interval?.high ?? null];

/**
 * Discovered names, then searches, then sites read but not cited, each in the API's order. Citation
 * gaps are left out: they carry names and pages, not a share of answers (the JSON has them).
 */
export function insightsCsvRows(insights: Pick<Insights, 'discoveredNames' | 'searches' | 'consultedNotCited'>): ReportCsvRow[] {
  return [
    ...insights.discoveredNames.map((d): ReportCsvRow => ['discoveredNames', d.name, ...shareCells(d), d.surfaces.join(SURFACE_SEPARATOR), null, null]),
    ...insights.searches.map((s): ReportCsvRow => ['searches', s.query, ...shareCells(s), s.surfaces.join(SURFACE_SEPARATOR), null, null]),
    ...insights.consultedNotCited.map((c): ReportCsvRow => ['consultedNotCited', c.domain, ...shareCells(c), null, c.consulted, c.cited]),
  ];
}

/** The whole CSV, header first (an insights answer is small: at most 90 rows). */
export const insightsCsv = (insights: Pick<Insights, 'discoveredNames' | 'searches' | 'consultedNotCited'>): string => csvText(insightsCsvRows(insights), { header: true, columns: INSIGHTS_CSV_COLUMNS });
