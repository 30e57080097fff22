import { SENTIMENT_CASES } from './sentiment-cases';
import type { EvalCase, Sentiment } from './types';

// The entity-sentiment labels (sentiment-cases/) are the ground truth the eval gates on: enough of
// them, in every surface's style, over enough markets, with no class starved, and each well-formed.

const SURFACES: EvalCase['surface'][] = ['chatgpt', 'claude', 'perplexity', 'gemini', 'google_ai_overview'];
const CLASSES: Sentiment[] = ['positive', 'neutral', 'negative'];

const labels = SENTIMENT_CASES.flatMap((c) => c.labels.map((label) => ({ c, label })));

it('enough answers, labels and multi-brand labels, in every surface style and over 16 industries', () => {
  expect(SENTIMENT_CASES.length).toBeGreaterThanOrEqual(125);
  expect(labels.length).toBeGreaterThanOrEqual(420);
  expect(labels.filter(({ label }) => label.multiBrand).length).toBeGreaterThanOrEqual(165);
  for (const surface of SURFACES) {
    const cases = SENTIMENT_CASES.filter((c) => c.surface === surface);
    expect([surface, cases.length >= 20]).toEqual([surface, true]);
  }
  expect(new Set(SENTIMENT_CASES.map((c) => c.industry)).size).toBeGreaterThanOrEqual(16);
});

it('no sentiment class has fewer than 15% of the labels', () => {
  for (const sentiment of CLASSES) {
    const share = labels.filter(({ label }) => label.sentiment === sentiment).length / labels.length;
    expect([sentiment, share >= 0.15]).toEqual([sentiment, true]);
  }
});

it('ids are unique and follow the surface', () => {
  const ids = SENTIMENT_CASES.map((c) => c.id);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  expect(SENTIMENT_CASES.filter((c) => !/^sent-[a-z_]+-\d{2}$/.test(c.id) || !c.id.startsWith(`sent-${c.surface}-`)).map((c) => c.id)).toEqual([]);
});

it('every labelled name is written in its answer, and a case labels each name once', () => {
  const missing = labels.filter(({ c, label }) => !c.text.includes(label.name));
  expect(missing.map(({ c, label }) => `${c.id}: ${label.name}`)).toEqual([]);
  const repeated = SENTIMENT_CASES.filter((c) => new Set(c.labels.map((l) => l.name.toLowerCase())).size !== c.labels.length);
  expect(repeated.map((c) => c.id)).toEqual([]);
  expect(labels.filter(({ label }) => label.name !== label.name.trim() || label.name === '').map(({ c }) => c.id)).toEqual([]);
});
