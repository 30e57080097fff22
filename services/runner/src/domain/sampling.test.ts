import type { TrackerDefinition } from '@brandradar/contracts';
import { answerCells, answersDisagree, answerSlots, askedSlots, askingPhases, samplesAskedFirst } from './sampling';

const base = { prompts: ['a', 'b'], models: ['chatgpt', 'gemini'] } satisfies Pick<TrackerDefinition, 'prompts' | 'models'>;
const reading = (...mentioned: boolean[]) => ({ status: 'succeeded' as const, metrics: { analysisVersion: 'v', brands: mentioned.map((m, i) => ({ name: `n${i}`, mentioned: m })) } });

describe('answerSlots', () => {
  it('keeps the keys and order of runs before samples existed when a cell has one sample', () => {
    expect(answerSlots(base).map((s) => [s.index, s.key, s.sample])).toEqual([
      [0, 'p0_chatgpt', 1],
      [1, 'p0_gemini', 1],
      [2, 'p1_chatgpt', 1],
      [3, 'p1_gemini', 1],
    ]);
  });

  it('lists every sample of a cell together, by model then sample, with keys of their own', () => {
    const slots = answerSlots({ ...base, samplesPerPrompt: 3 });
    expect(slots).toHaveLength(12);
    expect(slots.slice(0, 4).map((s) => s.key)).toEqual(['p0_chatgpt', 'p0_chatgpt_2', 'p0_chatgpt_3', 'p0_gemini']);
    expect(slots.map((s) => s.index)).toEqual(slots.map((_, i) => i));
    expect(answerCells({ ...base, samplesPerPrompt: 3 }).map((c) => [c.promptIndex, c.surface, c.slots.map((s) => s.sample)])).toEqual([
      [0, 'chatgpt', [1, 2, 3]],
      [0, 'gemini', [1, 2, 3]],
      [1, 'chatgpt', [1, 2, 3]],
      [1, 'gemini', [1, 2, 3]],
    ]);
  });
});

describe('adaptive sampling', () => {
  it('asks 2 samples first (1 when there is 1), fixed asks all; only adaptive runs have a second phase', () => {
    expect(samplesAskedFirst({ samplesPerPrompt: 5, samplingMode: 'adaptive' })).toBe(2);
    expect(samplesAskedFirst({ samplesPerPrompt: 1, samplingMode: 'adaptive' })).toBe(1);
    expect(samplesAskedFirst({ samplesPerPrompt: 5, samplingMode: 'fixed' })).toBe(5);
    expect(samplesAskedFirst({})).toBe(1);
    expect(askingPhases({ samplesPerPrompt: 5, samplingMode: 'adaptive' })).toBe(2);
    expect(askingPhases({ samplesPerPrompt: 2, samplingMode: 'adaptive' })).toBe(1);
    expect(askingPhases({ samplesPerPrompt: 5, samplingMode: 'fixed' })).toBe(1);
  });

  it('sees a disagreement when succeeded answers differ on any tracked name, never from failures alone', () => {
    expect(answersDisagree([reading(true, false), reading(true, false)])).toBe(false);
    expect(answersDisagree([reading(true, false), reading(true, true)])).toBe(true);
    expect(answersDisagree([reading(true), { status: 'failed', metrics: null }])).toBe(false);
    expect(answersDisagree([{ status: 'succeeded', metrics: { analysisVersion: 'v', citesUrl: true } }, { status: 'succeeded', metrics: { analysisVersion: 'v', citesUrl: false } }])).toBe(true);
  });

  it('counts as asked every first sample, and each later one only once it has an outcome', () => {
    const d = { ...base, samplesPerPrompt: 4, samplingMode: 'adaptive' as const };
    expect(askedSlots(d, {}).map((s) => s.key)).toEqual(['p0_chatgpt', 'p0_chatgpt_2', 'p0_gemini', 'p0_gemini_2', 'p1_chatgpt', 'p1_chatgpt_2', 'p1_gemini', 'p1_gemini_2']);
    expect(askedSlots(d, { p1_gemini_3: 'succeeded', p1_gemini_4: 'failed' })).toHaveLength(10);
    expect(askedSlots({ ...d, samplingMode: 'fixed' }, {})).toHaveLength(16);
  });
});
