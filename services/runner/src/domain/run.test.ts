import { definitionKeyOf, runCounts, type RunState } from './run';

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

describe('definitionKeyOf', () => {
  it('keeps the key of a definition stored before samples existed, and starts a new series when the samples change', () => {
    const before = definitionKeyOf(definition);
    expect(definitionKeyOf({ ...definition, samplesPerPrompt: 1, samplingMode: 'fixed' })).toBe(before);
    const five = definitionKeyOf({ ...definition, samplesPerPrompt: 5 });
    expect(five).not.toBe(before);
    expect(definitionKeyOf({ ...definition, samplesPerPrompt: 5, samplingMode: 'adaptive' })).not.toBe(five);
  });
});
