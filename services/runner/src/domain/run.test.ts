import { randomUUID } from 'node:crypto';
import { computeDelta, computeMetrics } from '@brandradar/analysis';
import { RunEvents, type TrackerAlerts } from '@brandradar/contracts';
import { COMPARE, compareAnswers, compareTracker } from '../../../../test/support/notifier-fixtures';
import { comparisonKeyOf, namesForRun, newRun, runCounts, significantChangeEvents, type RunState } from './run';

const definition = { name: 'T', cadence: { frequency: 'weekly' as const, timezone: 'UTC', time: '09:00', weekday: 1 }, primitive: 'sentiment' as const, prompts: ['a', 'b'], models: ['chatgpt' as const, 'gemini' as const], brand: 'Acme', competitors: [], url: null };
const run = (over: Partial<Pick<RunState, 'status' | 'startedAt' | 'outcomes'>>): Pick<RunState, 'status' | 'startedAt' | 'definition' | 'outcomes'> => ({
  status: 'RUNNING',
  startedAt: new Date('2026-11-23T09:00:00.000Z'),
  definition,
  outcomes: {},
  ...over,
});

describe('runCounts', () => {
  it('counts the planned answers while a run is active, and the outcomes so far', () => {
    expect(runCounts(run({ status: 'QUEUED', startedAt: null }))).toEqual({ answers: 4, succeeded: 0, failed: 0 });
    expect(runCounts(run({ outcomes: { p0_chatgpt: 'succeeded', p0_gemini: 'failed' } }))).toEqual({ answers: 4, succeeded: 1, failed: 1 });
  });

  it('counts an answer a finished run never got as failed, so answers = succeeded + failed', () => {
    expect(runCounts(run({ status: 'PARTIAL', outcomes: { p0_chatgpt: 'succeeded' } }))).toEqual({ answers: 4, succeeded: 1, failed: 3 });
    expect(runCounts(run({ status: 'COMPLETED', outcomes: { p0_chatgpt: 'succeeded', p0_gemini: 'succeeded', p1_chatgpt: 'succeeded', p1_gemini: 'succeeded' } }))).toEqual({ answers: 4, succeeded: 4, failed: 0 });
  });

  it('counts samples: planned is the most a run may ask, and a finished adaptive run counts only what it asked', () => {
    const sampled = { ...definition, samplesPerPrompt: 3, samplingMode: 'adaptive' as const };
    expect(runCounts({ ...run({}), definition: sampled })).toEqual({ answers: 12, succeeded: 0, failed: 0 });
    // 2 first samples of each of 4 cells, and one cell asked its third.
    const outcomes = { p0_chatgpt: 'succeeded', p0_chatgpt_2: 'succeeded', p0_chatgpt_3: 'succeeded', p0_gemini: 'failed' } as const;
    expect(runCounts({ ...run({ status: 'PARTIAL', outcomes }), definition: sampled })).toEqual({ answers: 9, succeeded: 3, failed: 6 });
  });

  it('gives a run that never started no answers at all', () => {
    expect(runCounts(run({ status: 'FAILED', startedAt: null }))).toEqual({ answers: 0, succeeded: 0, failed: 0 });
  });
});

describe('comparisonKeyOf', () => {
  const compare = { ...definition, primitive: 'compare' as const, competitors: ['Globex', '$x'] };
  const key = comparisonKeyOf(compare, 'v1');

  it('starts a new series when what was asked changes: prompts, surfaces, samples, primitive or URL', () => {
    expect(comparisonKeyOf({ ...compare, samplesPerPrompt: 1, samplingMode: 'fixed' }, 'v1')).toBe(key);
    for (const asked of [{ prompts: ['a'] }, { models: ['chatgpt' as const] }, { samplesPerPrompt: 5 }, { samplingMode: 'adaptive' as const }, { primitive: 'rankings' as const }, { url: 'https://acme.example' }]) {
      expect([asked, comparisonKeyOf({ ...compare, ...asked }, 'v1')]).not.toEqual([asked, key]);
    }
  });

  it('starts a new series for another market, keeping the key runs without one were stored with', () => {
    // The key of `compare` before markets existed (0860068): runs stored then stay comparable.
    expect(key).toBe('35f22013ce9078b3a1a94f6ac9488daa');
    expect(comparisonKeyOf({ ...compare, country: null }, 'v1')).toBe(key);
    const germany = comparisonKeyOf({ ...compare, country: 'de' }, 'v1');
    expect(germany).not.toBe(key);
    expect(comparisonKeyOf({ ...compare, country: 'fr' }, 'v1')).not.toBe(germany);
    expect(comparisonKeyOf({ ...compare, country: 'de', competitors: ['$x', 'Globex'] }, 'v1')).toBe(germany);
  });

  it('differs for other names or another analysis version, but not for the order names are listed in', () => {
    expect(comparisonKeyOf({ ...compare, competitors: ['$x', 'Globex'], models: ['gemini', 'chatgpt'] }, 'v1')).toBe(key);
    expect(comparisonKeyOf({ ...compare, competitors: ['Globex', '$x', 'monday.com'] }, 'v1')).not.toBe(key);
    expect(comparisonKeyOf({ ...compare, aliases: [{ name: 'Acme', aliases: ['ACME Corp'] }] }, 'v1')).not.toBe(key);
    expect(comparisonKeyOf(compare, 'v2')).not.toBe(key);
  });
});

