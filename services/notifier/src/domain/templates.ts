import type { z } from 'zod';
import { CAUSATION_NOTE, MIN_ANSWERS_FOR_CHANGE } from '@brandradar/analysis';
import { RunEvents, TrackerEvents, type EventDef, type RunSummary, type SignificantChange, type Tracker } from '@brandradar/contracts';
import { describeCadence, describeSpan, formatInZone, formatMoney, formatPercent, formatPValue, formatSigned, formatUtc } from './format';
import { pickHeadline } from './headline';
import { explainPause } from './pause-reasons';
import { render, type Block, type MailContent, type RenderedMail } from './render';

export type TrackerActivated = z.infer<typeof TrackerEvents.activated.payload>;
export type TrackerPaused = z.infer<typeof TrackerEvents.paused.payload>;
export type TrackerDeleted = z.infer<typeof TrackerEvents.deleted.payload>;
export type RunFinished = z.infer<typeof RunEvents.finished.payload>;
export type RunSignificantChange = z.infer<typeof RunEvents.significantChange.payload>;

/** The same events reach a receiver of the account's own, signed, through a webhook (api-contract §13). */
const WEBHOOKS_HINT = 'To receive these events in your own tools, add a webhook: POST /api/v1/webhooks.';

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** "3 prompts × 5 samples on 2 surfaces", and how an adaptive run samples. */
function sampling(prompts: number | undefined, k: number, mode: Tracker['samplingMode'], surfaces: readonly string[]): string {
  const asked = `${prompts === undefined ? 'each prompt' : plural(prompts, 'prompt')} × ${plural(k, 'sample')} on ${surfaces.join(', ')}`;
  return mode === 'adaptive' && k > 1 ? `${asked} (adaptive: 2 samples first, more only where they disagree)` : asked;
}

function trackerRows(t: Tracker): [string, string][] {
  return [
    ['Tracker', `${t.name} (${t.id})`],
    ['Measures', `${t.primitive}: ${sampling(t.prompts.length, t.samplesPerPrompt, t.samplingMode, t.models)}`],
  ];
}

const reportPath = (trackerId: string) => `GET /api/v1/trackers/${trackerId}/report`;
const runLink = (run: RunSummary) => `Full results: GET /api/v1/trackers/${run.trackerId}/runs/${run.id}. ${WEBHOOKS_HINT}`;

function trackerActivatedMail(e: TrackerActivated): MailContent {
  const t = e.tracker;
  const zone = t.cadence.timezone;
  return {
    subject: `Tracker "${t.name}" is active`,
    heading: `Your tracker "${t.name}" is active`,
    blocks: [
      { kind: 'paragraph', text: `It runs ${describeCadence(t.cadence)}. Each run is billed only for the answers that succeed, and never more than the maximum you accepted.` },
      {
        kind: 'facts',
        rows: [
          ...trackerRows(t),
          ['Accepted maximum per run', t.maxCostMicroPerRun === null ? 'none' : formatMoney(t.maxCostMicroPerRun)],
          ['Next run', t.nextRunAt === null ? 'not scheduled' : formatInZone(t.nextRunAt, zone)],
          ['Balance', formatMoney(e.balanceMicro)],
          ['Balance runs dry', e.runsDryAt === null ? 'not within the next 5 years at current estimates' : formatInZone(e.runsDryAt, zone)],
        ],
      },
      {
        kind: 'paragraph',
        text: "The balance runs dry at the first scheduled run of your active trackers that it no longer covers, at today's estimates. If a run's estimate rises above the accepted maximum, the tracker pauses before running and we e-mail you.",
      },
      { kind: 'small', text: `Report: ${reportPath(t.id)}. ${WEBHOOKS_HINT}` },
    ],
  };
}

const STATUS_WORDS: Record<RunSummary['status'], string> = {
  QUEUED: 'queued',
  RUNNING: 'running',
  COMPLETED: 'completed',
  PARTIAL: 'partly completed',
  FAILED: 'failed',
};

