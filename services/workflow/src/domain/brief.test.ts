import type { AiAnswersData, CitedSourcesData, KeywordDemandData, QuestionsData, VideoTrendsData } from '@brandradar/contracts';
import { composeSuggestedPrompt, composeSummary, goalAdvice, type Findings } from './brief';
import { briefRequest } from './request';

const request = briefRequest({ topic: 'CRM for dental clinics', audience: 'practice managers', brand: 'Acme CRM', goal: 'earn citations', country: 'de' });

const metric = (keyword: string, searchVolume: number | null) => ({ keyword, searchVolume, cpc: 2.5, competition: 0.4, competitionLevel: 'MEDIUM' as const, keywordDifficulty: 35, intent: 'commercial', monthlySearches: [] });
const keywords: KeywordDemandData = {
  provider: 'dataforseo',
  seedKeyword: 'crm for dental clinics',
  country: 'de',
  locationCode: 2276,
  languageCode: 'de',
  seed: metric('crm for dental clinics', 880),
  keywords: [metric('crm for dental clinics free', 90), metric('best crm for dental clinics', 320)],
  totalSearchVolume: 1290,
  fetchedAt: '2026-11-22T09:00:00.000Z',
};
const questions: QuestionsData = {
  provider: 'dataforseo',
  query: 'crm for dental clinics',
  country: 'de',
  locationCode: 2276,
  languageCode: 'de',
  questions: [
    { question: 'Which CRM do dentists use?', source: 'people_also_ask', answer: null, url: null, domain: null },
    { question: 'Is a CRM worth it for a small practice?', source: 'people_also_ask', answer: null, url: null, domain: null },
    { question: 'how much does a dental crm cost', source: 'related_searches', answer: null, url: null, domain: null },
  ],
  relatedSearches: ['dental crm software'],
  fetchedAt: '2026-11-22T09:00:00.000Z',
};
const answer = (surface: 'chatgpt' | 'gemini', text: string, brandMentioned: boolean) => ({
  surface,
  status: 'succeeded' as const,
  provider: 'simulated',
  model: 'm',
  method: 'api' as const,
  text,
  citations: [],
  brandMentioned,
  fetchedAt: '2026-11-22T09:00:00.000Z',
  error: null,
});
const answers: AiAnswersData = {
  query: request.topic,
  country: 'de',
  surfaces: ['chatgpt', 'gemini'],
  answered: 2,
  failed: 0,
  answers: [answer('chatgpt', 'Dental practices mostly pick **Dentrix** or Acme CRM. Both integrate with imaging.', true), answer('gemini', 'There is no single best option: 1. Curve 2. Denticon.', false)],
};
const citations: CitedSourcesData = {
  provider: 'ai_answers',
  answersAnalysed: 2,
  totalCitations: 5,
  domains: [
    { domain: 'dentaleconomics.com', citations: 3, share: 0.6, surfaces: ['chatgpt', 'gemini'], urls: ['https://dentaleconomics.com/crm'] },
    { domain: 'capterra.com', citations: 2, share: 0.4, surfaces: ['gemini'], urls: ['https://capterra.com/dental'] },
  ],
  urls: [],
  brand: { name: 'Acme CRM', cited: false, citations: 0, domains: [] },
};
const videos = {
  topic: 'crm for dental clinics',
  region: 'DE',
  timeframe: 'last_30_days',
  provider: 'youtube',
  publishedAfter: '2026-10-23T09:00:00.000Z',
  fetchedAt: '2026-11-22T09:00:00.000Z',
  risingVideos: [{ videoId: 'v1', title: 'Dental CRM Setup in 10 Minutes', channelTitle: 'DentalTech', viewsPerDay: 1234 }],
  titlePatterns: [],
  creatorAngles: [{ angle: 'Step-by-step tutorial', why: '…', examples: ['Dental CRM Setup in 10 Minutes'] }],
  channelBreakdown: [],
  formatIdeas: [],
  sourceUrls: [],
} as unknown as VideoTrendsData;

const all: Findings = { answers, citations, keywords, questions, videos, failures: [] };

