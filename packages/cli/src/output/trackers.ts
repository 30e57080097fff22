/** Trackers, the account and the rate card, as the CLI prints them. */
import type { Account, ActivationResult, RateCard, Tracker } from '@brandradar/client';
import { answerPlan, fields, money, table } from './text';

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
