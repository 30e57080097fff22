import { createHash } from 'node:crypto';
import { SURFACES, type Surface } from '@brandradar/contracts';
import { AGREEMENT_PROMPTS, brandsInOrder, measureAgreement } from './agreement';
import { brandsInPrompt, marketFor } from './brands';
import { cellKey, latentLineup } from './latent';
import { createSimulatedClient, simulateAnswer } from './simulated';

/** Generic prompts, one naming brands, other markets and an invented one. */
const PROMPTS = AGREEMENT_PROMPTS.slice(4, 10);

describe('simulateAnswer', () => {
  it('gives the same answer to the same surface and prompt, always', () => {
    for (const surface of SURFACES) for (const prompt of PROMPTS) expect(simulateAnswer(surface, prompt)).toEqual(simulateAnswer(surface, prompt));
  });

  it('gives the fixed answers it gave before answers were drawn (tests with SIMULATED_VARIATION=fixed pin them)', () => {
    const answers = SURFACES.flatMap((s) => PROMPTS.map((p) => simulateAnswer(s, p)));
    expect(answers.every((a) => !a.localised)).toBe(true);
    // Taken at c85ce3c, the last commit with fixed answers only; `localised` came later, as a label,
    // and searches and pages read later still, from a stream of their own (research.test.ts pins them).
    const contents = answers.map(({ model, text, citations }) => ({ model, text, citations }));
    expect(createHash('sha256').update(JSON.stringify(contents)).digest('hex')).toBe('d220853a6d018b91910d9c738a0123b2c903add257c41f3966504d523ac271d6');
  });

  it('depends on nothing but its input: no Math.random, no clock', () => {
    const random = jest.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random used');
    });
    const now = jest.spyOn(Date, 'now').mockImplementation(() => {
      throw new Error('Date.now used');
    });
    try {
      for (const surface of SURFACES) simulateAnswer(surface, PROMPTS[1]!);
      for (const surface of SURFACES) simulateAnswer(surface, PROMPTS[1]!, { runId: 'run', sample: 1 });
    } finally {
      random.mockRestore();
      now.mockRestore();
    }
  });

  it('labels its model by surface', () => {
    expect(SURFACES.map((s) => simulateAnswer(s, PROMPTS[0]!).model)).toEqual(SURFACES.map((s) => `simulated-${s}`));
  });

  it('answers differently across prompts and surfaces', () => {
    const texts = SURFACES.flatMap((s) => PROMPTS.map((p) => simulateAnswer(s, p).text));
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('varies its form: numbered lists, bullets and prose', () => {
    const texts = SURFACES.flatMap((s) => PROMPTS.map((p) => simulateAnswer(s, p).text));
    expect(texts.some((t) => /^1\. /m.test(t))).toBe(true);
    expect(texts.some((t) => /^- /m.test(t))).toBe(true);
    expect(texts.some((t) => !/^(1\.|-) /m.test(t))).toBe(true);
  });

  it('ranks plausible products of the market the prompt is about', () => {
    const text = simulateAnswer('chatgpt', 'What is the best CRM for startups?').text;
    const known = ['Salesforce', 'HubSpot', 'Pipedrive', 'Zoho CRM', 'Freshsales', 'Monday Sales CRM', 'Close', 'Copper', 'Insightly', 'Attio'];
    expect(known.filter((name) => text.includes(name)).length).toBeGreaterThanOrEqual(3);
  });

  it('mentions the brands the prompt names on most surfaces', () => {
    const prompt = 'Is HubSpot better than Acme Cloud for a small sales team?';
    const mentioning = SURFACES.filter((s) => simulateAnswer(s, prompt).text.includes('Acme Cloud'));
    expect(mentioning.length).toBeGreaterThanOrEqual(3);
  });

  it('uses both favourable and critical wording', () => {
    const texts = SURFACES.flatMap((s) => PROMPTS.map((p) => simulateAnswer(s, p).text)).join('\n');
    expect(texts).toMatch(/stands out|strong pick|praise|widely recommended/i);
    expect(texts).toMatch(/falls short|complain|steer away/i);
  });

  it('cites realistic URLs whose variants need normalising', () => {
    const citations = SURFACES.flatMap((s) => PROMPTS.flatMap((p) => simulateAnswer(s, p).citations));
    for (const { url } of citations) expect(new URL(url).protocol).toBe('https:');
    const urls = citations.map((c) => c.url);
    expect(urls.some((u) => u.includes('utm_'))).toBe(true);
    expect(urls.some((u) => new URL(u).hostname.startsWith('www.'))).toBe(true);
    expect(urls.some((u) => !new URL(u).hostname.startsWith('www.'))).toBe(true);
    expect(citations.some((c) => c.title === null)).toBe(true);
  });

  it('tags chatgpt links the way ChatGPT does', () => {
    const urls = PROMPTS.flatMap((p) => simulateAnswer('chatgpt', p).citations.map((c) => c.url));
    expect(urls.some((u) => u.includes('utm_source=chatgpt.com'))).toBe(true);
  });
});

