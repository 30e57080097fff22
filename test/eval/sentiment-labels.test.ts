import { FRESH_SENTIMENT_CASES, SENTIMENT_CASES } from './sentiment-cases';
import type { EvalCase, Sentiment, SentimentEvalCase } from './types';

// The entity-sentiment labels (sentiment-cases/) are the ground truth the eval gates on: enough of
// them, in every surface's style, over enough markets, with no class starved, and each well-formed.

const SURFACES: EvalCase['surface'][] = ['chatgpt', 'claude', 'perplexity', 'gemini', 'google_ai_overview'];
const CLASSES: Sentiment[] = ['positive', 'neutral', 'negative'];

/** `<id>: <name>` for each labelled name its answer does not write. */
const namesNotWritten = (cases: readonly SentimentEvalCase[]) =>
  cases.flatMap((c) => c.labels.filter((label) => !c.text.includes(label.name)).map((label) => `${c.id}: ${label.name}`));
const casesLabellingANameTwice = (cases: readonly SentimentEvalCase[]) =>
  cases.filter((c) => new Set(c.labels.map((l) => l.name.toLowerCase())).size !== c.labels.length).map((c) => c.id);

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
  expect(namesNotWritten(SENTIMENT_CASES)).toEqual([]);
  expect(casesLabellingANameTwice(SENTIMENT_CASES)).toEqual([]);
  expect(labels.filter(({ label }) => label.name !== label.name.trim() || label.name === '').map(({ c }) => c.id)).toEqual([]);
});

// The blind set (written after the rules were frozen) measures generalisation: it keeps its size
// and class balance, stays apart from the development set, and labels only names its answers write.
describe('the fresh blind set', () => {
  const fresh = FRESH_SENTIMENT_CASES.flatMap((c) => c.labels.map((label) => ({ c, label })));
  const count = (sentiment: Sentiment) => fresh.filter(({ label }) => label.sentiment === sentiment).length;

  it('has 8 answers per surface style, its labels by class and 57 multi-brand', () => {
    expect(SURFACES.map((surface) => FRESH_SENTIMENT_CASES.filter((c) => c.surface === surface).length)).toEqual([8, 8, 8, 8, 8]);
    expect({ labels: fresh.length, positive: count('positive'), neutral: count('neutral'), negative: count('negative') }).toEqual({
      labels: 184,
      positive: 77,
      neutral: 52,
      negative: 55,
    });
    expect(fresh.filter(({ label }) => label.multiBrand).length).toBe(57);
  });

  it('numbers each surface from 101, apart from the development ids', () => {
    const ids = FRESH_SENTIMENT_CASES.map((c) => c.id);
    expect(FRESH_SENTIMENT_CASES.filter((c) => !new RegExp(`^sent-${c.surface}-1\\d{2}$`).test(c.id)).map((c) => c.id)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i || SENTIMENT_CASES.some((c) => c.id === id))).toEqual([]);
  });

  it('every labelled name is written in its answer, and a case labels each name once', () => {
    expect(namesNotWritten(FRESH_SENTIMENT_CASES)).toEqual([]);
    expect(casesLabellingANameTwice(FRESH_SENTIMENT_CASES)).toEqual([]);
  });
});
