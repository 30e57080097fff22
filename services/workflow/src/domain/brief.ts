import { cutAtCodePoint, type AiAnswersData, type CitedSourcesData, type KeywordDemandData, type KeywordMetric, type QuestionsData, type VideoTrendsData, type WorkflowStepError } from '@brandradar/contracts';
import { countryName, languageName, marketOf } from './markets';
import type { BriefRequest } from './request';
import { formatCount } from './video-trends';

/** What the steps found; a step that failed is null here and listed in `failures`. */
export interface Findings {
  answers: AiAnswersData | null;
  citations: CitedSourcesData | null;
  keywords: KeywordDemandData | null;
  questions: QuestionsData | null;
  videos: VideoTrendsData | null;
  failures: { label: string; error: WorkflowStepError }[];
}

const TOPIC_IN_SUMMARY = 120;
const PROMPT_KEYWORDS = 8;
const PROMPT_QUESTIONS = 8;
const PROMPT_SOURCES = 5;
const PROMPT_ANGLES = 3;
const SUMMARY_QUESTIONS = 2;
const SUMMARY_DOMAINS = 3;

// ---------------------------------------------------------------- summary

/** A few sentences stating what each step found, the failures included, for a person skimming the result. */
export function composeSummary(request: BriefRequest, f: Findings): string {
  return [
    headline(request),
    f.keywords && demandSentence(f.keywords),
    f.questions && questionsSentence(f.questions),
    f.answers && answersSentence(f.answers, request.brand),
    f.citations && citationsSentence(f.citations),
    f.videos && videosSentence(f.videos),
    f.failures.length > 0 && `Not available: ${f.failures.map((x) => `${x.label} (${x.error.message.replace(/\.$/, '')})`).join('; ')}; those steps were not charged.`,
  ]
    .filter((s): s is string => typeof s === 'string')
    .join(' ');
}

function headline(r: BriefRequest): string {
  const topic = r.topic.length > TOPIC_IN_SUMMARY ? `${cutAtCodePoint(r.topic, TOPIC_IN_SUMMARY - 1).trimEnd()}…` : r.topic;
  const about = [`market: ${countryName(r.country)}`, r.audience && `audience: ${r.audience}`, r.brand && `brand: ${r.brand}`].filter(Boolean).join('; ');
  return `Content brief for “${topic}” (${about}).`;
}

function demandSentence(k: KeywordDemandData): string {
  const related = topKeywords(k).filter((m) => m.keyword !== k.seedKeyword);
  const seed = k.seed?.searchVolume
    ? `“${k.seedKeyword}” is searched about ${formatCount(k.seed.searchVolume)} times a month`
    : `DataForSEO reports no measurable monthly searches for “${k.seedKeyword}” itself`;
  const biggest = related[0];
  return biggest?.searchVolume ? `${seed}; the largest related search is “${biggest.keyword}” (${formatCount(biggest.searchVolume)}).` : `${seed}.`;
}

function questionsSentence(q: QuestionsData): string {
  if (q.questions.length === 0) return 'Google shows no People Also Ask questions for it.';
  const lead = q.questions.slice(0, SUMMARY_QUESTIONS).map((x) => `“${x.question}”`).join(' and ');
  return `Searchers ask ${q.questions.length} question${q.questions.length === 1 ? '' : 's'}, led by ${lead}.`;
}

function answersSentence(a: AiAnswersData, brand: string | null): string {
  const answered = a.answers.filter((x) => x.status === 'succeeded');
  const base = `${a.answered} of ${a.surfaces.length} AI surfaces answered`;
  if (!brand || answered.length === 0) return `${base}.`;
  const naming = answered.filter((x) => x.brandMentioned).map((x) => x.surface);
  return naming.length > 0 ? `${base}; ${naming.join(', ')} name${naming.length === 1 ? 's' : ''} ${brand}.` : `${base}; none names ${brand}.`;
}

