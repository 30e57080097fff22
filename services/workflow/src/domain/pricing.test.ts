import { DEFAULT_RATES, DEFAULT_SURFACES, SURFACES, WORKFLOW_STEPS } from '@brandradar/contracts';
import { chargeMicro, maxChargeMicro } from './pricing';

describe('pricing (api-contract §6, §7)', () => {
  it('makes a default call where everything succeeds cost exactly 82,000', () => {
    expect(maxChargeMicro(DEFAULT_RATES, DEFAULT_SURFACES)).toBe(82_000);
    expect(chargeMicro(DEFAULT_RATES, WORKFLOW_STEPS, DEFAULT_SURFACES)).toBe(82_000);
  });

  it('holds every step plus every surface asked: 93,000 for a full sweep', () => {
    expect(maxChargeMicro(DEFAULT_RATES, SURFACES)).toBe(69_000 + 24_000);
    expect(maxChargeMicro(DEFAULT_RATES, ['claude'])).toBe(74_000);
  });

  it('charges nothing for a failed step or a surface that did not answer', () => {
    expect(chargeMicro(DEFAULT_RATES, ['answers', 'citations', 'keyword_demand', 'questions'], DEFAULT_SURFACES)).toBe(82_000 - 16_000);
    expect(chargeMicro(DEFAULT_RATES, WORKFLOW_STEPS, ['perplexity', 'gemini'])).toBe(82_000 - 5_000);
    expect(chargeMicro(DEFAULT_RATES, ['keyword_demand', 'questions', 'video_trends'], [])).toBe(42_000);
    expect(chargeMicro(DEFAULT_RATES, [], [])).toBe(0);
  });

  it('prices at the rate card it is given', () => {
    const rates = { surfaces: { ...DEFAULT_RATES.surfaces, chatgpt: 7_000 }, workflowSteps: { ...DEFAULT_RATES.workflowSteps, questions: 1 } };
    expect(chargeMicro(rates, ['questions'], ['chatgpt'])).toBe(7_001);
  });
});
