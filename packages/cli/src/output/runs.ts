/** Runs and the report: progress lines, details, the figures per name and their changes. */
import type { BrandMetrics, RateChange, Reanalysis, Report, Run, ValueChange } from '@brandradar/client';
import { answerPlan, interval, money, percent, plural, table } from './text';

/** A tracker's runs, newest first, one line each: what `runs show` and `runs wait` take. */
export function runTable(runs: Run[]): string {
  if (runs.length === 0) return 'No runs yet.\n';
  return table(
    ['ID', 'CREATED', 'TRIGGER', 'STATUS', 'ANSWERS', 'BILLED'],
    runs.map((run) => [run.id, run.createdAt, run.trigger, run.status, `${run.summary.succeeded}/${run.summary.answers}`, money(run.billedCostMicro)]),
  );
}

/** Answers a run has so far (succeeded or failed) out of those planned. */
function answersDone(run: Run): number {
  return run.results.reduce((n, r) => n + r.answers.length, 0);
}

/** One line on where a run is: `RUNNING 4/9 answers (3 succeeded, 1 failed)`; a finished run adds what it billed. */
export function runProgressLine(run: Run): string {
  const done = answersDone(run);
  const succeeded = run.results.reduce((n, r) => n + r.answers.filter((a) => a.status === 'succeeded').length, 0);
  const head = `run ${run.id} ${run.status} ${done}/${run.summary.answers} answers (${succeeded} succeeded, ${done - succeeded} failed)`;
  if (run.status === 'QUEUED' || run.status === 'RUNNING') return head;
  return `${head}, billed ${money(run.billedCostMicro)}${run.error ? `: ${run.error.code}: ${run.error.message}` : ''}`;
}

/** What a run asks for: `27 answers (3 prompts × 3 surfaces × 2–5 samples, adaptive)`; planned while it is going, asked once finished. */
function runAnswers(run: Run): string {
  const plan = answerPlan({ prompts: run.results.length, surfaces: run.models.length, samplesPerPrompt: run.samplesPerPrompt, samplingMode: run.samplingMode });
  return `${plural(run.summary.answers, 'answer')} (${plan})`;
}

/** Up to 2 decimals, without trailing zeros: a place such as 2 or 2.5. */
const place = (v: number) => String(+v.toFixed(2));

/** `stable in 27 of 30 cells, 90.0% (74.4%–97.9%)`: the cells whose samples all agree on whether the name is mentioned. */
function stabilityText(s: NonNullable<BrandMetrics['stability']>): string {
  return `stable in ${s.agreeing} of ${plural(s.cells, 'cell')}, ${percent(s.rate)} (${interval(s.interval)})`;
}

/** `2 (1–3.5)`: the median place, then the 25th and 75th percentiles. */
function quartilesText(q: NonNullable<BrandMetrics['positionQuartiles']>): string {
  return `${place(q.median)} (${place(q.p25)}–${place(q.p75)})`;
}

/**
 * A rankings or compare run per tracked name: the mention rate with its 95% interval and sample,
 * and, where the run has them, the stability of the mention across a cell's samples and the
 * quartiles of the name's place. Null for other primitives and runs without metrics.
 */
export function nameTable(run: Run): string | null {
  const m = run.metrics;
  if (!m || (m.primitive !== 'rankings' && m.primitive !== 'compare')) return null;
  // Runs with one sample per cell have no stability; runs analysed before samples existed have neither.
  const stable = m.brands.some((b) => b.stability);
  const placed = m.brands.some((b) => b.positionQuartiles);
  const rows = m.brands.map((b) => {
    const rate = b.mentionRate;
    const cells = rate.clusters !== undefined && rate.clusters !== rate.n ? ` in ${plural(rate.clusters, 'cell')}` : '';
    return [
      b.name,
      percent(rate.value),
      interval(rate.interval),
      `${plural(rate.n, 'answer')}${cells}`,
      ...(stable ? [b.stability ? stabilityText(b.stability) : '–'] : []),
      ...(placed ? [b.positionQuartiles ? quartilesText(b.positionQuartiles) : '–'] : []),
    ];
  });
  const header = ['NAME', 'MENTION RATE', '95% INTERVAL', 'SAMPLE', ...(stable ? ['STABILITY'] : []), ...(placed ? ['POSITION MEDIAN (P25–P75)'] : [])];
  const notes = [
    ...(run.samplesPerPrompt > 1 ? ['Intervals allow for the samples of one prompt on one surface (a cell) agreeing more than independent answers would.'] : []),
    ...(stable ? ['Stability: of the cells with at least 2 answers, those whose answers all agree on whether the name is mentioned.'] : []),
  ];
  return table(header, rows) + notes.map((n) => `${n}\n`).join('');
}

/** One run: where it is, what it asks for, the rules its figures were computed with, and its figures per tracked name when it has them. */
export function runDetails(run: Run): string {
  const names = nameTable(run);
  const version = run.metrics ? `analysis version ${run.analysisVersion}\n` : '';
  return `${runProgressLine(run)}\n${runAnswers(run)}\n${version}${names ? `\n${names}` : ''}`;
}