function citationsSentence(c: CitedSourcesData): string {
  if (c.domains.length === 0) return 'The answers cite no sources.';
  const top = c.domains.slice(0, SUMMARY_DOMAINS).map((d) => `${d.domain} (${d.citations})`).join(', ');
  const brand = c.brand ? (c.brand.cited ? ` ${c.brand.name}'s own site is among them.` : ` ${c.brand.name}'s own site is not among them.`) : '';
  return `The most cited sources are ${top}.${brand}`;
}

function videosSentence(v: VideoTrendsData): string {
  const top = v.risingVideos[0];
  if (!top) return `YouTube shows no videos on it from the last ${v.timeframe.replace(/^last_(\d+)_days$/, '$1')} days.`;
  const angle = v.creatorAngles[0];
  return `On YouTube, “${top.title}” by ${top.channelTitle} gains ${formatCount(top.viewsPerDay)} views a day${angle ? `; the strongest angle is ${angle.angle.toLowerCase()}` : ''}.`;
}

// ---------------------------------------------------------------- suggested prompt

/**
 * A prompt a writer can paste into any LLM to draft the article: the brief's
 * facts (keywords with volumes, the questions to answer, the sources AI
 * assistants cite, what they say, the video angles that work) and the brand,
 * audience and goal, with instructions that follow from them.
 */
export function composeSuggestedPrompt(request: BriefRequest, f: Findings): string {
  const sections = [
    role(request),
    context(request),
    f.keywords && keywordSection(f.keywords),
    f.questions && questionSection(f.questions),
    f.citations && sourceSection(f.citations, request.brand),
    f.answers && answerSection(f.answers, request.brand),
    f.videos && videoSection(f.videos),
    structure(request, f),
  ];
  return sections.filter((s): s is string => typeof s === 'string' && s.length > 0).join('\n\n');
}

function role(r: BriefRequest): string {
  return `You are an experienced content writer and SEO editor. Write an original, well-researched article on: “${r.topic}”.`;
}

function context(r: BriefRequest): string {
  const market = marketOf(r.country);
  const lines = [
    `- Audience: ${r.audience ?? 'readers researching this topic for the first time; explain terms on first use'}.`,
    `- Market: ${countryName(r.country)}${market ? `; write in ${languageName(market.languageCode)}` : ''}, with local spelling, currency and examples.`,
    r.brand ? `- Brand: the article is published by ${r.brand}. Mention it only where it genuinely helps the reader, once or twice, never as an advert.` : null,
    `- Goal: ${r.goal ?? 'educate'}. ${goalAdvice(r.goal)}`,
  ];
  return `Context:\n${lines.filter(Boolean).join('\n')}`;
}

/** What the stated goal asks of the draft; a free-text goal is read for the usual intents. */
export function goalAdvice(goal: string | null): string {
  const g = (goal ?? 'educate').toLowerCase();
  const advice: string[] = [];
  if (/\b(rank|seo|traffic|organic|search)/.test(g)) advice.push('Put the primary keyword in the title, the first paragraph and one subheading, and cover the related searches so the page can rank for them.');
  if (/\b(citation|cite|cited|ai|llm|answer engine|geo)/.test(g))
    advice.push('Make it easy for AI assistants to cite: a direct two-sentence answer under each heading, concrete figures with their sources, and self-contained, quotable definitions.');
  if (/\b(convert|conversion|sign ?up|sales|lead|demo|trial|buy)/.test(g)) advice.push('Address buying objections, compare options honestly, and end every major section with a clear next step.');
  if (advice.length === 0 || /\b(educat|teach|explain|learn|inform)/.test(g)) advice.push('Explain from first principles with examples, and check understanding with a short recap at the end.');
  return advice.join(' ');
}

function keywordSection(k: KeywordDemandData): string {
  const keywords = topKeywords(k).slice(0, PROMPT_KEYWORDS);
  if (keywords.length === 0) return `Primary keyword: “${k.seedKeyword}” (no measurable search volume reported; write for the intent behind it).`;
  const lines = keywords.map((m, i) => `- “${m.keyword}”${volumeNote(m)}${i === 0 ? ': the primary keyword' : ''}`);
  return `Keywords to cover naturally (average monthly searches in ${countryName(k.country)}):\n${lines.join('\n')}`;
}