const STATUS_MEANING: Record<RunSummary['status'], string> = {
  QUEUED: 'not started yet',
  RUNNING: 'still running',
  COMPLETED: 'every answer succeeded',
  PARTIAL: 'some answers succeeded, some failed',
  FAILED: 'no answer succeeded, or the run could not start',
};

function billedText(run: RunSummary): string {
  const succeeded = run.summary.succeeded;
  if (succeeded === 0) return `${formatMoney(run.billedCostMicro)}: answers that fail are never billed`;
  const forWhat = `for the ${succeeded} answer${succeeded === 1 ? '' : 's'} that succeeded`;
  return `${formatMoney(run.billedCostMicro)} ${forWhat}; the estimate was ${formatMoney(run.estimatedCostMicro)}`;
}

function triggerText(run: RunSummary): string {
  return run.trigger === 'scheduled' && run.scheduledFor ? `scheduled, for ${formatUtc(run.scheduledFor)}` : 'manual';
}

function runFinishedMail(e: RunFinished): MailContent {
  const run = e.run;
  const headline = pickHeadline(run.metrics, run.delta);
  const { answers, succeeded, failed } = run.summary;
  const rows: [string, string][] = [
    ['Tracker', `${e.trackerName} (${run.trackerId})`],
    ['Status', `${run.status}: ${STATUS_MEANING[run.status]}`],
    ['Answers', `${succeeded} succeeded, ${failed} failed, of ${plural(answers, 'answer')} asked: ${sampling(e.promptCount, run.samplesPerPrompt, run.samplingMode, run.models)}`],
    ['Billed', billedText(run)],
    ['Trigger', triggerText(run)],
    ['Finished', run.finishedAt === null ? 'not yet' : formatUtc(run.finishedAt)],
  ];
  if (headline) rows.push([headline.label, headline.value], ['Change', headline.change]);
  else rows.push(['Headline metric', 'none: no answer succeeded, so nothing was analysed']);

  const blocks: Block[] = [{ kind: 'facts', rows }];
  if (run.status === 'FAILED') blocks.push({ kind: 'paragraph', text: `Why: ${run.error?.message ?? 'no answer succeeded.'}` });
  blocks.push(
    { kind: 'small', text: `${CAUSATION_NOTE} A change in percentage points is given only when each run has at least ${MIN_ANSWERS_FOR_CHANGE} answers.` },
    { kind: 'small', text: runLink(run) },
  );
  return {
    subject: `Run of "${e.trackerName}" ${STATUS_WORDS[run.status]}: ${succeeded} of ${answers} answers`,
    heading: `A run of "${e.trackerName}" ${STATUS_WORDS[run.status]}`,
    blocks,
  };
}

/** Each alerted metric in plain words: its short name, and what it is a share of. */
const METRIC_WORDS: Record<SignificantChange['metric'], { label(name: string): string; meaning(name: string): string }> = {
  mentionRate: { label: (n) => `${n} mention rate`, meaning: (n) => `the share of answers that mention ${n}` },
  top3Rate: { label: (n) => `${n} top-3 rate`, meaning: (n) => `the share of answers that place ${n} 1st to 3rd` },
  shareOfVoice: { label: (n) => `${n} share of voice`, meaning: (n) => `${n}'s share of the answers' mentions of all tracked names` },
  positiveRate: { label: (n) => `Positive answers about ${n}`, meaning: (n) => `the share of answers mentioning ${n} that speak of it positively` },
  neutralRate: { label: (n) => `Neutral answers about ${n}`, meaning: (n) => `the share of answers mentioning ${n} that speak of it neutrally` },
  negativeRate: { label: (n) => `Negative answers about ${n}`, meaning: (n) => `the share of answers mentioning ${n} that speak of it negatively` },
  urlCitedRate: { label: (u) => `Answers citing ${u}`, meaning: (u) => `the share of answers that cite the page ${u}` },
  domainCitedRate: { label: (u) => `Answers citing the domain of ${u}`, meaning: (u) => `the share of answers that cite any page of the domain of ${u}` },
};

/** What a change is of: its tracked name, or for a citations tracker's URL rates, the tracked URL. */
function changedOf(c: SignificantChange, run: RunSummary): string {
  return c.name ?? (run.metrics?.primitive === 'citations' && run.metrics.url ? run.metrics.url : 'the tracked URL');
}

