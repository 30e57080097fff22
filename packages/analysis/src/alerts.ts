/**
 * What a significant-change alert is about (api-contract §12): of a run's delta, the changes that
 * its test flags as significant, in the figures that say how the tracker's subject fares:
 * - compare: the brand's mention rate, top-3 rate and share of voice;
 * - rankings (no brand): the same of every tracked name;
 * - sentiment: the brand's positive, neutral and negative rates;
 * - citations: the rates of answers citing the tracked URL and its domain.
 * Overall figures only: the per-surface ones would multiply the comparisons, and with them the
 * changes that pass by chance. A change withheld for an insufficient sample is never one
 * (`significant` is null there), nor is a name tracked in one of the two runs only.
 */
import { foldKey } from './fold';
import type { BrandMetrics, Rate, RateChange, RunDelta, RunMetrics, Share } from './schemas';
import { newcombeInterval, roundDown, roundUp } from './stats';

const RANKING_METRICS = ['mentionRate', 'top3Rate', 'shareOfVoice'] as const;
const SENTIMENT_METRICS = ['positiveRate', 'neutralRate', 'negativeRate'] as const;
const CITATION_METRICS = ['urlCitedRate', 'domainCitedRate'] as const;

type AlertMetric = (typeof RANKING_METRICS)[number] | (typeof SENTIMENT_METRICS)[number] | (typeof CITATION_METRICS)[number];

/** One change to alert on; the contracts' `SignificantChange` is its published shape. */
export interface SignificantChangeFinding {
  /** The tracked name; null for a citations tracker's URL rates. */
  name: string | null;
  role: 'brand' | 'competitor' | 'url';
  metric: AlertMetric;
  current: number;
  previous: number;
  /** Percentage points, as the delta gives it. */
  change: number;
  /** 95% interval of the change in percentage points; null when a run's interval is missing. */
  interval: { low: number; high: number } | null;
  pValue: number;
}

type Subject = Pick<SignificantChangeFinding, 'name' | 'role' | 'metric'>;

/**
 * The significant changes of `delta` to alert on, in the order the delta lists names and metrics;
 * `current` and `previous` are the metrics of the two runs it compares (their intervals give each
 * change's interval). The three must be of one primitive.
 */
export function significantChanges(delta: RunDelta, current: RunMetrics, previous: RunMetrics): SignificantChangeFinding[] {
  switch (delta.primitive) {
    case 'rankings':
    case 'compare': {
      if (current.primitive !== delta.primitive || previous.primitive !== delta.primitive) break;
      const alerted = delta.primitive === 'compare' ? delta.brands.filter((b) => b.role === 'brand') : delta.brands;
      return alerted.flatMap((b) => {
        const now = named(current.brands, b.name);
        const before = named(previous.brands, b.name);
        return RANKING_METRICS.flatMap((metric) => finding({ name: b.name, role: b.role, metric }, b[metric], now?.[metric], before?.[metric]));
      });
    }
    case 'sentiment': {
      if (current.primitive !== 'sentiment' || previous.primitive !== 'sentiment') break;
      return SENTIMENT_METRICS.flatMap((metric) => finding({ name: current.brand, role: 'brand', metric }, delta[metric], current[metric], previous[metric]));
    }
    case 'citations': {
      if (current.primitive !== 'citations' || previous.primitive !== 'citations') break;
      return CITATION_METRICS.flatMap((metric) => finding({ name: null, role: 'url', metric }, delta[metric], current[metric], previous[metric]));
    }
  }
  throw new RangeError(`a ${delta.primitive} delta does not compare a ${current.primitive} run with a ${previous.primitive} run`);
}

/** Names match across runs as the delta matched them: case- and accent-insensitively. */
function named(brands: readonly BrandMetrics[], name: string): BrandMetrics | undefined {
  return brands.find((b) => foldKey(b.name) === foldKey(name));
}

/** The change as an alert states it, or nothing when its test did not flag it. */
function finding(subject: Subject, c: RateChange | null, now: Rate | Share | null | undefined, before: Rate | Share | null | undefined): SignificantChangeFinding[] {
  // A flagged change always has its values, change and p-value; the checks say so to the compiler.
  if (c?.significant !== true || c.current === null || c.previous === null || c.change === null || c.pValue === null) return [];
  return [{ ...subject, current: c.current, previous: c.previous, change: c.change, interval: changeInterval(now, before), pValue: c.pValue }];
}

/**
 * Newcombe's interval of `now − before` from the two runs' intervals, in percentage points rounded
 * outward to 2 decimals: the precision of the change itself, and of the intervals it comes from
 * (4 decimals of a proportion).
 */
function changeInterval(now: Rate | Share | null | undefined, before: Rate | Share | null | undefined): SignificantChangeFinding['interval'] {
  if (!now?.interval || !before?.interval) return null;
  // The exact proportions, as the change is computed: the stored values are rounded.
  const { low, high } = newcombeInterval(now.count / now.n, now.interval, before.count / before.n, before.interval);
  return { low: roundDown(low * 100, 2), high: roundUp(high * 100, 2) };
}
