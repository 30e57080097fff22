import type { SentimentEvalCase } from '../types';
import { CHATGPT } from './chatgpt';
import { CLAUDE } from './claude';
import { PERPLEXITY } from './perplexity';

/** Every answer labelled for entity sentiment, by surface style. */
export const SENTIMENT_CASES: readonly SentimentEvalCase[] = [...CHATGPT, ...CLAUDE, ...PERPLEXITY];
