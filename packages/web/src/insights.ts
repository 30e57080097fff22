/**
 * Insights (api-contract §12) as the app says them: a discovered name's figures and evidence, the
 * definition that adds it as a competitor, and what adding it did to the tracker's schedule. No DOM
 * here, so it is unit-tested (test/web/insights.test.ts); insights-view.ts shows it.
 */
import type { DiscoveredName, INSIGHTS_LIMITS, Primitive, Tracker, UpdateTrackerInput } from '@brandradar/contracts';

/** The most runs insights read (INSIGHTS_LIMITS.runs), restated because contracts' values do not reach the browser; the type breaks the build if they part. */
export const MAX_INSIGHT_RUNS: typeof INSIGHTS_LIMITS.runs = 10;

/** `The newest run`, `The newest 3 runs`: the choices of how many runs to read. */
export const runsText = (runs: number): string => (runs === 1 ? 'The newest run' : `The newest ${runs} runs`);

/** Only rankings and compare trackers have competitors, so only their reports offer to add one. */
export const hasCompetitors = (primitive: Primitive): boolean => primitive === 'rankings' || primitive === 'compare';

const percent = (p: number) => `${+(p * 100).toFixed(1)}%`;

/** A share of answers with its sample, as insights give them (a discovered name, a search, a site read). */
export type AnswerShare = Pick<DiscoveredName, 'answers' | 'n' | 'rate' | 'interval'>;

const intervalText = (i: { low: number; high: number }) => `95% interval ${percent(i.low)}–${percent(i.high)}`;
const ofAnswers = (d: AnswerShare) => `${d.answers} of ${d.n} answer${d.n === 1 ? '' : 's'}`;

/** `In 3 of 9 answers: 33.3% (95% interval 12.1–64.6%)`. */
export function shareText(d: AnswerShare): string {
  return `In ${ofAnswers(d)}: ${percent(d.rate)}${d.interval ? ` (${intervalText(d.interval)})` : ''}`;
}

/** The share as a table cell shows it: `33.3%` above `in 3 of 9 answers · 95% interval 12.1–64.6%`. */
export function shareParts(d: AnswerShare): { rate: string; sample: string } {
  return { rate: percent(d.rate), sample: `in ${ofAnswers(d)}${d.interval ? ` · ${intervalText(d.interval)}` : ''}` };
}

/** Whether a cited URL may become a link: http(s) only, never `javascript:` or `data:` from an answer. */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The tracker's whole definition, as a full update takes it, with `name` appended to its
 * competitors: every field it has is sent, so nothing but the competitors changes. For rankings and
 * compare trackers (see hasCompetitors).
 */
export function definitionWithCompetitor(t: Tracker, name: string): UpdateTrackerInput {
  const common = {
    name: t.name,
    cadence: t.cadence,
    prompts: t.prompts,
    models: t.models,
    samplesPerPrompt: t.samplesPerPrompt,
    samplingMode: t.samplingMode,
    alerts: t.alerts,
    aliases: t.aliases,
    competitors: [...t.competitors, name],
    ...(t.country === null ? {} : { country: t.country }),
  };
  // A compare tracker always has its brand; were it missing, the API would name the blank field.
  return t.primitive === 'rankings' ? { ...common, primitive: 'rankings' } : { ...common, primitive: 'compare', brand: t.brand ?? '' };
}

/**
 * What became of the schedule of a tracker a name was added to: an update always returns it to
 * DRAFT, and an ACTIVE one is activated again only at the cost per run its user accepted.
 */
export type Reactivation =
  | { outcome: 'reactivated'; costMicroPerRun: number }
  | { outcome: 'estimate_changed'; acceptedMicroPerRun: number; estimatedCostMicroPerRun: number }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'not_active' };

/** The cost per run an ACTIVE tracker may be activated again at without asking: what its user accepted. */
export const acceptedCost = (t: Tracker): number => t.maxCostMicroPerRun ?? t.estimatedCostMicroPerRun;

/** Adding a name in a sentence or two: what was added, and whether the tracker runs on its schedule. */
export function addedText(name: string, trackerName: string, r: Reactivation, money: (micro: number) => string): string {
  const added = `“${name}” is now a competitor of “${trackerName}”.`;
  switch (r.outcome) {
    case 'reactivated':
      return `${added} It is active again at ${money(r.costMicroPerRun)} per run.`;
    case 'estimate_changed':
      return `${added} It is a draft: a run now costs ${money(r.estimatedCostMicroPerRun)}, not the ${money(r.acceptedMicroPerRun)} you accepted. Activate it to confirm the new amount.`;
    case 'refused':
      return `${added} It is a draft: activating it again was refused. ${r.reason}`;
    case 'not_active':
      return `${added} It is a draft, as every edited tracker is; activate it to start its schedule.`;
  }
}
