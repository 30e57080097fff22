import type { SentimentEvalCase } from '../types';
import { CHATGPT } from './chatgpt';
import { CLAUDE } from './claude';
import { GEMINI } from './gemini';
import { GOOGLE_AI_OVERVIEW } from './google-ai-overview';
import { PERPLEXITY } from './perplexity';

/** Every answer labelled for entity sentiment, by surface style. */
export const SENTIMENT_CASES: readonly SentimentEvalCase[] = [...CHATGPT, ...CLAUDE, ...PERPLEXITY, ...GEMINI, ...GOOGLE_AI_OVERVIEW];