describe('simulateAnswer with a draw', () => {
  const prompt = 'What is the best CRM for startups?';
  const draws = (runId: string, count: number) => Array.from({ length: count }, (_, i) => simulateAnswer('chatgpt', prompt, { runId, sample: i + 1 }));

  it('gives the same answer to the same run, prompt, surface and sample', () => {
    for (const surface of SURFACES) expect(simulateAnswer(surface, prompt, { runId: 'run-1', sample: 2 })).toEqual(simulateAnswer(surface, prompt, { runId: 'run-1', sample: 2 }));
  });

  it('answers each sample and each run differently', () => {
    const texts = [...draws('run-1', 20), ...draws('run-2', 20)].map((a) => a.text);
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts).not.toContain(simulateAnswer('chatgpt', prompt).text);
  });

  it("names each product about as often as the cell's latent probability says", () => {
    const latent = latentLineup(marketFor(prompt, []), [], cellKey('chatgpt', prompt));
    const names = latent.map((l) => l.product.name);
    const lists = draws('run-1', 200).map((a) => brandsInOrder(a.text, names));
    const top = latent.reduce((a, b) => (b.probability > a.probability ? b : a));
    const tail = latent.reduce((a, b) => (b.probability < a.probability ? b : a));
    expect(top.probability).toBeGreaterThan(0.55);
    expect(tail.probability).toBeLessThan(0.3);
    // 200 answers: one standard error is at most 0.035; 0.08 is over two.
    for (const { product, probability } of [top, tail]) expect(Math.abs(lists.filter((l) => l.includes(product.name)).length / 200 - probability)).toBeLessThan(0.08);
  });

  it('cites the same pages across answers, but not always the same ones', () => {
    const urls = draws('run-1', 20).map((a) => a.citations.map((c) => new URL(c.url).pathname));
    const reddit = new Set(urls.flat().filter((u) => u.startsWith('/r/')));
    expect(reddit.size).toBe(1);
    expect(new Set(urls.map((u) => u.join(' '))).size).toBeGreaterThan(10);
  });

  it('agrees between samples about as rarely as real surfaces do (figures in README.md)', () => {
    const agreement = measureAgreement();
    expect(agreement.answers).toBe(3000);
    expect(agreement.identicalBrandLists).toBeLessThan(0.02);
    expect(agreement.identicalOrder).toBeLessThan(agreement.identicalBrandLists);
    expect(agreement.topBrandRate.median).toBeGreaterThan(0.55);
    expect(agreement.topBrandRate.median).toBeLessThan(0.85);
    expect(agreement.overlapAcrossRuns).toBeGreaterThan(0.25);
  });
});