const movement = (c: SignificantChange) => `${formatPercent(c.previous)} → ${formatPercent(c.current)}`;
const points = (value: number) => `${formatSigned(value)} percentage points`;

function changeBlocks(c: SignificantChange, run: RunSummary): Block[] {
  const of = changedOf(c, run);
  const words = METRIC_WORDS[c.metric];
  return [
    { kind: 'paragraph', text: `${words.label(of)}: ${words.meaning(of)}.` },
    {
      kind: 'facts',
      rows: [
        ['Previous run → this run', movement(c)],
        ['Change', points(c.change)],
        ['95% interval of change', c.interval === null ? 'not available: a run has no interval for this figure' : `${formatSigned(c.interval.low)} to ${points(c.interval.high)}`],
        ['p-value', formatPValue(c.pValue)],
      ],
    },
  ];
}

function significantChangeMail(e: RunSignificantChange): MailContent {
  const run = e.run;
  // The contract guarantees at least one change.
  const biggest = e.changes.reduce((a, b) => (Math.abs(b.change) > Math.abs(a.change) ? b : a));
  const more = e.changes.length - 1;
  const rows: [string, string][] = [
    ['Tracker', `${e.trackerName} (${run.trackerId})`],
    ['Run', `${run.id}, finished ${run.finishedAt === null ? 'just now' : formatUtc(run.finishedAt)}`],
  ];
  if (run.delta?.previousRunId) rows.push(['Compared with', `run ${run.delta.previousRunId}, the previous comparable run`]);
  return {
    subject: `Significant change in "${e.trackerName}": ${METRIC_WORDS[biggest.metric].label(changedOf(biggest, run))} ${movement(biggest)} (${formatSigned(biggest.change)} points)${more > 0 ? `, and ${plural(more, 'more change')}` : ''}`,
    heading: `A significant change in "${e.trackerName}"`,
    blocks: [
      {
        kind: 'paragraph',
        text: `You asked to be told when a run's figures move by more than chance alone would usually produce (p < 0.05). This run did so in ${plural(e.changes.length, 'figure')} since the previous comparable run:`,
      },
      { kind: 'facts', rows },
      ...e.changes.flatMap((c) => changeBlocks(c, run)),
      {
        kind: 'small',
        text: `Each p-value is for its own comparison alone, not adjusted for the several comparisons an alert makes (every name's and metric's figure is tested): now and then one is flagged by chance alone. The interval of a change is Newcombe's, from the two runs' 95% intervals. ${CAUSATION_NOTE}`,
      },
      { kind: 'small', text: runLink(run) },
    ],
  };
}

function trackerPausedMail(e: TrackerPaused): MailContent {
  const t = e.tracker;
  const explanation = explainPause(e.reason, t);
  return {
    subject: `Tracker "${t.name}" is paused: ${explanation.title}`,
    heading: `Your tracker "${t.name}" is paused`,
    blocks: [
      { kind: 'paragraph', text: explanation.why },
      { kind: 'paragraph', text: `What to do: ${explanation.whatToDo}` },
      {
        kind: 'facts',
        rows: [...trackerRows(t), ['Reason', e.reason ?? 'none (paused manually)'], ['Paused at', formatInZone(e.occurredAt, t.cadence.timezone)]],
      },
      { kind: 'small', text: `While it is paused no runs happen and nothing is billed; its configuration and history remain. Report: ${reportPath(t.id)}. ${WEBHOOKS_HINT}` },
    ],
  };
}

function trackerDeletedMail(e: TrackerDeleted): MailContent {
  const t = e.tracker;
  return {
    subject: `Tracker "${t.name}" was deleted`,
    heading: `Your tracker "${t.name}" was deleted`,
    blocks: [
      { kind: 'paragraph', text: 'Its configuration, runs and results are removed. No further runs will happen or be billed; your billing records remain.' },
      { kind: 'facts', rows: [...trackerRows(t), ['Deleted at', formatInZone(e.occurredAt, t.cadence.timezone)]] },
      { kind: 'small', text: "If you did not expect this, one of your account's API keys was used to delete it: revoke keys you no longer trust." },
    ],
  };
}

