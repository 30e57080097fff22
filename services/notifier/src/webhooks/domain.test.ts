import { RunEvents, TrackerEvents, WEBHOOK_LIMITS, WebhookMessageId, WorkflowEvents, type BriefSummary } from '@brandradar/contracts';
import { activatedEvent, COMPARE, compareAnswers, compareTracker, deletedEvent, finishedRun, pausedEvent, runFinishedEvent, significantChangeEvent } from '../../../../test/support/notifier-fixtures';
import { clipped, decodeCursor, DEFAULT_RETRY_SCHEDULE_MS, deliveryIdFor, encodeCursor, failedTooLong, keptAttempts, retryAt, webhookMessage } from './domain';
import { updateFields } from './endpoints';

const EVENT = 'b3c1a2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const WEBHOOK = '3f0e2d1c-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const NOW = new Date('2026-11-22T10:00:00.000Z');

describe('delivery ids', () => {
  it('are the same for the same event and endpoint, and valid webhook-ids', () => {
    const id = deliveryIdFor(EVENT, WEBHOOK);
    expect(WebhookMessageId.parse(id)).toBe(id);
    expect(deliveryIdFor(EVENT, WEBHOOK)).toBe(id);
    expect(deliveryIdFor(EVENT, '00000000-0000-4000-8000-000000000000')).not.toBe(id);
  });
});

describe('the retry schedule', () => {
  it('lasts more than the 24 hours the contract promises', () => {
    expect(DEFAULT_RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0)).toBeGreaterThan(24 * 3_600_000);
  });

  it('takes the delay after the attempt that failed, with up to 10% jitter, and ends', () => {
    expect(retryAt(1, DEFAULT_RETRY_SCHEDULE_MS, NOW, 0)).toEqual(new Date(NOW.getTime() + 5_000));
    expect(retryAt(2, DEFAULT_RETRY_SCHEDULE_MS, NOW, 0.5)).toEqual(new Date(NOW.getTime() + 315_000));
    expect(retryAt(7, DEFAULT_RETRY_SCHEDULE_MS, NOW, 0.999)!.getTime()).toBeLessThan(NOW.getTime() + 11 * 3_600_000);
    expect(retryAt(8, DEFAULT_RETRY_SCHEDULE_MS, NOW, 0)).toBeNull();
    expect(retryAt(1, [], NOW, 0)).toBeNull();
  });
});

describe('disabling', () => {
  it('comes once an endpoint has failed for the whole period', () => {
    const day = 86_400_000;
    expect(failedTooLong(null, NOW, day)).toBe(false);
    expect(failedTooLong(new Date(NOW.getTime() - day + 1), NOW, day)).toBe(false);
    expect(failedTooLong(new Date(NOW.getTime() - day), NOW, day)).toBe(true);
  });
});

describe('attempts kept', () => {
  it('are the newest, oldest first', () => {
    const many = Array.from({ length: WEBHOOK_LIMITS.attemptsKept }, (_, i) => i);
    expect(keptAttempts(many, 50)).toEqual([...many.slice(1), 50]);
    expect(keptAttempts([1], 2)).toEqual([1, 2]);
  });

  it('clip long errors to the contract’s length, whole characters only', () => {
    expect(clipped('short')).toBe('short');
    const long = clipped('🚀'.repeat(600));
    expect([...long]).toHaveLength(WEBHOOK_LIMITS.responseChars);
    expect(long.endsWith('🚀…')).toBe(true);
  });
});