function volumeNote(m: KeywordMetric): string {
  const parts = [m.searchVolume !== null ? formatCount(m.searchVolume) : null, m.intent, m.keywordDifficulty !== null ? `difficulty ${m.keywordDifficulty}/100` : null].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

function questionSection(q: QuestionsData): string | null {
  const lines = q.questions.slice(0, PROMPT_QUESTIONS).map((x) => `- ${x.question}`);
  const related = q.relatedSearches.length ? `\nRelated searches worth a mention: ${q.relatedSearches.slice(0, PROMPT_KEYWORDS).join('; ')}.` : '';
  if (lines.length === 0) return related ? related.trim() : null;
  return `Answer each of these real search questions, as subheadings or in an FAQ section:\n${lines.join('\n')}${related}`;
}

function sourceSection(c: CitedSourcesData, brand: string | null): string | null {
  if (c.domains.length === 0) return null;
  const lines = c.domains.slice(0, PROMPT_SOURCES).map((d) => `- ${d.domain} (cited ${d.citations}×${d.urls[0] ? `, e.g. ${d.urls[0]}` : ''})`);
  const brandLine = brand && c.brand && !c.brand.cited ? `\n${brand}'s own site is not cited yet: give the article the original data, definitions and examples that would make it worth citing.` : '';
  return `AI assistants cite these sources most for this topic. Cover what they cover, add what they miss, and cite primary sources rather than them:\n${lines.join('\n')}${brandLine}`;
}

function answerSection(a: AiAnswersData, brand: string | null): string | null {
  const answered = a.answers.filter((x) => x.status === 'succeeded' && x.text);
  if (answered.length === 0) return null;
  const lines = answered.map((x) => `- ${x.surface}: ${firstSentence(x.text!)}`);
  const brandLine = brand ? `\n${brand} is named by ${answered.filter((x) => x.brandMentioned).length} of ${answered.length} of these answers.` : '';
  return `What AI assistants answer today (do not repeat them; be more specific, more current and more useful):\n${lines.join('\n')}${brandLine}`;
}

function videoSection(v: VideoTrendsData): string | null {
  if (v.risingVideos.length === 0) return null;
  const angles = v.creatorAngles.slice(0, PROMPT_ANGLES).map((a) => `- ${a.angle}: e.g. “${a.examples[0]}”`);
  const top = v.risingVideos[0]!;
  return `Angles that are working on YouTube right now (top video: “${top.title}”, ${formatCount(top.viewsPerDay)} views/day):\n${angles.join('\n')}\nBorrow the strongest angle for the introduction and suggest where an embedded video would help.`;
}

function structure(r: BriefRequest, f: Findings): string {
  const primary = f.keywords ? topKeywords(f.keywords)[0]?.keyword ?? f.keywords.seedKeyword : null;
  return [
    'Structure and style:',
    `- A specific title${primary ? ` containing “${primary}”` : ''}, then an introduction that answers the main question in two or three sentences.`,
    '- Subheadings (H2/H3) that follow the questions above; short paragraphs, lists and a comparison table where they help.',
    '- An FAQ section, then a conclusion with one clear next step' + (r.goal ? ` that serves the goal (${r.goal}).` : '.'),
    '- 1,500–2,000 words. Do not invent statistics, quotes or studies; mark any figure you cannot source with [source needed].',
  ].join('\n');
}

/** The seed first, then the related keywords with the most searches, each once. */
function topKeywords(k: KeywordDemandData): KeywordMetric[] {
  const related = [...k.keywords].sort((a, b) => (b.searchVolume ?? -1) - (a.searchVolume ?? -1));
  const all = k.seed ? [k.seed, ...related.filter((m) => m.keyword !== k.seed!.keyword)] : related;
  return all;
}

function firstSentence(text: string): string {
  const flat = text.replace(/\*\*|__/g, '').replace(/\s+/g, ' ').trim();
  // A sentence ends at . ! or ? after a word, not after a list number ("1.").
  const match = /^(.{20,240}?[^\d\s][.!?])(?=\s|$)/.exec(flat);
  return match ? match[1]! : flat.length > 240 ? `${cutAtCodePoint(flat, 239)}…` : flat;
}
