import { headlineRule, headlineSubjectOf, MIN_ANSWERS_FOR_CHANGE, type HeadlineRule, type HeadlineSubject, type RateChange, type RunDelta, type RunMetrics } from '@brandradar/analysis';
import { formatPercent, formatPValue, formatSigned } from './format';

/** The one number a run e-mail leads with, and how it moved since the previous comparable run. */
export interface Headline {
  label: string;
  value: string;
  change: string;
}

const NO_PREVIOUS_RUN = 'no earlier comparable run to compare with yet';
const NOT_IN_PREVIOUS_RUN = 'not measured in the previous run, so no change to show';
const TOO_FEW_ANSWERS = `not enough answers to compare (each run needs at least ${MIN_ANSWERS_FOR_CHANGE})`;

/** How the measure reads in an e-mail: its label, the unit of its sample, and why a run has no figure. */
function wording(rule: HeadlineRule, subject: HeadlineSubject, answers: number): { label: string; of: string; none: string } {
  const noCitation = `none: no answer cited a source (${answers} answers)`;
  switch (rule.measure) {
    case 'shareOfVoice':
      return { label: `${rule.name ?? 'Tracked names'} share of voice`, of: 'mentions of the tracked names', none: `none: no tracked name was mentioned (${answers} answers)` };
    case 'positiveRate':
      return { label: `Positive answers about ${rule.name ?? ''}`, of: `answers mentioning ${rule.name ?? ''}`, none: `none: no answer mentioned ${rule.name ?? ''}` };
    case 'urlCitedRate':
      return { label: `Answers citing ${subject.url ?? ''}`, of: 'answers', none: noCitation };
    case 'domainShare':
      return { label: rule.name === null ? 'Most cited domain' : `Share of citations of the most cited domain, ${rule.name}`, of: 'citations', none: noCitation };
  }
}

/**
 * The run's headline by the rule the overview uses (`headlineRule` of `@brandradar/analysis`): its
 * figure in this run and its change since the previous comparable run, worded for an e-mail. Null
 * when nothing was analysed.
 */
export function pickHeadline(metrics: RunMetrics | null, delta: RunDelta | null): Headline | null {
  if (!metrics) return null;
  const subject = headlineSubjectOf(metrics);
  const rule = headlineRule(subject, metrics);
  const { label, of, none } = wording(rule, subject, metrics.answers);
  const figure = rule.proportion(metrics);
  const value = figure?.value == null ? none : `${formatPercent(figure.value)} (${figure.count} of ${figure.n} ${of})`;
  const change = !delta ? NO_PREVIOUS_RUN : figure?.value == null ? 'nothing to compare' : rateChange(rule.change(delta));
  return { label, value, change };
}

/** A proportion's move in percentage points, or why there is none. */
function rateChange(c: RateChange | undefined): string {
  if (!c) return NOT_IN_PREVIOUS_RUN;
  if (c.insufficientSample) return TOO_FEW_ANSWERS;
  if (c.change === null || c.previous === null || c.current === null) return NOT_IN_PREVIOUS_RUN;
  const moved = `${formatSigned(c.change)} percentage points since the previous run (${formatPercent(c.previous)} → ${formatPercent(c.current)})`;
  if (c.significant === null || c.pValue === null) return moved;
  // As the significant-change e-mail writes it: a tiny p-value reads `p < 0.0001`, not `p = 0`.
  const shown = formatPValue(c.pValue);
  const p = shown.startsWith('<') ? `p ${shown}` : `p = ${shown}`;
  return c.significant ? `${moved}; chance alone would rarely move it this much (${p})` : `${moved}; within what chance alone could produce (${p})`;
}
