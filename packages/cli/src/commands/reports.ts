/** What the runs found: the overview of every tracker, one tracker's report, and its insights. */
import { writeFile } from 'node:fs/promises';
import type { CompetitorAdded } from '@brandradar/client';
import { competitorAddedText, insightsText, overviewTable, reportTable } from '../output';
import type { CommandSpec } from '../command';
import { UsageError } from '../exit';
import { booleanOption, CSV_OPTION, exclusive, int, JSON_OPTION, limitOf, LIST_DETAILS, LIST_OPTIONS, listQuery, reply, replyPage, say, str, stringOption } from '../options';
import { followReanalysis } from '../waiting';

/** `insights add --json`: the client's result, with a refused activation's error as the API stated it. */
function addedJson(added: CompetitorAdded): unknown {
  const r = added.reactivation;
  if (r.outcome !== 'refused') return added;
  const { status, code, message, details } = r.error;
  return { ...added, reactivation: { outcome: r.outcome, error: { status, code, message, ...details } } };
}

const INSIGHTS_ADD: CommandSpec = {
  name: 'add',
  summary: 'Add a discovered name to the competitors, then recompute the history',
  usage: '<tracker-id> <name> [--no-reanalyze] [--json]',
  args: ['tracker-id', 'name'],
  options: [...JSON_OPTION, booleanOption('no-reanalyze')],
  details: [
    'One step: the tracker\'s definition is replaced with <name> appended to its competitors',
    '(rankings and compare trackers only), which makes it a DRAFT; an ACTIVE tracker is',
    'activated again at the cost per run already accepted (when its estimate has changed',
    'since, it stays a DRAFT and the new estimate is printed). Then its finished runs are',
    'recomputed with the new name, free, as `trackers reanalyze` does.',
    '--no-reanalyze  leave the earlier runs as they are',
  ],
  async run({ io, values, args, client }) {
    const [id, name] = [args[0]!, args[1]!];
    // Made here rather than by the client, so that the text can say how to follow the job.
    const requestToken = crypto.randomUUID();
    const added = await client().addCompetitor(id, name, { reanalyse: !values['no-reanalyze'], requestToken });
    return reply(io, values, addedJson(added), () => competitorAddedText(added, name) + (added.reanalysis ? `Follow it: ${followReanalysis(id, requestToken)}\n` : ''));
  },
};

export const REPORT_COMMANDS: CommandSpec[] = [
  {
    name: 'overview',
    summary: 'Every tracker with its headline figure, its change and its trend',
    usage: '[--status draft|active|paused] [--limit N] [--cursor C] [-q] [--json]',
    args: [],
    options: LIST_OPTIONS,
    details: [
      'The headline: compare, the brand\'s share of voice; rankings, the share of voice of the name',
      'leading the newest run; sentiment, the share of answers mentioning the brand that read',
      'positive; citations, the rate of answers citing the URL (without one: the share of the most',
      'cited domain). With its 95% interval and sample; the change is the newest run\'s. Free.',
      ...LIST_DETAILS,
    ],
    async run({ io, values, client }) {
      const page = await client().overview(listQuery(values));
      return replyPage(io, values, page, page.trackers.map((t) => t.tracker.id), () => overviewTable(page));
    },
  },
  {
    name: 'report',
    summary: "A tracker's latest runs with their headline figures",
    usage: '<tracker-id> [--limit N] [--json | --csv | --pdf [--out FILE]]',
    args: ['tracker-id'],
    options: [...JSON_OPTION, ...CSV_OPTION, booleanOption('pdf'), stringOption('out'), stringOption('limit')],
    details: [
      'The newest 20 runs (--limit N, 1–100).',
      '--csv        every figure as CSV, one row per run × surface × name × metric (see docs/api.md "CSV export")',
      '--pdf        the report as a PDF to forward (headline figures, chart, by surface, top insights,',
      '             method), written to report-<tracker-id>.pdf or --out FILE; prints the file\'s path',
    ],
    async run({ io, values, args, client }) {
      const query = limitOf(values);
      for (const [a, b] of [['csv', 'json'], ['pdf', 'json'], ['pdf', 'csv']] as const) exclusive(values, a, b);
      if (values.out !== undefined && !values.pdf) throw new UsageError('--out goes with --pdf');
      if (values.pdf) {
        const file = str(values, 'out') ?? `report-${args[0]!}.pdf`;
        await writeFile(file, await client().reportPdf(args[0]!, query));
        return say(io, `${file}\n`);
      }
      if (values.csv) return say(io, await client().reportCsv(args[0]!, query));
      const report = await client().report(args[0]!, query);
      return reply(io, values, report, () => reportTable(report));
    },
  },
  {
    name: 'insights',
    summary: 'Names the answers put forward that a tracker does not track, citation gaps, searches and sites read',
    usage: '<tracker-id> [--runs N] [--json | --csv]',
    args: ['tracker-id'],
    options: [...JSON_OPTION, ...CSV_OPTION, stringOption('runs')],
    details: [
      'Discovered names: names the answers put forward (list items, headings, bold names, first',
      'table cells) that the tracker does not track, with how many answers do (rate and its 95%',
      'interval), the surfaces, and the line of one answer with the name marked »like this«.',
      'Citation gaps (compare and sentiment): domains cited in answers that mention a competitor',
      'but not the brand. Searches: what the surfaces searched for the prompts; sites read but not',
      'cited (ChatGPT, Claude and Gemini report both). Free.',
      '--runs N  read the newest N finished runs, 1–10 (default 1)',
      '--csv     names, searches and sites read as CSV, a row each (see docs/api.md "CSV export")',
      'Track a discovered name: brandradar insights add <tracker-id> <name>',
    ],
    subcommands: [INSIGHTS_ADD],
    async run({ io, values, args, client }) {
      const runs = int(values, 'runs');
      const query = runs === undefined ? {} : { runs };
      exclusive(values, 'csv', 'json');
      if (values.csv) return say(io, await client().getInsightsCsv(args[0]!, query));
      const insights = await client().getInsights(args[0]!, query);
      return reply(io, values, { insights }, () => insightsText(insights));
    },
  },
];
