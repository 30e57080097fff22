import { MIN_ANSWERS_FOR_CHANGE, type RateChange, type RunDelta, type RunMetrics, type ValueChange } from '@brandradar/analysis';
import { formatNumber, formatPercent, formatPValue, formatSigned } from './format';

/** The one number a run e-mail leads with, and how it moved since the previous comparable run. */
export interface Headline {
  label: string;
  value: string;
  change: string;
}

const NO_PREVIOUS_RUN = 'no earlier comparable run to compare with yet';
const NOT_IN_PREVIOUS_RUN = 'not measured in the previous run, so no change to show';
const TOO_FEW_ANSWERS = `not enough answers to compare (each run needs at least ${MIN_ANSWERS_FOR_CHANGE})`;

/**
 * Picks the headline per primitive: for rankings and compare the mention rate
 * of the brand (or, without one, the first competitor); for citations the
 * rate of answers citing the tracked URL, or else the most cited domain's
 * share; for sentiment the net sentiment. Null when nothing was analysed.
 */
export function pickHeadline(metrics: RunMetrics | null, delta: RunDelta | null): Headline | null {
  if (!metrics) return null;
  switch (metrics.primitive) {
    case 'rankings':
    case 'compare':
      return rankingHeadline(metrics, delta?.primitive === metrics.primitive ? delta : null, delta !== null);
    case 'citations':
      return citationHeadline(metrics, delta?.primitive === 'citations' ? delta : null, delta !== null);
    case 'sentiment':
      return sentimentHeadline(metrics, delta?.primitive === 'sentiment' ? delta : null, delta !== null);
  }
}

type Of<P extends RunMetrics['primitive'], U> = Extract<U, { primitive: P }>;

function rankingHeadline(m: Of<'rankings' | 'compare', RunMetrics>, d: Of<'rankings' | 'compare', RunDelta> | null, hasDelta: boolean): Headline | null {
  const lead = m.brands[0];
  if (!lead) return null;
  const change = d?.brands.find((b) => b.name === lead.name && b.presence === 'both')?.mentionRate;
  return {
    label: `${lead.name} mention rate`,
    value: `${rateValue(lead.mentionRate.value)} (mentioned in ${lead.mentionRate.count} of ${lead.mentionRate.n} answers)`,
    change: rateChange(change, hasDelta),
  };
}

function citationHeadline(m: Of<'citations', RunMetrics>, d: Of<'citations', RunDelta> | null, hasDelta: boolean): Headline {
  if (m.urlCitedRate && m.url) {
    return {
      label: `Answers citing ${m.url}`,
      value: `${rateValue(m.urlCitedRate.value)} (${m.urlCitedRate.count} of ${m.urlCitedRate.n} answers)`,
      change: rateChange(d?.urlCitedRate, hasDelta),
    };
  }
  const top = m.domains[0];
  if (!top) return { label: 'Most cited domain', value: `none: no answer cited a source (${m.answers} answers)`, change: hasDelta ? 'no citations to compare' : NO_PREVIOUS_RUN };
  return {
    label: `Share of citations of the most cited domain, ${top.domain}`,
    value: `${rateValue(top.share.value)} (${top.share.count} of ${top.share.n} citations)`,
    change: rateChange(d?.domains.find((x) => x.domain === top.domain)?.share, hasDelta),
  };
}

function sentimentHeadline(m: Of<'sentiment', RunMetrics>, d: Of<'sentiment', RunDelta> | null, hasDelta: boolean): Headline {
  const net = m.netSentiment;
  const value = net.value === null ? `none: no answer mentioned ${m.brand}` : `${formatSigned(net.value)} on a scale from -1 to +1 (over ${net.n} answers mentioning ${m.brand})`;
  return { label: `Net sentiment about ${m.brand}`, value, change: valueChange(d?.netSentiment, hasDelta) };
}

function rateValue(value: number | null): string {
  return value === null ? 'n/a' : formatPercent(value);
}

/** A rate's move in percentage points, or why there is none. */
function rateChange(c: RateChange | null | undefined, hasDelta: boolean): string {
  if (!hasDelta) return NO_PREVIOUS_RUN;
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

/** A value's move in its own unit (net sentiment), or why there is none. */
function valueChange(c: ValueChange | undefined, hasDelta: boolean): string {
  if (!hasDelta) return NO_PREVIOUS_RUN;
  if (!c) return NOT_IN_PREVIOUS_RUN;
  if (c.insufficientSample) return TOO_FEW_ANSWERS;
  if (c.change === null || c.previous === null || c.current === null) return NOT_IN_PREVIOUS_RUN;
  return `${formatSigned(c.change)} since the previous run (${formatSigned(c.previous)} → ${formatSigned(c.current)})`;
}
