import type { Run, RunAnswer } from '@brandradar/client';
import { answerPage, ANSWER_TEXT_CHARS, runOverview } from './results';

const answer = (model: RunAnswer['model'], sample: number, text: string | null, truncated = false): RunAnswer =>
  ({ model, sample, status: text === null ? 'failed' : 'succeeded', provider: 'simulated', providerModel: null, method: 'api', text, truncated, citations: [], searchQueries: [], consultedSources: null, metrics: null, error: null, fetchedAt: null, localised: false });

const run = (results: Run['results']): Run => ({ id: 'r', status: 'COMPLETED', summary: { answers: 3, succeeded: 2, failed: 1 }, results }) as unknown as Run;

describe('answerPage', () => {
  const long = 'x'.repeat(ANSWER_TEXT_CHARS + 10);
  const r = run([
    { prompt: '__proto__', answers: [answer('chatgpt', 1, 'one'), answer('chatgpt', 2, null)] },
    { prompt: 'monday.com vs $x 🚀', answers: [answer('perplexity', 1, long)] },
  ]);

  it('pages through the answers in run order, each with its prompt', () => {
    const first = answerPage(r, { limit: 2 });
    expect(first.answers.map((a) => [a.prompt, a.model, a.sample])).toEqual([
      ['__proto__', 'chatgpt', 1],
      ['__proto__', 'chatgpt', 2],
    ]);
    expect(first).toMatchObject({ total: 3, nextCursor: '2' });
    const second = answerPage(r, { cursor: first.nextCursor!, limit: 2 });
    expect(second.answers.map((a) => a.prompt)).toEqual(['monday.com vs $x 🚀']);
    expect(second.nextCursor).toBeNull();
  });

  it('cuts long texts and says so, keeping a failed answer null', () => {
    const [one, failed, cut] = answerPage(r, { limit: 20 }).answers;
    expect(one).toMatchObject({ text: 'one', truncated: false });
    expect(failed).toMatchObject({ text: null, truncated: false });
    expect(cut!.text).toHaveLength(ANSWER_TEXT_CHARS);
    expect(cut!.truncated).toBe(true);
  });

  it('keeps the provider’s own cut', () => {
    const page = answerPage(run([{ prompt: 'p', answers: [answer('gemini', 1, 'short', true)] }]), {});
    expect(page.answers[0]!.truncated).toBe(true);
  });

  it("carries a sentiment answer's label and the clauses that decided it, as offsets into its text", () => {
    const text = 'HubSpot is free to start, but Salesforce gets expensive.';
    const metrics = { analysisVersion: '2026-12-05.1', brands: [{ name: 'HubSpot', mentioned: true, spans: [{ start: 0, end: 7 }] }], sentiment: 'positive' as const, sentimentEvidence: [{ start: 0, end: 25 }] };
    const [read] = answerPage(run([{ prompt: 'p', answers: [{ ...answer('claude', 1, text), metrics }] }]), {}).answers;
    expect(read!.metrics).toEqual(metrics);
    expect(read!.metrics!.sentimentEvidence!.map((s) => read!.text!.slice(s.start, s.end))).toEqual(['HubSpot is free to start,']);
  });

  it('gives an empty last page past the end', () => {
    expect(answerPage(r, { cursor: '9', limit: 5 })).toEqual({ answers: [], total: 3, nextCursor: null });
  });
});

describe('runOverview', () => {
  it('leaves the answers out and counts the prompts', () => {
    const overview = runOverview(run([{ prompt: 'p', answers: [answer('chatgpt', 1, 'a')] }]));
    expect(overview).not.toHaveProperty('results');
    expect(overview).toMatchObject({ id: 'r', prompts: 1 });
  });
});
