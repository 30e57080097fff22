import { SURFACES } from '@brandradar/contracts';
import { brandsInPrompt } from './brands';
import { createSimulatedClient, simulateAnswer } from './simulated';

const PROMPTS = [
  'What is the best CRM for startups?',
  'Is HubSpot better than Acme Cloud for a small sales team?',
  'Which project management tool should a remote agency use?',
  'Best VPN for streaming',
  'Which espresso grinder should I buy under $300?',
  'Top running shoes for a first marathon',
];

describe('simulateAnswer', () => {
  it('gives the same answer to the same surface and prompt, always', () => {
    for (const surface of SURFACES) for (const prompt of PROMPTS) expect(simulateAnswer(surface, prompt)).toEqual(simulateAnswer(surface, prompt));
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
    expect(createSimulatedClient('chatgpt')).toMatchObject({ provider: 'simulated', method: 'api' });
    expect(createSimulatedClient('google_ai_overview')).toMatchObject({ provider: 'simulated', method: 'serp' });
    const answer = await createSimulatedClient('claude').ask('best crm', { signal: new AbortController().signal });
    expect(answer).toEqual(simulateAnswer('claude', 'best crm'));
  });

  it('honours an aborted signal', async () => {
    await expect(createSimulatedClient('gemini').ask('q', { signal: AbortSignal.abort(new Error('stop')) })).rejects.toThrow('stop');
  });
});
