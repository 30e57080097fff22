import type { AnswerRecord } from './run';
import { runOutcome } from './outcome';

const rates = { chatgpt: 5_000, claude: 5_000, perplexity: 4_000, gemini: 4_000, google_ai_overview: 6_000 };
const answer = (model: AnswerRecord['model'], ok: boolean): AnswerRecord => ({
  promptIndex: 0,
  model,
  sample: 1,
  status: ok ? 'succeeded' : 'failed',
  provider: 'simulated',
  providerModel: null,
  method: 'api',
  text: ok ? 'x' : null,
  truncated: false,
  citations: [],
  searchQueries: [],
  consultedSources: null,
  metrics: null,
  error: ok ? null : { code: 'server_error', message: 'boom' },
  fetchedAt: null,
  localised: false,
});

describe('runOutcome', () => {
  it('bills every succeeded answer at its surface rate: 3 prompts × 3 surfaces with gemini down → PARTIAL, 27,000', () => {
    const answers = [0, 1, 2].flatMap(() => [answer('chatgpt', true), answer('perplexity', true), answer('gemini', false)]);
    expect(runOutcome(answers, 9, rates)).toEqual({ status: 'PARTIAL', billedCostMicro: 3 * (5_000 + 4_000) });
  });

  it('is COMPLETED only when all expected answers succeeded', () => {
    expect(runOutcome([answer('claude', true), answer('google_ai_overview', true)], 2, rates)).toEqual({ status: 'COMPLETED', billedCostMicro: 11_000 });
    expect(runOutcome([answer('claude', true)], 2, rates).status).toBe('PARTIAL');
  });

  it('bills nothing when nothing succeeded', () => {
    expect(runOutcome([answer('chatgpt', false), answer('gemini', false)], 2, rates)).toEqual({ status: 'FAILED', billedCostMicro: 0 });
    expect(runOutcome([], 2, rates)).toEqual({ status: 'FAILED', billedCostMicro: 0 });
  });
});