describe('namesForRun', () => {
  const compare = { ...definition, primitive: 'compare' as const, competitors: ['Globex'] };
  it('gives a run of the tracker’s primitive its current names, and none when they are its own or the primitive differs', () => {
    const tracker = { primitive: 'compare' as const, brand: 'Acme', competitors: ['Globex', '__proto__'], aliases: [{ name: '__proto__', aliases: ['🦄'] }] };
    expect(namesForRun(compare, tracker)).toEqual({ brand: 'Acme', competitors: ['Globex', '__proto__'], aliases: [{ name: '__proto__', aliases: ['🦄'] }] });
    expect(namesForRun(compare, { ...tracker, competitors: ['Globex'], aliases: [] })).toBeNull();
    expect(namesForRun(compare, { ...tracker, primitive: 'rankings', brand: null })).toBeNull();
    expect(namesForRun({ ...definition, primitive: 'citations', brand: null, url: 'https://acme.example' }, { ...tracker, primitive: 'citations' })).toBeNull();
  });
});

describe('significantChangeEvents', () => {
  const now = new Date('2026-11-23T09:00:00.000Z');
  /** A COMPLETED compare run whose brand was named in `mentioned` of `n` answers, against a previous run's `before` of `n`. */
  function finishedPair(alerts: TrackerAlerts | undefined, n: number, mentioned: number, before: number) {
    const queued = newRun({ accountId: randomUUID(), tracker: compareTracker(), definitionVersion: 1, trigger: 'manual', requestToken: 't', scheduledFor: null, estimatedCostMicro: 1, now, deadlineAt: now });
    const metrics = computeMetrics({ ...COMPARE, answers: compareAnswers(n, mentioned) });
    const previous = { metrics: computeMetrics({ ...COMPARE, answers: compareAnswers(n, before) }) };
    const run: RunState = { ...queued, definition: { ...queued.definition, alerts }, status: 'COMPLETED', finishedAt: now, metrics, delta: computeDelta(metrics, previous.metrics) };
    return { run, previous };
  }

  it("stores one event with the run's summary and its changes when the definition asks for alerts", () => {
    const { run, previous } = finishedPair({ significantChange: true }, 12, 12, 0);
    const events = significantChangeEvents(run, previous);
    expect(events).toHaveLength(1);
    expect(events[0]!.subject).toBe(RunEvents.significantChange.subject);
    const payload = RunEvents.significantChange.payload.parse(events[0]!.payload);
    expect(payload).toMatchObject({ accountId: run.accountId, trackerName: run.trackerName, run: { id: run.id, status: 'COMPLETED' }, occurredAt: now.toISOString() });
    expect(payload.changes.map((c) => [c.name, c.metric])).toEqual([
      ['Acme', 'mentionRate'],
      ['Acme', 'top3Rate'],
      ['Acme', 'shareOfVoice'],
    ]);
  });

  it('stores none when alerts are off, or absent as in definitions stored before alerts existed', () => {
    for (const alerts of [{ significantChange: false }, undefined]) {
      const { run, previous } = finishedPair(alerts, 12, 12, 0);
      expect(significantChangeEvents(run, previous)).toEqual([]);
    }
  });

  it('stores none without a significant change, for an insufficient sample, or without a run to compare with', () => {
    const unchanged = finishedPair({ significantChange: true }, 12, 6, 6);
    expect(significantChangeEvents(unchanged.run, unchanged.previous)).toEqual([]);
    const few = finishedPair({ significantChange: true }, 9, 9, 0);
    expect(significantChangeEvents(few.run, few.previous)).toEqual([]);
    const first = finishedPair({ significantChange: true }, 12, 12, 0);
    expect(significantChangeEvents({ ...first.run, delta: null }, null)).toEqual([]);
  });
});
