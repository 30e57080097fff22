import { DateTime } from 'luxon';
import { CAUSATION_NOTE } from '@brandradar/analysis';
import type { DigestTracker, Headline, HeadlineMeasure, PauseReason } from '@brandradar/contracts';
import { formatPercent, formatPValue, formatSigned } from '../domain/format';
import { explainPause } from '../domain/pause-reasons';
import type { Block, MailContent } from '../domain/render';
import type { Incident } from './incidents';

/** Each headline measure in words, as the overview names it. */
const MEASURE_WORDS: Record<HeadlineMeasure, string> = {
  shareOfVoice: 'Share of voice',
  positiveRate: 'Positive answers',
  urlCitedRate: 'Answers citing your URL',
  domainShare: 'Share of citations',
};

/** `Share of voice of HubSpot`; the URL's rate names no one. */
export function headlineLabel(headline: Headline): string {
  const words = MEASURE_WORDS[headline.measure];
  return headline.name === null ? words : `${words} of ${headline.name}`;
}

function figure(headline: Headline): string {
  const newest = headline.points.at(-1);
  if (!newest || newest.value === null) return 'not measured in the newest run';
  const interval = newest.interval ? `, 95% interval ${formatPercent(newest.interval.low)}–${formatPercent(newest.interval.high)}` : '';
  return `${formatPercent(newest.value)} (n = ${newest.n}${interval})`;
}

/** The newest run's change, and whether chance alone could explain it, in words (not colour alone). */
function change(headline: Headline): [string, string] {
  const c = headline.change;
  if (!c) return ['none yet', headline.points.length < 2 ? 'no earlier run to compare with' : 'no comparable earlier run'];
  if (c.insufficientSample || c.change === null) return ['not given', `each run needs at least ${c.minimumAnswers} answers to compare`];
  const moved = `${formatSigned(c.change * 100, 1)} percentage points since the previous run`;
  if (c.significant === null || c.pValue === null) return [moved, 'not tested'];
  const shown = formatPValue(c.pValue);
  const p = shown.startsWith('<') ? `p ${shown}` : `p = ${shown}`;
  return [moved, c.significant ? `significant: chance alone would rarely move it this much (${p})` : `within noise: chance alone could produce it (${p})`];
}

/** Where the web app shows a tracker's report. */
const reportUrl = (appUrl: string, trackerId: string) => `${appUrl.replace(/\/+$/, '')}/app/#/trackers/${trackerId}`;
/** The content id of a tracker's chart in the e-mail: our own id, never user text. */
export const chartCid = (trackerId: string) => `chart-${trackerId}@brandradar`;

function trackerBlocks(t: DigestTracker, d: DigestInput): Block[] {
  const status = t.status === 'PAUSED' ? `paused${t.pauseReason ? ` (${pauseTitle(t.pauseReason, t.trackerId)})` : ''}` : 'active';
  const rows: [string, string][] = [['Status', status]];
  if (t.headline) {
    const [moved, significance] = change(t.headline);
    rows.push([headlineLabel(t.headline), figure(t.headline)], ['Change', moved], ['Significance', significance]);
  } else {
    rows.push(['Headline', 'no finished run yet']);
  }
  rows.push(['New names this week', t.discoveredNames.length === 0 ? 'none' : t.discoveredNames.join(', ')], ['Report', reportUrl(d.appUrl, t.trackerId)]);
  if (d.pdfs.has(t.trackerId)) rows.push(['Report PDF', `attached, report-${t.trackerId}.pdf`]);
  const blocks: Block[] = [{ kind: 'section', text: t.name }, { kind: 'facts', rows }];
  if (t.headline && d.charted.has(t.trackerId)) blocks.push({ kind: 'image', cid: chartCid(t.trackerId), alt: `${headlineLabel(t.headline)} over the newest runs of ${t.name}` });
  return blocks;
}

/** A pause reason's title, as the pause e-mail words it. */
const pauseTitle = (reason: PauseReason, trackerId: string) => explainPause(reason, { id: trackerId, maxCostMicroPerRun: null }).title;

function incidentText(i: Incident): string {
  if (i.kind === 'run_failed') return `${i.trackerName}: a run failed${i.error ? `: ${i.error}` : ''}`;
  return `${i.trackerName}: paused, ${i.pauseReason ? pauseTitle(i.pauseReason, i.trackerId) : 'by hand'}`;
}

export interface DigestInput {
  trackers: readonly DigestTracker[];
  incidents: readonly Incident[];
  /** The scheduled send, and the account's zone: the week it covers is the seven days before. */
  dueAt: Date;
  timezone: string;
  appUrl: string;
  /** Trackers whose chart is attached. */
  charted: ReadonlySet<string>;
  /** Trackers whose report is attached as a PDF. */
  pdfs: ReadonlySet<string>;
}

/** The weekly digest as an e-mail's structure: every tracker's headline, change and significance, names, incidents and links. */
export function digestContent(d: DigestInput): MailContent {
  const end = DateTime.fromJSDate(d.dueAt, { zone: d.timezone }).setLocale('en-GB');
  const week = `${end.minus({ days: 7 }).toFormat('d LLL')} – ${end.toFormat('d LLL yyyy')}`;
  const blocks: Block[] = [
    {
      kind: 'paragraph',
      text: d.trackers.length === 0 ? 'You have no active or paused trackers.' : `Your ${d.trackers.length} active and paused tracker${d.trackers.length === 1 ? '' : 's'}, each with its headline figure in the newest run and its change since the run before.`,
    },
    ...d.trackers.flatMap((t) => trackerBlocks(t, d)),
    { kind: 'section', text: 'Failed runs and pauses this week' },
  ];
  blocks.push(d.incidents.length === 0 ? { kind: 'paragraph', text: 'None.' } : { kind: 'facts', rows: d.incidents.map((i) => [DateTime.fromJSDate(i.at, { zone: d.timezone }).setLocale('en-GB').toFormat('ccc d LLL, HH:mm'), incidentText(i)] as const) });
  blocks.push(
    { kind: 'small', text: `A change is "significant" when its p-value is below 0.05. ${CAUSATION_NOTE}` },
    { kind: 'small', text: `You get this weekly digest because an owner of the account listed your address. Owners change it under Settings: ${d.appUrl.replace(/\/+$/, '')}/app/#/settings.` },
  );
  return { subject: `Weekly brandradar digest, ${week}`, heading: `Your week, ${week}`, blocks };
}
