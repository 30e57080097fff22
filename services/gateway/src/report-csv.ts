import { stringify } from 'csv-stringify/sync';
import type { RunSummary } from '@brandradar/contracts';

type RunMetrics = NonNullable<RunSummary['metrics']>;
/** One surface's metrics (or the run's overall, which has the same fields) of a primitive. */
type GroupOf<P extends RunMetrics['primitive']> = Extract<RunMetrics, { primitive: P }>['bySurface'][string];
type RankingGroup = GroupOf<'rankings' | 'compare'>;
type CitationGroup = GroupOf<'citations'>;
type SentimentGroup = GroupOf<'sentiment'>;
type NamedFigures = Array<[name: string, figures: Figure[]]>;

/**
 * The report as CSV (api-contract §13): one row per run × surface × name × metric. Metrics carry
 * the API's field names (`mentionRate`, `shareOfVoice`, …) so a column means what its JSON field does.
 */
export const REPORT_CSV_COLUMNS = ['run_id', 'finished_at', 'analysis_version', 'surface', 'name', 'metric', 'value', 'n', 'clusters', 'low', 'high'] as const;

/** The surface of a row over every surface of the run. */
const ALL_SURFACES = 'all';

/** A cell: text (neutralised before writing), a number, or empty (`null`) when the metric has no such part. */
export type CsvCell = string | number | null;
export type ReportCsvRow = CsvCell[];

/** A figure of one name: its value with what the API gives beside it. */
interface Figure {
  metric: string;
  value: number | null;
  n?: number;
  clusters?: number;
  interval?: { low: number; high: number } | null;
}

type Proportion = { value: number | null; n: number; clusters?: number; interval: { low: number; high: number } | null };
const proportion = (metric: string, { value, n, clusters, interval }: Proportion): Figure => ({ metric, value, n, clusters, interval });

/** Per brand: rates and shares with intervals, the mean list place (no interval: a mean), the mention count of `answers`. */
function rankingFigures(group: RankingGroup): NamedFigures {
  return group.brands.map((brand) => [
    brand.name,
    [
      proportion('mentionRate', brand.mentionRate),
      proportion('shareOfVoice', brand.shareOfVoice),
      proportion('top3Rate', brand.top3Rate),
      { metric: 'averagePosition', value: brand.averagePosition.value, n: brand.averagePosition.n },
      { metric: 'mentions', value: brand.mentions, n: group.answers },
    ],
  ]);
}

/** Per listed domain: its share and citation count of all citations; the tracked URL's rates named by the URL. */
function citationFigures(group: CitationGroup, url: string | null): NamedFigures {
  const domains: NamedFigures = group.domains.map((domain) => [
    domain.domain,
    [proportion('share', domain.share), { metric: 'citations', value: domain.citations, n: group.citations }],
  ]);
  const tracked = [group.urlCitedRate && proportion('urlCitedRate', group.urlCitedRate), group.domainCitedRate && proportion('domainCitedRate', group.domainCitedRate)].filter((f) => f !== null);
  return url === null || tracked.length === 0 ? domains : [...domains, [url, tracked]];
}

/** The brand's sentiment rates, net sentiment and mentions (of `answers`), named by the brand. */
function sentimentFigures(group: SentimentGroup, brand: string): NamedFigures {
  return [
    [
      brand,
      [
        proportion('positiveRate', group.positiveRate),
        proportion('neutralRate', group.neutralRate),
        proportion('negativeRate', group.negativeRate),
        { metric: 'netSentiment', value: group.netSentiment.value, n: group.netSentiment.n },
        { metric: 'mentions', value: group.mentions, n: group.answers },
      ],
    ],
  ];
}

/**
 * The rows of one run, overall (`all`) first, then each surface as the metrics list them. A run
 * without metrics (failed, still running, nothing succeeded) has none.
 */
export function runCsvRows(run: Pick<RunSummary, 'id' | 'finishedAt' | 'analysisVersion' | 'metrics'>): ReportCsvRow[] {
  const { metrics } = run;
  if (!metrics) return [];
  const groups = ((): Array<[surface: string, NamedFigures]> => {
    switch (metrics.primitive) {
      case 'rankings':
      case 'compare':
        return bySurface(metrics, rankingFigures);
      case 'citations':
        return bySurface(metrics, (group) => citationFigures(group, metrics.url));
      case 'sentiment':
        return bySurface(metrics, (group) => sentimentFigures(group, metrics.brand));
    }
  })();
  return groups.flatMap(([surface, names]) =>
    names.flatMap(([name, figures]) =>
      figures.map(({ metric, value, n, clusters, interval }) => [run.id, run.finishedAt, run.analysisVersion, surface, name, metric, value, n ?? null, clusters ?? null, interval?.low ?? null, interval?.high ?? null]),
    ),
  );
}

/** The figures of the whole run (surface `all`), then of each surface. */
function bySurface<G>(metrics: G & { bySurface: Record<string, G> }, figures: (group: G) => NamedFigures): Array<[surface: string, NamedFigures]> {
  return [[ALL_SURFACES, figures(metrics)], ...Object.entries(metrics.bySurface).map(([surface, group]): [string, NamedFigures] => [surface, figures(group)])];
}

/** OWASP's formula triggers: a spreadsheet reads a text cell starting with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell as written: text starting like a formula gets a leading `'`, which spreadsheets show as
 * text (OWASP "CSV Injection"). Numbers stay numbers, so a net sentiment of -0.25 is written
 * `-0.25`: only text can carry a formula, and every text cell goes through here.
 */
export function neutraliseCell(cell: CsvCell): string | number | null {
  return typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/**
 * Rows as RFC 4180 text (CRLF line ends, fields quoted when they hold a comma, quote or line
 * break), each cell neutralised; with the header row (`columns`, the report's unless given) first
 * when `header`. Empty cells are empty.
 */
export function csvText(rows: ReportCsvRow[], { header, columns = REPORT_CSV_COLUMNS }: { header: boolean; columns?: readonly string[] }): string {
  const lines = rows.map((row) => row.map(neutraliseCell));
  return stringify(header ? [[...columns], ...lines] : lines, { record_delimiter: 'windows' });
}
