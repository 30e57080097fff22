import type { SentimentEvalCase, SentimentEvalLabel } from '../types';

/**
 * How the answer speaks of `name`. `multi`: the label sits in a sentence or list item that names
 * two or more brands the answer judges differently (the cases a whole-sentence scorer cannot get right).
 */
const label =
  (sentiment: SentimentEvalLabel['sentiment']) =>
  (name: string, multi?: 'multi'): SentimentEvalLabel => ({ name, sentiment, multiBrand: multi === 'multi' });

export const pos = label('positive');
export const neg = label('negative');
export const neu = label('neutral');

/** The case builder of one surface: ids read `sent-<surface>-<nn>`. */
export const surfaceCase =
  (surface: SentimentEvalCase['surface']) =>
  (id: string, industry: string, text: string, labels: SentimentEvalLabel[]): SentimentEvalCase => ({
    id: `sent-${surface}-${id}`,
    surface,
    industry,
    text,
    labels,
  });
