/**
 * The OpenAPI examples of RunMetrics and RunDelta: a compare tracker (brand Acme, competitor Beta)
 * whose 12 answers on one surface list Acme in 9 (first in 6, third in 3), against a previous run
 * that listed it second in 4 of 12, each answer to its own prompt (so no cell has the two answers
 * `stability` needs). They are real output: a test recomputes them from those answers.
 */
// Every answer is on the one surface, so its figures are the run's.
const metricsBrands = [
  {
    name: 'Acme',
    role: 'brand',
    mentions: 9,
    mentionRate: { value: 0.75, count: 9, n: 12, clusters: 12, effectiveN: 12, interval: { low: 0.4676, high: 0.9111 } },
    averagePosition: { value: 1.67, n: 9 },
    positionQuartiles: { p25: 1, median: 1, p75: 3 },
    top3Rate: { value: 0.75, count: 9, n: 12, clusters: 12, effectiveN: 12, interval: { low: 0.4676, high: 0.9111 } },
    shareOfVoice: { value: 0.4286, count: 9, n: 21, clusters: 12, effectiveN: 21, interval: { low: 0.2446, high: 0.6346 } },
    stability: null,
  },
  {
    name: 'Beta',
    role: 'competitor',
    mentions: 12,
    mentionRate: { value: 1, count: 12, n: 12, clusters: 12, effectiveN: 12, interval: { low: 0.7575, high: 1 } },
    averagePosition: { value: 1.5, n: 12 },
    positionQuartiles: { p25: 1, median: 1.5, p75: 2 },
    top3Rate: { value: 1, count: 12, n: 12, clusters: 12, effectiveN: 12, interval: { low: 0.7575, high: 1 } },
    shareOfVoice: { value: 0.5714, count: 12, n: 21, clusters: 12, effectiveN: 21, interval: { low: 0.3654, high: 0.7554 } },
    stability: null,
  },
];

export const RUN_METRICS_EXAMPLE = {
  primitive: 'compare',
  answers: 12,
  brands: metricsBrands,
  bySurface: { chatgpt: { answers: 12, brands: metricsBrands } },
};

const deltaAnswers = { current: 12, previous: 12, change: 0 };
const deltaBrands = [
  {
    name: 'Acme',
    role: 'brand',
    presence: 'both',
    mentions: { current: 9, previous: 4, change: 5 },
    mentionRate: {
      current: 0.75,
      previous: 0.3333,
      change: 41.67,
      insufficientSample: false,
      pValue: 0.0995,
      significant: false,
    },
    averagePosition: { current: 1.67, previous: 2, change: null, insufficientSample: true },
    top3Rate: {
      current: 0.75,
      previous: 0.3333,
      change: 41.67,
      insufficientSample: false,
      pValue: 0.0995,
      significant: false,
    },
    shareOfVoice: {
      current: 0.4286,
      previous: 0.25,
      change: 17.86,
      insufficientSample: false,
      pValue: 0.2597,
      significant: false,
    },
  },
  {
    name: 'Beta',
    role: 'competitor',
    presence: 'both',
    mentions: { current: 12, previous: 12, change: 0 },
    mentionRate: { current: 1, previous: 1, change: 0, insufficientSample: false, pValue: 1, significant: false },
    averagePosition: { current: 1.5, previous: 1, change: 0.5, insufficientSample: false },
    top3Rate: { current: 1, previous: 1, change: 0, insufficientSample: false, pValue: 1, significant: false },
    shareOfVoice: {
      current: 0.5714,
      previous: 0.75,
      change: -17.86,
      insufficientSample: false,
      pValue: 0.2597,
      significant: false,
    },
  },
];

export const RUN_DELTA_EXAMPLE = {
  primitive: 'compare',
  previousRunId: '5b0f4e36-8a77-4d2c-9c1e-2f3a4b5c6d7e',
  note: 'Changes between runs do not establish cause.',
  minimumAnswers: 10,
  significanceLevel: 0.05,
  answers: deltaAnswers,
  brands: deltaBrands,
  bySurface: { chatgpt: { answers: deltaAnswers, brands: deltaBrands } },
};
