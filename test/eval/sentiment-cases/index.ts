import type { SentimentEvalCase } from '../types';
import { CHATGPT } from './chatgpt';
import { CLAUDE } from './claude';
import { GEMINI } from './gemini';
import { GOOGLE_AI_OVERVIEW } from './google-ai-overview';
import { PERPLEXITY } from './perplexity';

/** Every answer labelled for entity sentiment, by surface style. */
export const SENTIMENT_CASES: readonly SentimentEvalCase[] = [...CHATGPT, ...CLAUDE, ...PERPLEXITY, ...GEMINI, ...GOOGLE_AI_OVERVIEW];

/**
 * A blind test set, apart from SENTIMENT_CASES: 40 answers written and labelled after the rules
 * were frozen (2026-12-05), to measure how the frozen scorer generalises. Never used to tune rules.
 */
export { FRESH_SENTIMENT_CASES } from './fresh';