describe('simulateAnswer for a market', () => {
  const prompt = 'What is the best CRM for startups?';
  const draw = { runId: 'run-1', sample: 1 };
  const drawsIn = (surface: Surface, country?: string) => Array.from({ length: 10 }, (_, i) => simulateAnswer(surface, prompt, { runId: 'run-1', sample: i + 1 }, country));

  it('is localised exactly on the surfaces whose real API takes a country', () => {
    const localised = (country?: string) => Object.fromEntries(SURFACES.map((s) => [s, simulateAnswer(s, prompt, draw, country).localised]));
    expect(localised('de')).toEqual({ chatgpt: true, claude: true, perplexity: true, gemini: false, google_ai_overview: true });
    expect(localised()).toEqual({ chatgpt: false, claude: false, perplexity: false, gemini: false, google_ai_overview: false });
  });

  it("draws a localised answer from the market's own cell, reproducibly, whatever the code's case", () => {
    expect(drawsIn('chatgpt', 'de')).toEqual(drawsIn('chatgpt', 'DE'));
    const texts = (country?: string) => drawsIn('chatgpt', country).map((a) => a.text);
    expect(texts('de')).not.toEqual(texts());
    expect(texts('de')).not.toEqual(texts('fr'));
    expect(latentLineup(marketFor(prompt, []), [], cellKey('chatgpt', prompt, 'de'))).not.toEqual(latentLineup(marketFor(prompt, []), [], cellKey('chatgpt', prompt)));
  });

  it('answers as without a market where the surface cannot localise (gemini)', () => {
    expect(drawsIn('gemini', 'de')).toEqual(drawsIn('gemini'));
  });

  it('draws the answers it drew before markets existed when there is no country (stored runs replay as they were)', () => {
    const drawn = SURFACES.flatMap((s) => PROMPTS.map((p) => simulateAnswer(s, p, draw)));
    // Taken at 0860068, the last commit before markets; searches and pages read came later, drawn apart.
    const contents = drawn.map(({ model, text, citations }) => ({ model, text, citations }));
    expect(createHash('sha256').update(JSON.stringify(contents)).digest('hex')).toBe('88719c0d5189b8642519dbc6effefd12b631c4dc91cc89bb40ebc2458e1ed0be');
  });

  it('keeps the fixed answer the same in every market, localised where the surface takes one', () => {
    const { localised, ...fixed } = simulateAnswer('claude', prompt, undefined, 'de');
    expect(localised).toBe(true);
    expect({ ...fixed, localised: false }).toEqual(simulateAnswer('claude', prompt));
  });
});

describe('brandsInPrompt', () => {
  it('reads runs of capitalised words, skipping question words and category acronyms', () => {
    expect(brandsInPrompt('Is HubSpot better than Zoho CRM or Acme Cloud for SaaS?')).toEqual(['HubSpot', 'Zoho CRM', 'Acme Cloud']);
    expect(brandsInPrompt('What is the best CRM?')).toEqual([]);
    expect(brandsInPrompt("Compare 1Password and Bitwarden's free plans")).toEqual(['1Password', 'Bitwarden']);
  });
});

describe('simulateAnswer on a 256 KiB prompt', () => {
  it('drops a run of trailing question marks from the question a discussion thread is titled with', () => {
    const answer = simulateAnswer('chatgpt', `Is Acme good${'?'.repeat(256 * 1024)}`);
    expect(answer.citations.map((c) => c.title)).toContain('Is Acme good : r/BuyItForLife');
  });
});

describe('createSimulatedClient', () => {
  it('labels itself simulated, answering google_ai_overview from a results page', async () => {
    expect(createSimulatedClient('chatgpt', 'drawn')).toMatchObject({ provider: 'simulated', method: 'api' });
    expect(createSimulatedClient('google_ai_overview', 'drawn')).toMatchObject({ provider: 'simulated', method: 'serp' });
  });

  it('draws its answer when asked with a draw, and gives the fixed answer without one (content briefs)', async () => {
    const signal = new AbortController().signal;
    const draw = { runId: 'run-1', sample: 3 };
    expect(await createSimulatedClient('claude', 'drawn').ask('best crm', { signal, draw })).toEqual(simulateAnswer('claude', 'best crm', draw));
    expect(await createSimulatedClient('claude', 'drawn').ask('best crm', { signal })).toEqual(simulateAnswer('claude', 'best crm'));
    expect(await createSimulatedClient('claude', 'drawn').ask('best crm', { signal, draw, country: 'de' })).toEqual(simulateAnswer('claude', 'best crm', draw, 'de'));
  });

  it('gives the fixed answer to every draw when its variation is fixed', async () => {
    const answer = await createSimulatedClient('claude', 'fixed').ask('best crm', { signal: new AbortController().signal, draw: { runId: 'run-1', sample: 3 } });
    expect(answer).toEqual(simulateAnswer('claude', 'best crm'));
  });

  it('honours an aborted signal', async () => {
    await expect(createSimulatedClient('gemini', 'drawn').ask('q', { signal: AbortSignal.abort(new Error('stop')) })).rejects.toThrow('stop');
  });
});
