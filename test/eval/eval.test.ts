import { EVAL_CASES } from './cases';
import { detectForEval } from './detector';
import { DISCOVERY_TARGETS, evaluateDiscovery } from './discovery';
import { evaluate, TARGETS } from './score';
import { SENTIMENT_CASES } from './sentiment-cases';
import { evaluateSentiment, meetsSentimentGate, meetsSentimentTargets, SENTIMENT_TARGETS } from './sentiment';
import { EVAL_CLASSES } from './types';

// The regression gate of `npm run eval`: detection must not fall below its targets on the labelled set.
const report = evaluate(EVAL_CASES, detectForEval);

it('the labelled set is large enough and covers every class', () => {
  expect(report.cases).toBeGreaterThanOrEqual(150);
  expect(report.overall.labels).toBeGreaterThanOrEqual(400);
  expect(new Set(EVAL_CASES.map((c) => c.id)).size).toBe(EVAL_CASES.length);
  for (const { evalClass, cases } of report.byClass) expect([evalClass, cases >= 5]).toEqual([evalClass, true]);
  expect(report.byClass.map((c) => c.evalClass)).toEqual([...EVAL_CLASSES]);
});

it.each(['precision', 'recall', 'positions'] as const)('%s meets its target overall', (measure) => {
  expect(report.overall[measure]).toBeGreaterThanOrEqual(TARGETS[measure]);
});

describe('discovered names', () => {
  const discovery = evaluateDiscovery(EVAL_CASES);
  const labelled = EVAL_CASES.filter((c) => c.discovered !== undefined);

  it('are labelled on at least 60 answers, 200 names, across every industry and every surface style', () => {
    expect(discovery.overall.cases).toBeGreaterThanOrEqual(60);
    expect(discovery.overall.labels).toBeGreaterThanOrEqual(200);
    expect(new Set(labelled.map((c) => c.industry)).size).toBe(new Set(EVAL_CASES.map((c) => c.industry)).size);
    expect(new Set(labelled.map((c) => c.surface)).size).toBe(5);
  });

  it.each(['precision', 'recall'] as const)('%s meets its target overall', (measure) => {
    expect(discovery.overall[measure]).toBeGreaterThanOrEqual(DISCOVERY_TARGETS[measure]);
  });
});

describe('entity sentiment', () => {
  const sentiment = evaluateSentiment(SENTIMENT_CASES);

  it('meets its targets on the whole labelled set', () => {
    expect(sentiment.overall.macroF1).toBeGreaterThanOrEqual(SENTIMENT_TARGETS.macroF1);
    expect(sentiment.overall.multiBrand.accuracy).toBeGreaterThanOrEqual(SENTIMENT_TARGETS.multiBrandAccuracy);
    expect(meetsSentimentTargets(sentiment.overall)).toBe(true);
  });

  it('meets them with the brand alone, as a sentiment tracker (no competitors) reads it', () => {
    expect(sentiment.brandAlone.macroF1).toBeGreaterThanOrEqual(SENTIMENT_TARGETS.macroF1);
    expect(sentiment.brandAlone.multiBrand.accuracy).toBeGreaterThanOrEqual(SENTIMENT_TARGETS.multiBrandAccuracy);
    expect(meetsSentimentGate(sentiment)).toBe(true);
  });

  it('finds a mention of every labelled name', () => {
    expect(sentiment.misses.filter((m) => m.found === null)).toEqual([]);
  });
});
