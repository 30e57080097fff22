import {
  MAX_ANSWER_TEXT_CHARS,
  MAX_CITATIONS_PER_ANSWER,
  MAX_CITATION_TITLE_CHARS,
  MAX_CONSULTED_SOURCES,
  MAX_SEARCH_QUERIES,
  MAX_SEARCH_QUERY_CHARS,
  MAX_URL_CHARS,
  RUN_ANSWERS_PAGE_BYTES,
  RunAnswer,
  SURFACES,
  type Tracker,
  type TrackerDefinition,
} from '@brandradar/contracts';
import { randomUUID } from 'node:crypto';
import { computeDelta, computeMetrics } from '@brandradar/analysis';
import { answerMetrics } from './answer-metrics';
import { boundAnswer, boundResearch } from './bounds';
import { jsonBytes, pageLength } from './page';
import { newRun, runHead } from './run';

describe('pageLength', () => {
  it('takes items while their sizes fit the budget', () => {
    expect(pageLength([100, 200, 300], 600)).toBe(3);
    expect(pageLength([100, 200, 300], 599)).toBe(2);
    expect(pageLength([100, 200, 300], 300)).toBe(2);
    expect(pageLength([100, 200, 300], 299)).toBe(1);
  });

  it('always takes the first item, even one over the budget, so paging moves on', () => {
    expect(pageLength([1_000, 1], 10)).toBe(1);
    expect(pageLength([], 10)).toBe(0);
  });
});

describe('one answer at the caps', () => {
  // The worst case for JSON size: 3 UTF-8 bytes per UTF-16 unit (a BMP character beyond U+07FF),
  // quotes and backslashes (2 bytes as JSON), 20 citations with the longest URL and title, and 21
  // tracked names of 100 such characters each.
  const wide = (n: number) => '\u4e16'.repeat(n);
  const names = Array.from({ length: 21 }, (_, i) => `${i}${wide(99)}`);
  const definition: TrackerDefinition = {
    name: 'worst case',
    cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
    primitive: 'compare',
    prompts: ['p'],
    models: ['chatgpt'],
    brand: names[0]!,
    competitors: names.slice(1),
    url: null,
  };
  const text = `${names.join('\n')}\n"\\\u0000${wide(2 * MAX_ANSWER_TEXT_CHARS)}`;
  const citations = Array.from({ length: 40 }, (_, i) => ({ url: `https://s${i}.example/${wide(MAX_URL_CHARS)}`.slice(0, MAX_URL_CHARS), title: wide(2 * MAX_CITATION_TITLE_CHARS) }));
  const bounded = boundAnswer(text, citations);
  const queries = Array.from({ length: 2 * MAX_SEARCH_QUERIES }, () => wide(2 * MAX_SEARCH_QUERY_CHARS));
  const research = boundResearch(queries, [...citations, ...citations, ...citations]);
  const answer: RunAnswer = {
    model: 'chatgpt',
    sample: 10,
    status: 'succeeded',
    provider: 'openai',
    providerModel: 'm'.repeat(200),
    method: 'api',
    ...bounded,
    ...research,
    metrics: answerMetrics(definition, bounded.text, bounded.citations),
    error: null,
    fetchedAt: '2026-11-22T09:00:00.000Z',
    localised: false,
  };

  it('is valid and fits a page of answers with room to spare', () => {
    expect(RunAnswer.parse(answer)).toEqual(answer);
    expect(answer.text).toHaveLength(MAX_ANSWER_TEXT_CHARS);
    expect(answer.citations).toHaveLength(MAX_CITATIONS_PER_ANSWER);
    expect(answer.searchQueries).toHaveLength(MAX_SEARCH_QUERIES);
    expect(answer.consultedSources).toHaveLength(MAX_CONSULTED_SOURCES);
    const bytes = jsonBytes({ promptIndex: 29, answer });
    expect(bytes).toBeGreaterThan(300_000);
    expect(bytes).toBeLessThan(RUN_ANSWERS_PAGE_BYTES * 0.9);
  });
});

const tracker: Tracker = {
  id: randomUUID(),
  name: 'n'.repeat(100),
  status: 'ACTIVE',
  cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
  primitive: 'citations',
  prompts: ['p'],
  brand: null,
  competitors: [],
  url: null,
  aliases: [],
  models: [...SURFACES],
  samplesPerPrompt: 1,
  samplingMode: 'fixed',
  alerts: { significantChange: false },
  country: null,
  estimatedCostMicroPerRun: 1,
  maxCostMicroPerRun: 1,
  nextRunAt: null,
  lastRunAt: null,
  pauseReason: null,
  createdAt: '2026-11-22T09:00:00.000Z',
  updatedAt: '2026-11-22T09:00:00.000Z',
};

describe('a run head at the caps', () => {
  it('fits one NATS message (1 MiB) with room to spare, whatever its answers cite', () => {
    // 150 answers citing 20 distinct domains of 253 characters each, against a run citing 3,000 others.
    const cites = (run: string) => (a: number) => Array.from({ length: 20 }, (_, c) => ({ url: `https://${run}${a}x${c}${'d'.repeat(240)}.com/`, title: null }));
    const answers = (run: string) => Array.from({ length: 150 }, (_, a) => ({ prompt: `p${a % 30}`, surface: SURFACES[a % 5]!, text: 't', citations: cites(run)(a) }));
    const metrics = computeMetrics({ primitive: 'citations', brand: null, competitors: [], url: `https://${'u'.repeat(2_000)}.com/`, answers: answers('now') });
    const delta = computeDelta(metrics, computeMetrics({ primitive: 'citations', brand: null, competitors: [], url: null, answers: answers('then') }));
    const prompts = Array.from({ length: 30 }, (_, i) => `${i}${'\u4e16'.repeat(1_999)}`);
    const run = newRun({ accountId: randomUUID(), tracker: { ...tracker, prompts, primitive: 'citations' }, definitionVersion: 1, trigger: 'manual', requestToken: 'r'.repeat(200), scheduledFor: null, estimatedCostMicro: 1, now: new Date(), deadlineAt: new Date() });
    const head = runHead({ ...run, status: 'COMPLETED', metrics, delta });
    expect(jsonBytes(head)).toBeLessThan(RUN_ANSWERS_PAGE_BYTES);
  });
});