describe('bodies', () => {
  const parse = (subject: string, payload: unknown) => {
    const message = webhookMessage(subject, payload)!;
    return { type: message.type, body: JSON.parse(message.body) };
  };

  it('of a finished run: its summary and its tracker', () => {
    const run = finishedRun(COMPARE, compareAnswers(4, 2), null);
    const event = runFinishedEvent(run, { trackerName: '$x __proto__ 🚀' });
    expect(parse(RunEvents.finished.subject, event)).toEqual({ type: 'run.finished', body: { type: 'run.finished', timestamp: event.occurredAt, data: { run, tracker: { id: run.trackerId, name: '$x __proto__ 🚀' } } } });
  });

  it('of a significant change: the changes too', () => {
    const event = significantChangeEvent(COMPARE, compareAnswers(40, 30), compareAnswers(40, 5));
    const { body } = parse(RunEvents.significantChange.subject, event);
    expect(body.type).toBe('run.significant_change');
    expect(body.data.changes).toEqual(event.changes);
    expect(body.data.tracker).toEqual({ id: event.run.trackerId, name: event.trackerName });
  });

  it.each([
    ['tracker.activated', TrackerEvents.activated.subject, activatedEvent()],
    ['tracker.paused', TrackerEvents.paused.subject, pausedEvent('insufficient_credits')],
    ['tracker.deleted', TrackerEvents.deleted.subject, deletedEvent()],
  ])('of %s: the tracker alone, as the API shows it', (type, subject, event) => {
    expect(parse(subject, event)).toEqual({ type, body: { type, timestamp: event.occurredAt, data: { tracker: event.tracker } } });
  });

  it('of a finished brief: the brief', () => {
    const brief: BriefSummary = {
      idempotencyKey: null,
      input: { brand: 'monday.com', topic: 'project tools', country: 'us', models: ['chatgpt'] },
      summary: 'done',
      steps: [],
      billedCostMicro: 0,
      finishedAt: NOW.toISOString(),
    };
    const event = { version: 1, eventId: EVENT, occurredAt: NOW.toISOString(), accountId: WEBHOOK, brief };
    const message = webhookMessage(WorkflowEvents.briefFinished.subject, event);
    expect(message?.type).toBe('brief.finished');
    expect(JSON.parse(message!.body).data.brief.summary).toBe('done');
  });

  it('are the same bytes for the same event, and fields the API does not show are left out', () => {
    const tracker = { ...compareTracker(), internal: 'secret' };
    const event = activatedEvent({ tracker });
    expect(webhookMessage(TrackerEvents.activated.subject, event)).toEqual(webhookMessage(TrackerEvents.activated.subject, event));
    expect(webhookMessage(TrackerEvents.activated.subject, event)!.body).not.toContain('internal');
  });

  it('are none for subjects no webhook is made of', () => {
    expect(webhookMessage(TrackerEvents.created.subject, activatedEvent())).toBeNull();
  });
});

describe('the delivery log cursor', () => {
  it('round-trips a position as an opaque token the contract accepts', () => {
    const position = { createdAt: new Date('2026-11-22T10:00:00.123Z'), id: deliveryIdFor(EVENT, WEBHOOK) };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(decodeCursor(cursor)).toEqual(position);
  });

  it.each(['', 'abc', Buffer.from('zz.notanid').toString('base64url'), Buffer.from('__proto__').toString('base64url')])('refuses %j', (cursor) => {
    expect(decodeCursor(cursor)).toBeNull();
  });
});

describe('updates', () => {
  it('turning an endpoint back on clears why it was off', () => {
    expect(updateFields({ status: 'enabled' }, { status: 'disabled' }, NOW)).toEqual({ updatedAt: NOW, status: 'enabled', disabledReason: null, disabledAt: null, failingSince: null });
  });

  it('turning it off says the account did', () => {
    expect(updateFields({ status: 'disabled' }, { status: 'enabled' }, NOW)).toEqual({ updatedAt: NOW, status: 'disabled', disabledReason: 'by_account', disabledAt: NOW });
  });

  it('sets only the fields sent, and a null description removes it', () => {
    expect(updateFields({ description: null, events: ['run.finished'] }, { status: 'enabled' }, NOW)).toEqual({ updatedAt: NOW, description: null, events: ['run.finished'] });
    expect(updateFields({ status: 'enabled' }, { status: 'enabled' }, NOW)).toEqual({ updatedAt: NOW });
  });
});
