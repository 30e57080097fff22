import { RunEvents, TrackerEvents } from '@brandradar/contracts';
import { COMPARE, finishedRun, pausedEvent, runFinishedEvent } from '../../../../test/support/notifier-fixtures';
import { incidentOf } from './incidents';

describe('incidentOf', () => {
  it('keeps a failed run with its reason, and a pause with its reason (null: by hand)', () => {
    const failed = runFinishedEvent(finishedRun(COMPARE, [], null, { status: 'FAILED', error: { code: 'all_failed', message: 'every surface failed' }, finishedAt: '2026-11-28T10:00:00.000Z' }));
    expect(incidentOf(RunEvents.finished.subject, failed)).toMatchObject({ _id: failed.eventId, kind: 'run_failed', error: 'every surface failed', pauseReason: null, at: new Date('2026-11-28T10:00:00.000Z') });
    const paused = pausedEvent('insufficient_credits');
    expect(incidentOf(TrackerEvents.paused.subject, paused)).toMatchObject({ _id: paused.eventId, kind: 'paused', pauseReason: 'insufficient_credits', trackerName: paused.tracker.name });
    expect(incidentOf(TrackerEvents.paused.subject, pausedEvent(null))).toMatchObject({ kind: 'paused', pauseReason: null });
  });

  it('keeps nothing of a run that did not fail, nor of other events', () => {
    expect(incidentOf(RunEvents.finished.subject, runFinishedEvent(finishedRun(COMPARE, [], null, { status: 'PARTIAL' })))).toBeNull();
    expect(incidentOf(TrackerEvents.deleted.subject, pausedEvent(null))).toBeNull();
  });
});
