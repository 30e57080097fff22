import { createHash } from 'node:crypto';
import { SURFACES, type Surface } from '@brandradar/contracts';
import { AGREEMENT_PROMPTS, measureResearch } from './agreement';
import { createSimulatedClient, simulateAnswer } from './simulated';

const REPORTING: Surface[] = ['chatgpt', 'claude', 'gemini'];
const prompt = 'What is the best CRM for startups?';
const draws = (surface: Surface, runId: string, count: number, country?: string) =>
  Array.from({ length: count }, (_, i) => simulateAnswer(surface, prompt, { runId, sample: i + 1 }, country));
const hostOf = (url: string) => new URL(url).hostname.replace(/^www\./, '');

describe('simulated searches and pages read', () => {
  it('draws the same searches and pages for the same run, prompt, surface, sample and market', () => {
    for (const surface of SURFACES) {
      expect(draws(surface, 'run-1', 5)).toEqual(draws(surface, 'run-1', 5));
      expect(draws(surface, 'run-1', 5, 'de')).toEqual(draws(surface, 'run-1', 5, 'de'));
    }
    const queries = draws('chatgpt', 'run-1', 20).map((a) => a.searchQueries.join('\n'));
    expect(new Set(queries).size).toBeGreaterThan(10);
  });

  it('reports them where the real API does, and on perplexity and google_ai_overview neither', () => {
    for (const surface of SURFACES) {
      const answers = [simulateAnswer(surface, prompt), ...draws(surface, 'run-1', 20), ...draws(surface, 'run-1', 5, 'de')];
      for (const answer of answers) {
        if (REPORTING.includes(surface)) {
          expect(answer.searchQueries.length).toBeGreaterThan(0);
          expect(answer.consultedSources).not.toBeNull();
        } else {
          expect(answer.searchQueries).toEqual([]);
          expect(answer.consultedSources).toBeNull();
        }
      }
    }
  });

  it('runs about as many searches per answer as each surface is published to (figures in README.md)', () => {
    const chatgpt = measureResearch('chatgpt');
    expect(chatgpt.answers).toBe(600);
    expect(chatgpt.searchesPerAnswer.mean).toBeGreaterThan(2.5);
    expect(chatgpt.searchesPerAnswer.mean).toBeLessThan(4.5);
    expect(chatgpt.searchesPerAnswer).toMatchObject({ min: 1, max: 6 });
    const claude = measureResearch('claude');
    expect(claude.searchesPerAnswer.mean).toBeLessThan(chatgpt.searchesPerAnswer.mean);
    expect(claude.searchesPerAnswer.max).toBeLessThanOrEqual(3);
    expect(measureResearch('gemini').searchesPerAnswer).toMatchObject({ min: 1, max: 4 });
  });

  it('changes about half of the searches between runs of one prompt, repeating some often', () => {
    for (const surface of REPORTING) {
      const { changedAcrossRuns } = measureResearch(surface);
      expect(changedAcrossRuns).toBeGreaterThan(0.35);
      expect(changedAcrossRuns).toBeLessThan(0.8);
    }
    const counts = new Map<string, number>();
    for (const query of [...draws('chatgpt', 'run-1', 25), ...draws('chatgpt', 'run-2', 25)].flatMap((a) => a.searchQueries)) counts.set(query, (counts.get(query) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeGreaterThan(25);
    expect(Math.min(...counts.values())).toBeLessThan(10);
  });

  it('searches as people do: in the prompt’s words, reformulated, per product and per site', () => {
    const queries = new Set([...draws('chatgpt', 'run-1', 50), ...draws('claude', 'run-1', 50)].flatMap((a) => a.searchQueries));
    expect(queries).toContain('What is the best CRM for startups');
    expect(queries).toContain('best crm software for startups 2026');
    expect(queries).toContain('Salesforce reviews');
    expect([...queries].some((q) => q.startsWith('site:'))).toBe(true);
    expect([...queries].some((q) => / vs /.test(q))).toBe(true);
    const named = new Set(Array.from({ length: 30 }, (_, i) => simulateAnswer('chatgpt', 'Best CRM for a small team: HubSpot or Salesforce?', { runId: 'r', sample: i + 1 }).searchQueries).flat());
    expect(named).toContain('HubSpot vs Salesforce');
    expect(named).toContain('best crm software for a small team 2026');
  });

  it('reads every page it cites and a few more, some sites often and never cited', () => {
    const answers = REPORTING.flatMap((surface) => draws(surface, 'run-1', 30));
    for (const { citations, consultedSources } of answers) expect(consultedSources).toEqual(expect.arrayContaining(citations));
    const uncited = answers.map((a) => a.consultedSources!.length - a.citations.length);
    expect(uncited.reduce((sum, n) => sum + n, 0) / uncited.length).toBeGreaterThan(1);
    const read = answers.filter((a) => a.consultedSources!.some((s) => hostOf(s.url) === 'trustpilot.com'));
    expect(read.length / answers.length).toBeGreaterThan(0.3);
    expect(answers.flatMap((a) => a.citations).some((c) => hostOf(c.url) === 'trustpilot.com')).toBe(false);
    for (const { consultedSources } of answers) for (const { title } of consultedSources!) expect(title).not.toBe('');
  });

  it('keeps the fixed answer’s searches and pages, the same in every market and for every draw when fixed', async () => {
    const fixed = SURFACES.flatMap((s) => AGREEMENT_PROMPTS.slice(4, 10).map((p) => simulateAnswer(s, p)));
    const research = fixed.map(({ searchQueries, consultedSources }) => ({ searchQueries, consultedSources }));
    expect(createHash('sha256').update(JSON.stringify(research)).digest('hex')).toBe('d10754ae6b24d861fa51ba0b65b46f770e058949abdd25cd5516ef2429dfe995');
    const { localised: _, ...inGermany } = simulateAnswer('chatgpt', prompt, undefined, 'de');
    expect({ ...inGermany, localised: false }).toEqual(simulateAnswer('chatgpt', prompt));
    const asked = await createSimulatedClient('chatgpt', 'fixed').ask(prompt, { signal: new AbortController().signal, draw: { runId: 'run-1', sample: 2 } });
    expect(asked).toMatchObject({ searchQueries: simulateAnswer('chatgpt', prompt).searchQueries, consultedSources: simulateAnswer('chatgpt', prompt).consultedSources });
  });

  it('stays bounded on hostile prompts', () => {
    const hostile = ['$x', '__proto__', 'best crm for 🚀 teams 🚀🚀', 'Best CRM for ' + 'Acme '.repeat(40), 'x'.repeat(200), `Is Acme good${'?'.repeat(64 * 1024)}`, `${'Zz'.repeat(2_000)} for ${'q'.repeat(2_000)}`];
    for (const text of hostile)
      for (const surface of SURFACES)
        for (const answer of [simulateAnswer(surface, text), simulateAnswer(surface, text, { runId: 'r', sample: 1 }, 'de')]) {
          expect(answer.searchQueries.length).toBeLessThanOrEqual(50);
          for (const query of answer.searchQueries) expect(query.length).toBeLessThanOrEqual(500);
          expect(answer.consultedSources?.length ?? 0).toBeLessThanOrEqual(100);
          for (const { url } of answer.consultedSources ?? []) expect(new URL(url).protocol).toBe('https:');
        }
  });
});