/** A webhook endpoint that the notifier turned off because every delivery to it failed for too long. */
export interface DisabledWebhook {
  id: string;
  url: string;
  description: string | null;
  failingSince: string;
  disabledAt: string;
  /** Why the attempt that ended it failed. */
  lastError: string;
  /** How long an endpoint may fail before it is turned off. */
  disableAfterMs: number;
}

export const WEBHOOK_DISABLED_TEMPLATE = 'webhook_disabled';

export function webhookDisabledMail(w: DisabledWebhook): MailContent {
  return {
    subject: 'A webhook endpoint was disabled after failing',
    heading: 'Your webhook endpoint was disabled',
    blocks: [
      {
        kind: 'paragraph',
        text: `Every delivery to it failed for ${describeSpan(w.disableAfterMs)}, so it gets no more events. Deliveries still waiting were given up; nothing is lost from your trackers.`,
      },
      {
        kind: 'facts',
        rows: [
          ['Endpoint', `${w.url} (${w.id})`],
          ...(w.description === null ? [] : [['Description', w.description] as const]),
          ['Failing since', formatUtc(w.failingSince)],
          ['Disabled at', formatUtc(w.disabledAt)],
          ['Last error', w.lastError],
        ],
      },
      {
        kind: 'paragraph',
        text: `Once the receiver answers again, turn the endpoint back on: PATCH /api/v1/webhooks/${w.id} with {"status":"enabled"}, or brandradar webhooks enable ${w.id}. Its delivery log (GET /api/v1/webhooks/${w.id}/deliveries) shows each attempt, and any delivery can be sent again with its redeliver call.`,
      },
    ],
  };
}

/** The e-mails the notifier sends: which event each answers, and its template. */
export interface Notification<E extends EventDef = EventDef> {
  event: E;
  template: string;
  compose(payload: z.infer<E['payload']>): MailContent;
  /** Whether this event is worth an e-mail at all; every one is when absent. */
  wanted?(payload: z.infer<E['payload']>): boolean;
}

const notification = <E extends EventDef>(
  event: E,
  template: string,
  compose: (payload: z.infer<E['payload']>) => MailContent,
  wanted?: (payload: z.infer<E['payload']>) => boolean,
): Notification<E> => ({ event, template, compose, wanted });

/** Runs that did not start because the owner paused, closed, deleted or edited the tracker: they did that themselves, so no e-mail. */
const ENDED_BY_OWNER = new Set(['tracker_not_active', 'tracker_changed']);

export const NOTIFICATIONS = {
  trackerActivated: notification(TrackerEvents.activated, 'tracker_activated', trackerActivatedMail),
  runFinished: notification(RunEvents.finished, 'run_finished', runFinishedMail, (e) => !ENDED_BY_OWNER.has(e.run.error?.code ?? '')),
  significantChange: notification(RunEvents.significantChange, 'significant_change', significantChangeMail),
  trackerPaused: notification(TrackerEvents.paused, 'tracker_paused', trackerPausedMail),
  trackerDeleted: notification(TrackerEvents.deleted, 'tracker_deleted', trackerDeletedMail),
};

/** The notification an event subject asks for, if any. */
export function notificationFor(subject: string): Notification | undefined {
  return Object.values(NOTIFICATIONS).find((n) => n.event.subject === subject);
}

/** The events the notifier sends e-mail for. */
export type NotifiedEvent = (typeof NOTIFICATIONS)[keyof typeof NOTIFICATIONS]['event'];

/** An event's e-mail: subject, plain text and HTML. The payload is checked against the notification's own event schema. */
export function composeMail(n: Notification, payload: unknown): RenderedMail {
  return render(n.compose(n.event.payload.parse(payload)));
}

/** Whether an event of this notification gets an e-mail (a run its owner stopped from starting does not). */
export function wantsMail(n: Notification, payload: unknown): boolean {
  return n.wanted?.(n.event.payload.parse(payload)) ?? true;
}