describe('composeSummary', () => {
  it('states what each step found, in one paragraph', () => {
    expect(composeSummary(request, all)).toBe(
      'Content brief for “CRM for dental clinics” (market: Germany; audience: practice managers; brand: Acme CRM). ' +
        '“crm for dental clinics” is searched about 880 times a month; the largest related search is “best crm for dental clinics” (320). ' +
        'Searchers ask 3 questions, led by “Which CRM do dentists use?” and “Is a CRM worth it for a small practice?”. ' +
        '2 of 2 AI surfaces answered; chatgpt names Acme CRM. ' +
        'The most cited sources are dentaleconomics.com (3), capterra.com (2). Acme CRM\'s own site is not among them. ' +
        'On YouTube, “Dental CRM Setup in 10 Minutes” by DentalTech gains 1,234 views a day; the strongest angle is step-by-step tutorial.',
    );
  });

  it('names the steps that failed, and that they were not charged', () => {
    const partial: Findings = { ...all, videos: null, keywords: null, failures: [{ label: 'video trends', error: { code: 'client_error', message: 'HTTP 403: quota exceeded.' } }, { label: 'keyword demand', error: { code: 'deadline_exceeded', message: 'No result within 30000 ms.' } }] };
    const summary = composeSummary(request, partial);
    expect(summary).not.toContain('YouTube');
    expect(summary).toMatch(/Not available: video trends \(HTTP 403: quota exceeded\); keyword demand \(No result within 30000 ms\); those steps were not charged\.$/);
  });

  it('shortens a long topic and says when nothing was found', () => {
    const r = briefRequest({ topic: 'x'.repeat(300) });
    const empty: Findings = {
      ...all,
      keywords: { ...keywords, seed: null, keywords: [] },
      questions: { ...questions, questions: [] },
      citations: { ...citations, domains: [], brand: null },
      videos: { ...videos, risingVideos: [], creatorAngles: [] },
    };
    const summary = composeSummary(r, empty);
    expect(summary).toContain(`“${'x'.repeat(119)}…” (market: United States)`);
    expect(summary).toContain('no measurable monthly searches');
    expect(summary).toContain('Google shows no People Also Ask questions for it.');
    expect(summary).toContain('The answers cite no sources.');
    expect(summary).toContain('YouTube shows no videos on it from the last 30 days.');
  });

  it('shortens a long topic of emoji between whole characters, never leaving half of one', () => {
    const summary = composeSummary(briefRequest({ topic: '\u{1F600}'.repeat(130) }), all);
    expect(summary).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/); // no high surrogate without its pair
    expect(summary).toContain(`“${'\u{1F600}'.repeat(59)}…”`);
  });
});

describe('composeSuggestedPrompt', () => {
  const prompt = composeSuggestedPrompt(request, all);

  it('carries the topic, audience, market language, brand and goal', () => {
    expect(prompt).toContain('Write an original, well-researched article on: “CRM for dental clinics”.');
    expect(prompt).toContain('- Audience: practice managers.');
    expect(prompt).toContain('- Market: Germany; write in German');
    expect(prompt).toContain('published by Acme CRM');
    expect(prompt).toContain('- Goal: earn citations. Make it easy for AI assistants to cite');
  });

  it('lists the keywords with their volumes, the seed first, then by volume', () => {
    expect(prompt).toContain(
      'Keywords to cover naturally (average monthly searches in Germany):\n' +
        '- “crm for dental clinics” (880, commercial, difficulty 35/100): the primary keyword\n' +
        '- “best crm for dental clinics” (320, commercial, difficulty 35/100)\n' +
        '- “crm for dental clinics free” (90, commercial, difficulty 35/100)',
    );
  });

  it('lists the questions to answer, the cited sources, what the assistants say and the video angles', () => {
    expect(prompt).toContain('- Which CRM do dentists use?\n- Is a CRM worth it for a small practice?\n- how much does a dental crm cost\nRelated searches worth a mention: dental crm software.');
    expect(prompt).toContain('- dentaleconomics.com (cited 3×, e.g. https://dentaleconomics.com/crm)');
    expect(prompt).toContain("Acme CRM's own site is not cited yet");
    expect(prompt).toContain('- chatgpt: Dental practices mostly pick Dentrix or Acme CRM.');
    expect(prompt).toContain('- gemini: There is no single best option: 1. Curve 2. Denticon.');
    expect(prompt).toContain('Acme CRM is named by 1 of 2 of these answers.');
    expect(prompt).toContain('- Step-by-step tutorial: e.g. “Dental CRM Setup in 10 Minutes”');
    expect(prompt).toContain('A specific title containing “crm for dental clinics”');
  });

  it('leaves out what a failed step would have given', () => {
    const partial = composeSuggestedPrompt(request, { ...all, videos: null, questions: null, failures: [] });
    expect(partial).not.toContain('YouTube');
    expect(partial).not.toContain('search questions');
    expect(partial).toContain('Keywords to cover');
  });
});

describe('goalAdvice', () => {
  it.each([
    [null, /first principles/],
    ['educate', /first principles/],
    ['rank on Google', /primary keyword in the title/],
    ['earn AI citations', /quotable/],
    ['convert trial users', /buying objections/],
    ['something else entirely', /first principles/],
  ])('%p', (goal, advice) => expect(goalAdvice(goal)).toMatch(advice));

  it('combines intents', () => {
    const advice = goalAdvice('rank and convert');
    expect(advice).toMatch(/primary keyword/);
    expect(advice).toMatch(/buying objections/);
  });
});
