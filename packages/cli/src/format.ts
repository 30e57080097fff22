import type { Account, ActivationResult, BrandMetrics, CitationGap, CompetitorAdded, ConsultedNotCited, ContentBriefResult, DiscoveredName, Headline, HeadlineChange, Insights, Overview, RateCard, RateChange, Reanalysis, Report, Run, SamplingMode, SearchInsight, Tracker, ValueChange, Webhook, WebhookCreated, WebhookDelivery } from '@brandradar/client';

/** Micro-units as dollars: 39,000 → `$0.39`; sub-cent amounts keep their digits ($0.00125). */
export function money(micro: number): string {
  const dollars = micro / 100_000;
  const cents = Math.round(dollars * 100) / 100;
  return cents === dollars ? `$${dollars.toFixed(2)}` : `$${dollars.toFixed(5).replace(/0+$/, '')}`;
}

/** A rate in [0, 1] as a percentage with one decimal; `–` when absent. */
export function percent(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '–' : `${(rate * 100).toFixed(1)}%`;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * How the answers of a run come about: `3 prompts × 2 surfaces × 5 samples`. An adaptive run asks
 * each cell 2 samples first and the rest only when they disagree, hence `2–5 samples`.
 */
export function answerPlan(p: { prompts: number; surfaces: number; samplesPerPrompt: number; samplingMode: SamplingMode }): string {
  const first = p.samplingMode === 'adaptive' ? Math.min(2, p.samplesPerPrompt) : p.samplesPerPrompt;
  const samples = first === p.samplesPerPrompt ? plural(p.samplesPerPrompt, 'sample') : `${first}–${p.samplesPerPrompt} samples`;
  return `${plural(p.prompts, 'prompt')} × ${plural(p.surfaces, 'surface')} × ${samples}${p.samplingMode === 'adaptive' ? ', adaptive' : ''}`;
}

/** Rows as a plain-text table: a header, a rule, left-aligned columns two spaces apart. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n') + '\n';
}

export function trackerTable(trackers: Tracker[]): string {
  if (trackers.length === 0) return 'No trackers.\n';
  return table(
    ['ID', 'NAME', 'STATUS', 'PRIMITIVE', 'PER RUN', 'NEXT RUN'],
    trackers.map((t) => [t.id, t.name, t.pauseReason ? `${t.status} (${t.pauseReason})` : t.status, t.primitive, money(t.estimatedCostMicroPerRun), t.nextRunAt ?? '–']),
  );
}

export function trackerDetails(t: Tracker): string {
  const { cadence } = t;
  const when = cadence.frequency === 'weekly' ? `weekly on day ${cadence.weekday}` : `monthly on day ${cadence.monthday}`;
  const lines: [string, string][] = [
    ['id', t.id],
    ['name', t.name],
    ['status', t.pauseReason ? `${t.status} (${t.pauseReason})` : t.status],
    ['primitive', t.primitive],
    ...(t.brand ? [['brand', t.brand] as [string, string]] : []),
    ...(t.competitors.length ? [['competitors', t.competitors.join(', ')] as [string, string]] : []),
    ...(t.url ? [['url', t.url] as [string, string]] : []),
    ['models', t.models.join(', ')],
    ['cadence', `${when} at ${cadence.time} ${cadence.timezone}`],
    ['answers per run', trackerAnswers(t)],
    ['estimate per run', `${money(t.estimatedCostMicroPerRun)}${t.samplingMode === 'adaptive' ? ' at most (adaptive runs usually bill less)' : ''}`],
    ['accepted maximum', t.maxCostMicroPerRun === null ? '–' : money(t.maxCostMicroPerRun)],
    ['alerts', t.alerts.significantChange ? 'e-mail on a significant change' : 'none'],
    ['country', t.country ?? '– (answers are not localised)'],
    ['next run', t.nextRunAt ?? '–'],
    ['last run', t.lastRunAt ?? '–'],
  ];
  return fields(lines);
}

/** `name: value` lines, the values aligned. */
function fields(lines: [string, string][]): string {
  const width = Math.max(...lines.map(([k]) => k.length));
  return lines.map(([k, v]) => `${`${k}:`.padEnd(width + 1)} ${v}`).join('\n') + '\n';
}

export function accountDetails(a: Account): string {
  return fields([
    ['id', a.id],
    ['email', a.email],
    ['name', a.name ?? '–'],
    ['status', a.status],
    ['balance', money(a.balanceMicro)],
    ['spent this month', money(a.spentThisMonthMicro)],
    ['monthly limit', a.spendLimitMicroPerMonth === null ? 'none' : money(a.spendLimitMicroPerMonth)],
    ['opened', a.createdAt],
  ]);
}

/** The rate card: the price of one answer per surface, of each content-brief step, and which card it is. */
export function rateTable(r: RateCard): string {
  const prices = (rates: Record<string, number>) => Object.entries(rates).map(([name, micro]) => [name, money(micro)]);
  return [
    `Rate card ${r.version}, effective ${r.effectiveAt}.`,
    '',
    table(['SURFACE', 'PER ANSWER'], prices(r.surfaces)),
    table(['BRIEF STEP', 'PER SUCCEEDED STEP'], prices(r.workflowSteps)),
  ].join('\n');
}

/** A tracker's runs, newest first, one line each: what `runs show` and `runs wait` take. */
export function runTable(runs: Run[]): string {
  if (runs.length === 0) return 'No runs yet.\n';
  return table(
    ['ID', 'CREATED', 'TRIGGER', 'STATUS', 'ANSWERS', 'BILLED'],
    runs.map((run) => [run.id, run.createdAt, run.trigger, run.status, `${run.summary.succeeded}/${run.summary.answers}`, money(run.billedCostMicro)]),
  );
}

/** `45 (3 prompts × 3 surfaces × 5 samples)`; adaptive: `up to 45 (…)`, the most a run asks. */
function trackerAnswers(t: Tracker): string {
  const most = t.prompts.length * t.models.length * t.samplesPerPrompt;
  const plan = answerPlan({ prompts: t.prompts.length, surfaces: t.models.length, samplesPerPrompt: t.samplesPerPrompt, samplingMode: t.samplingMode });
  return `${t.samplingMode === 'adaptive' ? 'up to ' : ''}${most} (${plan})`;
}

export function activationSummary(a: ActivationResult): string {
  return `Activated ${a.tracker.name} (${a.tracker.id}) at ${money(a.costMicroPerRun)} per run. Balance ${money(a.balanceMicro)}; ${
    a.runsDryAt ? `it runs dry at ${a.runsDryAt}` : 'it covers the next five years'
  }.\n`;
}

/** Answers a run has so far (succeeded or failed) out of those planned. */
export function answersDone(run: Run): number {
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
export function runAnswers(run: Run): string {
  const plan = answerPlan({ prompts: run.results.length, surfaces: run.models.length, samplesPerPrompt: run.samplesPerPrompt, samplingMode: run.samplingMode });
  return `${plural(run.summary.answers, 'answer')} (${plan})`;
}

/** Up to 2 decimals, without trailing zeros: a place such as 2 or 2.5. */
const place = (v: number) => String(+v.toFixed(2));
const interval = (i: { low: number; high: number } | null | undefined) => (i ? `${percent(i.low)}–${percent(i.high)}` : '–');

/** `stable in 27 of 30 cells, 90.0% (74.4%–97.9%)`: the cells whose samples all agree on whether the name is mentioned. */
export function stabilityText(s: NonNullable<BrandMetrics['stability']>): string {
  return `stable in ${s.agreeing} of ${plural(s.cells, 'cell')}, ${percent(s.rate)} (${interval(s.interval)})`;
}

/** `2 (1–3.5)`: the median place, then the 25th and 75th percentiles. */
export function quartilesText(q: NonNullable<BrandMetrics['positionQuartiles']>): string {
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
export function headline(run: Run): { label: string; values: [string, string][] } | null {
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

/**
 * Answer text on one terminal line: control characters (an answer could carry escape sequences
 * that a terminal would obey) and runs of white space become one space.
 */
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f\s]+/g, ' ');
/** At most `max` characters, with `…` where it was cut. */
const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

/** Enabled, or why not: `disabled: every delivery failed for 3 days`. */
export function webhookStatus(w: Pick<Webhook, 'status' | 'disabledReason'>): string {
  if (w.status === 'enabled') return 'enabled';
  return w.disabledReason === 'failing' ? 'disabled: every delivery failed for 3 days' : 'disabled by the account';
}

/** The account's endpoints, one a line; a URL or description is the account's text, kept to one line. */
export function webhookTable(webhooks: Webhook[]): string {
  if (webhooks.length === 0) return 'No webhooks.\n';
  return table(
    ['ID', 'URL', 'EVENTS', 'STATUS', 'CREATED'],
    webhooks.map((w) => [w.id, oneLine(w.url), w.events.join(','), webhookStatus(w), w.createdAt]),
  );
}

export function webhookDetails(w: Webhook): string {
  return fields([
    ['id', w.id],
    ['url', oneLine(w.url)],
    ['events', w.events.join(', ')],
    ['description', w.description === null ? '–' : oneLine(w.description)],
    ['status', webhookStatus(w)],
    ...(w.disabledAt ? [['disabled at', w.disabledAt] as [string, string]] : []),
    ['created', w.createdAt],
    ['updated', w.updatedAt],
  ]);
}

/** A new endpoint with its secret, which the API shows this once. */
export function webhookCreatedText({ webhook, secret }: WebhookCreated): string {
  return `${webhookDetails(webhook)}secret:      ${secret}\n\nThe secret will not be shown again: keep it where your receiver verifies signatures.\n`;
}

/** How a delivery's newest attempt went: `HTTP 500`, the error when no response came, `–` before the first. */
export function lastAttempt(d: WebhookDelivery): string {
  const last = d.attempts.at(-1);
  if (!last) return '–';
  if (last.httpStatus !== null) return `HTTP ${last.httpStatus}`;
  return last.error === null ? last.outcome : clip(oneLine(last.error), 60);
}

/** A page of an endpoint's delivery log as the API gives it, newest first. */
export function deliveryTable(deliveries: WebhookDelivery[]): string {
  if (deliveries.length === 0) return 'No deliveries yet.\n';
  return table(
    ['ID', 'TYPE', 'STATUS', 'ATTEMPTS', 'LAST', 'NEXT'],
    deliveries.map((d) => [d.id, d.type, d.status, String(d.attempts.length), lastAttempt(d), d.nextAttemptAt ?? '–']),
  );
}

/** The excerpt of a name's first example with the name marked `»like this«`: `chatgpt, "best crm": … »Zoho CRM« is …`. */
export function evidenceLine(name: DiscoveredName): string {
  const example = name.examples[0];
  if (!example) return 'no example quoted';
  const { text, start, end } = example.excerpt;
  const marked = `${oneLine(text.slice(0, start))}»${oneLine(text.slice(start, end))}«${oneLine(text.slice(end))}`;
  return `${example.model}, "${clip(oneLine(example.prompt), 60)}": ${marked.trim()}`;
}

const runsRead = (i: Insights) => (i.runs.length === 1 ? 'the newest run' : `the ${i.runs.length} newest runs`);

/** Discovered names as a table, each row followed by the line of an answer that puts the name forward. */
function discoveredTable(names: DiscoveredName[]): string {
  const [header, rule, ...rows] = table(
    ['NAME', 'ANSWERS', 'RATE (95% INTERVAL)', 'SURFACES'],
    names.map((d) => [oneLine(d.name), `${d.answers}/${d.n}`, `${percent(d.rate)} (${interval(d.interval)})`, d.surfaces.join(', ')]),
  )
    .trimEnd()
    .split('\n');
  return [header, rule, ...rows.flatMap((row, i) => [row, `  ${evidenceLine(names[i]!)}`])].join('\n') + '\n';
}

function gapsTable(gaps: CitationGap[]): string {
  return table(
    ['DOMAIN', 'ANSWERS', 'NAMES', 'FIRST URL'],
    gaps.map((g) => [g.domain, String(g.answers), g.names.map(oneLine).join(', '), oneLine(g.urls[0] ?? '–')]),
  );
}

function searchesTable(searches: SearchInsight[]): string {
  return table(
    ['SEARCH', 'ANSWERS', 'RATE (95% INTERVAL)', 'SURFACES'],
    searches.map((s) => [oneLine(s.query), `${s.answers}/${s.n}`, `${percent(s.rate)} (${interval(s.interval)})`, s.surfaces.join(', ')]),
  );
}

function consultedTable(domains: ConsultedNotCited[]): string {
  return table(
    ['DOMAIN', 'READ', 'CITED', 'READ, NOT CITED (95% INTERVAL)'],
    domains.map((d) => [d.domain, String(d.consulted), String(d.cited), `${d.answers}/${d.n} ${percent(d.rate)} (${interval(d.interval)})`]),
  );
}

/**
 * A tracker's insights: the names its answers put forward that it does not track, each with its
 * evidence; the sources cited where a competitor is mentioned but not the brand (compare and
 * sentiment); what the surfaces searched, and the sites they read but did not cite; and the API's
 * note on cause.
 */
export function insightsText(i: Insights): string {
  if (i.runs.length === 0) return `No finished run yet: insights read a tracker's COMPLETED and PARTIAL runs.\n${i.note}\n`;
  const out = [`Insights from ${runsRead(i)} (${plural(i.answers, 'answer')}).`, '', 'Names the answers put forward that the tracker does not track:'];
  out.push(i.discoveredNames.length ? discoveredTable(i.discoveredNames) : 'none.\n');
  if (i.citationGaps !== null) {
    out.push(`Sources cited by answers that mention a competitor but not the brand (${plural(i.gapAnswers ?? 0, 'such answer')}):`);
    out.push(i.citationGaps.length ? gapsTable(i.citationGaps) : 'none.\n');
  }
  out.push('Searches the surfaces ran for your prompts (ChatGPT, Claude and Gemini report theirs):');
  out.push(i.searches.length ? searchesTable(i.searches) : 'none reported.\n');
  out.push('Pages the surfaces read for your prompts and then did not cite:');
  out.push(i.consultedNotCited.length ? consultedTable(i.consultedNotCited) : 'none.\n');
  out.push(i.note, '');
  return out.join('\n');
}

/** What became of the tracker's schedule after `insights add`, with the command to activate it when it is a DRAFT. */
function reactivationLine({ tracker, reactivation: r }: CompetitorAdded): string {
  const activate = `Activate it: brandradar trackers activate ${tracker.id}`;
  switch (r.outcome) {
    case 'reactivated':
      return `It is ACTIVE again at ${money(r.activation.costMicroPerRun)} per run.`;
    case 'estimate_changed':
      return `It is a DRAFT: its estimate is now ${money(r.estimatedCostMicroPerRun)} per run, not the ${money(r.acceptedMicroPerRun)} accepted (rates changed). ${activate}`;
    case 'refused':
      return `It is a DRAFT: activating it again was refused: ${r.error.code}: ${r.error.message} ${activate}`;
    case 'not_active':
      return `It is a DRAFT, as every edited tracker is. ${activate}`;
  }
}

/** What `insights add` did: the name added, whether the tracker is active again, and the reanalysis asked for. */
export function competitorAddedText(added: CompetitorAdded, name: string): string {
  const { tracker, reanalysis } = added;
  return [`Added ${name} to the competitors of ${tracker.name} (${tracker.id}).`, reactivationLine(added), ...(reanalysis ? [reanalysisLine(reanalysis)] : [])].join('\n') + '\n';
}

const escapeCell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

/** The content brief as Markdown: summary, the prompt to draft with, then what each step found. */
export function briefMarkdown(brief: ContentBriefResult): string {
  const out: string[] = [`# Content brief: ${brief.input.topic}`, '', brief.summary, '', '## Prompt to draft the article', '', '```text', brief.suggestedPrompt, '```', ''];
  for (const step of brief.results) {
    out.push(`## ${step.endpoint}`, '', `_${step.why}_`, '');
    if (!step.ok) {
      out.push(`Not available: ${step.data.error.message} (\`${step.data.error.code}\`)`, '');
      continue;
    }
    switch (step.endpoint) {
      case '/v1/ai/answers':
        for (const a of step.data.answers) out.push(`- **${a.surface}**: ${a.status === 'succeeded' ? escapeCell(a.text ?? '').slice(0, 300) : `failed (${a.error?.message ?? 'no answer'})`}`);
        break;
      case '/v1/ai/citations':
        out.push('| Domain | Citations | Share |', '| --- | ---: | ---: |', ...step.data.domains.map((d) => `| ${escapeCell(d.domain)} | ${d.citations} | ${percent(d.share)} |`));
        break;
      case '/v1/keywords/demand':
        out.push(
          '| Keyword | Monthly searches | Difficulty | Intent |',
          '| --- | ---: | ---: | --- |',
          ...[...(step.data.seed ? [step.data.seed] : []), ...step.data.keywords].map((k) => `| ${escapeCell(k.keyword)} | ${k.searchVolume ?? '–'} | ${k.keywordDifficulty ?? '–'} | ${k.intent ?? '–'} |`),
        );
        break;
      case '/v1/questions':
        out.push(...step.data.questions.map((q) => `- ${escapeCell(q.question)}`));
        break;
      case '/v1/video/trends':
        out.push(...step.data.risingVideos.map((v) => `- [${escapeCell(v.title)}](${v.url}) · ${v.channelTitle} · ${v.viewsPerDay} views/day`));
        out.push('', ...step.data.formatIdeas.map((idea) => `- ${idea}`));
        break;
    }
    out.push('');
  }
  out.push(`_Billed ${money(brief.billedCostMicro)}._`, '');
  return out.join('\n');
}

const MEASURE_LABELS: Record<Headline['measure'], string> = {
  shareOfVoice: 'share of voice',
  positiveRate: 'positive',
  urlCitedRate: 'URL cited',
  domainShare: 'share of citations',
};

/**
 * The newest figure of a headline with its interval and sample: `HubSpot: share of voice 34.2%
 * (28.1%–40.9%, n=45, 9 cells)`; the cells only when answers come several to a cell.
 */
export function headlineText(h: Headline): string {
  const label = MEASURE_LABELS[h.measure];
  const subject = h.name === null ? label.charAt(0).toUpperCase() + label.slice(1) : `${oneLine(h.name)}: ${label}`;
  const newest = h.points.at(-1);
  if (!newest) return `${subject}: not in the newest run`;
  const cells = newest.clusters !== null && newest.clusters !== newest.n ? `, ${plural(newest.clusters, 'cell')}` : '';
  return `${subject} ${percent(newest.value)} (${interval(newest.interval)}, n=${newest.n}${cells})`;
}

const pValueText = (p: number) => (p < 0.001 ? 'p<0.001' : `p=${p.toFixed(3)}`);

/** `+5.1 pp, significant p=0.012`, `-0.8 pp, not significant p=0.640`, `not enough answers`, or `—` without a change. */
export function headlineChangeText(c: HeadlineChange | null): string {
  if (!c) return '—';
  if (c.insufficientSample) return 'not enough answers';
  if (c.change === null || c.pValue === null) return '—';
  return `${c.change > 0 ? '+' : ''}${c.change.toFixed(1)} pp, ${c.significant ? 'significant' : 'not significant'} ${pValueText(c.pValue)}`;
}

const SPARK_BARS = '▁▂▃▄▅▆▇█';

/** Values as a line of bars from the lowest (▁) to the highest (█); a missing value is a space, equal values a middle bar. */
export function sparkline(values: readonly (number | null)[]): string {
  const known = values.filter((v): v is number => v !== null);
  const low = Math.min(...known);
  const span = Math.max(...known) - low;
  return values
    .map((v) => (v === null ? ' ' : span === 0 ? SPARK_BARS[3] : SPARK_BARS[Math.round(((v - low) / span) * (SPARK_BARS.length - 1))]))
    .join('');
}

/** The overview: each tracker with its headline figure, the newest run's change of it, and its trend. */
export function overviewTable(overview: Overview): string {
  if (overview.trackers.length === 0) return 'No trackers.\n';
  const rows = overview.trackers.map(({ tracker: t, headline: h }) => [
    oneLine(t.name),
    t.primitive,
    t.pauseReason ? `${t.status} (${t.pauseReason})` : t.status,
    h ? headlineText(h) : 'no run yet',
    h ? headlineChangeText(h.change) : '—',
    h ? sparkline(h.points.map((p) => p.value)) : '',
  ]);
  return (
    table(['NAME', 'PRIMITIVE', 'STATUS', 'HEADLINE', 'CHANGE', 'TREND'], rows) +
    'Change: the newest run against the one before, in percentage points; significant when p < 0.05. Trend: the newest finished runs, oldest first.\n'
  );
}