/** The headline figure of a run per name: mention rate (rankings, compare), share of citations (citations), net sentiment (sentiment). */
function headline(run: Run): { label: string; values: [string, string][] } | null {
  const m = run.metrics;
  if (!m) return null;
  if (m.primitive === 'citations') return { label: 'citation share', values: m.domains.slice(0, 5).map((d) => [d.domain, percent(d.share.value)]) };
  if (m.primitive === 'sentiment') {
    const net = m.netSentiment.value;
    return { label: 'net sentiment', values: [[m.brand, net === null ? '–' : net.toFixed(2)]] };
  }
  return { label: 'mention rate', values: m.brands.map((b) => [b.name, percent(b.mentionRate.value)]) };
}

/**
 * Said under a report's title when its runs were analysed with different rules (api-contract §11):
 * no delta compares them, which a reader would otherwise take for "no change".
 */
export function mixedVersionsNote(report: Pick<Report, 'tracker' | 'analysisVersions'>): string {
  if (report.analysisVersions.length < 2) return '';
  return (
    `This report mixes analysis versions (${report.analysisVersions.join(', ')}): changes are only computed between runs of one version.\n` +
    `Recompute history to compare them all: brandradar trackers reanalyze ${report.tracker.id}\n`
  );
}

/**
 * A change of a rate as the report shows it: `+12.5 pp` (percentage points), `*` when significant
 * (p < 0.05); `n<10` when a run had too few answers to compare; `–` when a run lacks the figure.
 */
export function rateChangeText(c: RateChange, minimumAnswers: number): string {
  if (c.insufficientSample) return `n<${minimumAnswers}`;
  if (c.change === null) return '–';
  return `${c.change > 0 ? '+' : ''}${c.change.toFixed(1)} pp${c.significant ? '*' : ''}`;
}

/** A change of an average or of net sentiment, in its own unit (no significance test): `+0.12`, `n<10`, `–`. */
export function valueChangeText(c: ValueChange, minimumAnswers: number): string {
  if (c.insufficientSample) return `n<${minimumAnswers}`;
  if (c.change === null) return '–';
  return `${c.change > 0 ? '+' : ''}${c.change.toFixed(2)}`;
}

/**
 * The change since the run compared with of the figure `headline` shows, name by name: mention rate
 * (rankings, compare), share of citations of the same domains (citations), net sentiment
 * (sentiment). Null for a run without a delta.
 */
export function headlineChanges(run: Run): string | null {
  const d = run.delta;
  if (!d) return null;
  switch (d.primitive) {
    case 'rankings':
    case 'compare':
      return d.brands.map((b) => `${b.name} ${rateChangeText(b.mentionRate, d.minimumAnswers)}`).join(', ');
    case 'citations': {
      const shown = headline(run)?.values.map(([domain]) => domain) ?? [];
      return shown.map((domain) => {
        const change = d.domains.find((x) => x.domain === domain)?.share;
        return `${domain} ${change ? rateChangeText(change, d.minimumAnswers) : '–'}`;
      }).join(', ');
    }
    case 'sentiment':
      return valueChangeText(d.netSentiment, d.minimumAnswers);
  }
}

/** What the CHANGE column counts in, for the headline's figure. */
const changeNote = (primitive: Run['primitive']) =>
  primitive === 'sentiment'
    ? 'Change: since the run before, in net sentiment (−1 to 1; not tested for significance), n<10 too few answers in a run to tell.\n'
    : 'Change: since the run before, in percentage points; * significant (p < 0.05), n<10 too few answers in a run to tell.\n';

/** The report as a table: one row per run, newest first, with its headline figure per name (and its analysis version when they differ). */
export function reportTable(report: Report): string {
  const { tracker, runs } = report;
  const title = `${tracker.name} (${tracker.id}) · ${tracker.primitive} · ${tracker.status}\n`;
  if (runs.length === 0) return `${title}No runs yet.\n`;
  const mixed = mixedVersionsNote(report);
  const label = runs.map(headline).find((h) => h !== null)?.label;
  // A column of changes only when a run has them: the first run and other primitives have none.
  const changed = runs.some((run) => headlineChanges(run) !== null);
  const rows = runs.map((run) => {
    const h = headline(run);
    return [
      run.createdAt,
      run.trigger,
      run.status,
      `${run.summary.succeeded}/${run.summary.answers}`,
      money(run.billedCostMicro),
      ...(mixed ? [run.analysisVersion] : []),
      h ? h.values.map(([k, v]) => `${k} ${v}`).join(', ') : '–',
      ...(changed ? [headlineChanges(run) ?? '–'] : []),
    ];
  });
  const header = ['CREATED', 'TRIGGER', 'STATUS', 'ANSWERS', 'BILLED', ...(mixed ? ['ANALYSIS'] : []), (label ?? 'metrics').toUpperCase(), ...(changed ? ['CHANGE'] : [])];
  const runsTable = table(header, rows) + (changed ? changeNote(tracker.primitive) : '');
  const latest = runs.map((run) => ({ run, names: nameTable(run) })).find((r) => r.names !== null);
  return `${title}${mixed ? `\n${mixed}` : ''}\n${runsTable}${latest ? `\nThe latest measured run (${latest.run.createdAt}), ${runAnswers(latest.run)}:\n${latest.names}` : ''}`;
}

/** One line on where a reanalysis is: `reanalysis <id> RUNNING 3/10 runs recomputed`; a finished one adds its version, or why it failed. */
export function reanalysisLine(job: Reanalysis): string {
  const head = `reanalysis ${job.id} ${job.status} ${job.runs.done}/${job.runs.total} runs recomputed`;
  if (job.status === 'COMPLETED') return `${head} with analysis version ${job.analysisVersion}`;
  return job.error ? `${head}: ${job.error.code}: ${job.error.message}` : head;
}
