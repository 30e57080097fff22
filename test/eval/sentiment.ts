/**
 * Entity sentiment scored on its labelled set (sentiment-cases/): each labelled name is scored with
 * the case's other labelled names as the names it may be compared with, as a tracker's would be.
 * A name the scorer finds no mention of counts as wrong for its labelled class.
 */
import { brandSentiment } from '@brandradar/analysis';
import type { Sentiment, SentimentEvalCase } from './types';

/** The release gate: below either, `npm run eval` and its unit test fail. */
export const SENTIMENT_TARGETS = { macroF1: 0.8, multiBrandAccuracy: 0.8 } as const;

const CLASSES: readonly Sentiment[] = ['positive', 'neutral', 'negative'];

export interface SentimentScores {
  labels: number;
  accuracy: number;
  /** The mean of the three classes' F1. */
  macroF1: number;
  f1: Record<Sentiment, number>;
  /** The labels in sentences or list items naming two or more brands judged differently. */
  multiBrand: { labels: number; accuracy: number };
}

interface SentimentMiss {
  caseId: string;
  name: string;
  expected: Sentiment;
  found: Sentiment | null;
}

export interface SentimentReport {
  overall: SentimentScores;
  /** The cases whose number is a multiple of 5, never looked at while the rules were written. */
  heldOut: SentimentScores;
  /**
   * Every label scored with no other names given, as a sentiment tracker (which has no
   * competitors) reads its brand: other names are then only what the scorer recognises itself.
   */
  brandAlone: SentimentScores;
  misses: SentimentMiss[];
}

interface Outcome {
  caseId: string;
  name: string;
  expected: Sentiment;
  found: Sentiment | null;
  multiBrand: boolean;
}

/** Whether a case is held out: its number (`sent-gemini-15` is 15) is a multiple of 5. */
function isHeldOut(c: SentimentEvalCase): boolean {
  return Number(/(\d+)$/.exec(c.id)?.[1] ?? 1) % 5 === 0;
}

export function evaluateSentiment(cases: readonly SentimentEvalCase[]): SentimentReport {
  const outcomes = (of: readonly SentimentEvalCase[], withOthers = true): Outcome[] =>
    of.flatMap((c) =>
      c.labels.map((label) => {
        const others = withOthers ? c.labels.filter((l) => l.name !== label.name).map((l) => ({ name: l.name })) : [];
        const found = brandSentiment(c.text, { name: label.name }, others)?.label ?? null;
        return { caseId: c.id, name: label.name, expected: label.sentiment, found, multiBrand: label.multiBrand };
      }),
    );
  const all = outcomes(cases);
  return {
    overall: scoresOf(all),
    heldOut: scoresOf(outcomes(cases.filter(isHeldOut))),
    brandAlone: scoresOf(outcomes(cases, false)),
    misses: all.filter((o) => o.found !== o.expected).map(({ caseId, name, expected, found }) => ({ caseId, name, expected, found })),
  };
}

function scoresOf(outcomes: readonly Outcome[]): SentimentScores {
  const f1: Record<Sentiment, number> = { positive: f1Of(outcomes, 'positive'), neutral: f1Of(outcomes, 'neutral'), negative: f1Of(outcomes, 'negative') };
  const multi = outcomes.filter((o) => o.multiBrand);
  return {
    labels: outcomes.length,
    accuracy: accuracyOf(outcomes),
    macroF1: CLASSES.reduce((sum, cls) => sum + f1[cls], 0) / CLASSES.length,
    f1,
    multiBrand: { labels: multi.length, accuracy: accuracyOf(multi) },
  };
}

function accuracyOf(outcomes: readonly Outcome[]): number {
  return outcomes.length === 0 ? 1 : outcomes.filter((o) => o.found === o.expected).length / outcomes.length;
}

function f1Of(outcomes: readonly Outcome[], cls: Sentiment): number {
  const truePositives = outcomes.filter((o) => o.expected === cls && o.found === cls).length;
  const predicted = outcomes.filter((o) => o.found === cls).length;
  const actual = outcomes.filter((o) => o.expected === cls).length;
  return predicted + actual === 0 ? 1 : (2 * truePositives) / (predicted + actual);
}

/** The gate: the targets on the whole set, both with the other names given and with the brand alone. */
export function meetsSentimentGate(r: SentimentReport): boolean {
  return meetsSentimentTargets(r.overall) && meetsSentimentTargets(r.brandAlone);
}

export function meetsSentimentTargets(s: SentimentScores): boolean {
  return s.macroF1 >= SENTIMENT_TARGETS.macroF1 && s.multiBrand.accuracy >= SENTIMENT_TARGETS.multiBrandAccuracy;
}
