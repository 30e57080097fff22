import type { KeywordMetric } from '@brandradar/contracts';
import type { PeopleAlsoAsk } from '../domain/questions';
import type { VideoFacts } from '../domain/video-trends';
import type { SearchDataSource, VideoQuery, VideoSource } from './types';

/**
 * Deterministic stand-ins for DataForSEO and YouTube when their credentials
 * are not set (api-contract §9): the same search in the same market gives the
 * same data (dates move with the clock), labelled `provider: "simulated"`.
 * Pages and channels are fictional; links point at example domains.
 */

type Rng = { next(): number; int(min: number, max: number): number; pick<T>(items: readonly T[]): T };

/** FNV-1a of the seed text, then mulberry32: small, fast and the same on every machine. */
function rng(seed: string): Rng {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  let state = h >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (min, max) => min + Math.floor(next() * (max - min + 1)), pick: (items) => items[Math.floor(next() * items.length)]! };
}

const DAY_MS = 86_400_000;
/** Google Ads reports volumes in these buckets. */
const VOLUMES = [70, 90, 110, 140, 170, 210, 260, 320, 390, 480, 590, 720, 880, 1000, 1300, 1600, 1900, 2400, 2900, 3600, 4400, 5400, 6600, 8100, 9900, 12100, 14800, 18100];

// ---------------------------------------------------------------- keywords and questions

const MODIFIERS: { template: string; intent: string; share: number }[] = [
  { template: 'best {s}', intent: 'commercial', share: 0.45 },
  { template: '{s} for beginners', intent: 'informational', share: 0.3 },
  { template: 'what is {s}', intent: 'informational', share: 0.28 },
  { template: '{s} cost', intent: 'commercial', share: 0.22 },
  { template: '{s} examples', intent: 'informational', share: 0.2 },
  { template: '{s} tools', intent: 'commercial', share: 0.18 },
  { template: 'free {s}', intent: 'transactional', share: 0.16 },
  { template: '{s} guide', intent: 'informational', share: 0.14 },
  { template: '{s} tips', intent: 'informational', share: 0.12 },
  { template: '{s} vs alternatives', intent: 'commercial', share: 0.1 },
  { template: '{s} checklist', intent: 'informational', share: 0.08 },
  { template: '{s} template', intent: 'transactional', share: 0.06 },
];

const QUESTIONS = [
  'What is {s}?',
  'How does {s} work?',
  'Is {s} worth it?',
  'How much does {s} cost?',
  'What are the benefits of {s}?',
  'How do I get started with {s}?',
  'What are the disadvantages of {s}?',
  'Which {s} is best for small teams?',
];
const RELATED = ['{s} for beginners', '{s} examples', 'how to start {s}', 'is {s} worth it', '{s} pros and cons', '{s} step by step', '{s} 2.0', '{s} alternatives'];
const EXAMPLE_DOMAINS = ['example.com', 'example.org', 'example.net'];

export function createSimulatedSearchData(clock: () => Date = () => new Date()): SearchDataSource {
  return {
    provider: 'simulated',
    async keywordDemand(seed, market, signal) {
      signal.throwIfAborted();
      const r = rng(`keywords\u0000${seed}\u0000${market.country}`);
      const seedVolume = r.pick(VOLUMES);
      const metric = (keyword: string, volume: number, intent: string): KeywordMetric => {
        const competition = Math.round(r.next() * 100) / 100;
        return {
          keyword,
          searchVolume: volume,
          cpc: Math.round((0.2 + r.next() * 12) * 100) / 100,
          competition,
          competitionLevel: competition < 0.34 ? 'LOW' : competition < 0.67 ? 'MEDIUM' : 'HIGH',
          keywordDifficulty: r.int(5, 85),
          intent,
          monthlySearches: lastTwelveMonths(clock(), volume, r),
        };
      };
      // "best best crm" is no search anyone makes: skip modifiers the seed already has.
      const words = new Set(seed.split(/\s+/));
      const chosen = MODIFIERS.filter((m) => r.next() < 0.75 && !m.template.split(' ').some((w) => words.has(w)));
      return {
        seed: metric(seed, seedVolume, 'informational'),
        keywords: chosen.map((m) => metric(m.template.replace('{s}', seed), bucket(seedVolume * m.share), m.intent)).sort((a, b) => b.searchVolume! - a.searchVolume!),
      };
    },
    async searchQuestions(seed, market, signal) {
      signal.throwIfAborted();
      const r = rng(`questions\u0000${seed}\u0000${market.country}`);
      const questions = QUESTIONS.filter(() => r.next() < 0.6).slice(0, 4);
      const peopleAlsoAsk: PeopleAlsoAsk[] = questions.map((template) => {
        const question = template.replace('{s}', seed);
        const domain = r.pick(EXAMPLE_DOMAINS);
        return { question, answer: `A short answer to “${question}” as a search engine would show it (simulated).`, url: `https://${domain}/${slug(question)}`, domain };
      });
      return { peopleAlsoAsk, related: RELATED.filter(() => r.next() < 0.6).map((t) => t.replace('{s}', seed)) };
    },
  };
}

/** The nearest reporting bucket at or below a volume. */
function bucket(volume: number): number {
  return [...VOLUMES].reverse().find((v) => v <= volume) ?? 10 * Math.max(1, Math.round(volume / 10));
}

function lastTwelveMonths(now: Date, volume: number, r: Rng): KeywordMetric['monthlySearches'] {
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1 - i, 1));
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, searchVolume: bucket(volume * (0.8 + r.next() * 0.4)) };
  });
}

// ---------------------------------------------------------------- videos

const TITLES = [
  '{S}: How to Get Started (Step by Step)',
  '7 {S} Tips Nobody Tells You',
  '{S} Explained in 10 Minutes',
  'I Tried {S} for 30 Days',
  '{S} vs The Alternatives: Honest Review',
  'Stop Making These {S} Mistakes',
  '{S} for Beginners: Complete Guide',
  'The Best {S} Setup in 2 Minutes #shorts',
  'Why Everyone Is Talking About {S}',
  '{S} in 60 Seconds #shorts',
];
const CHANNELS = ['Practical Playbooks', 'The Explainer Lab', 'Small Team Growth', 'Honest Reviews Daily', 'Build It Better', 'Marketing Minute'];
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function createSimulatedVideos(clock: () => Date = () => new Date()): VideoSource {
  return {
    provider: 'simulated',
    async risingVideos(query: VideoQuery, signal: AbortSignal): Promise<VideoFacts[]> {
      signal.throwIfAborted();
      const r = rng(`videos\u0000${query.q}\u0000${query.regionCode}`);
      // The window is a whole number of days ending at the caller's moment: end it exactly there, so
      // each video's age (and its views per day) is the same in every call, whatever the wall clock.
      const windowDays = Math.max(1, Math.round((clock().getTime() - query.publishedAfter.getTime()) / DAY_MS));
      const windowEnd = query.publishedAfter.getTime() + windowDays * DAY_MS;
      const count = Math.min(query.maxResults, r.int(6, 10));
      const subject = titleCase(query.q);
      return Array.from({ length: count }, (_, i) => {
        const title = TITLES[i % TITLES.length]!.replace('{S}', subject);
        const short = title.includes('#shorts');
        const channel = r.pick(CHANNELS);
        const ageSeconds = Math.round((0.5 + r.next() * (windowDays - 0.5)) * (DAY_MS / 1000));
        const viewCount = Math.round(Math.exp(7 + r.next() * 5));
        const videoId = Array.from({ length: 11 }, () => r.pick([...ID_ALPHABET])).join('');
        return {
          videoId,
          title,
          channelTitle: channel,
          channelId: `UCsim${slug(channel).replace(/-/g, '').slice(0, 17)}`,
          publishedAt: new Date(windowEnd - ageSeconds * 1000).toISOString(),
          description: `A simulated video about ${query.q}: what it is, how to start, and what to avoid. Chapters, links and resources below.`,
          thumbnailUrl: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
          duration: short ? `PT${r.int(25, 59)}S` : `PT${r.int(4, 28)}M${r.int(0, 59)}S`,
          viewCount,
          likeCount: Math.round(viewCount * (0.02 + r.next() * 0.03)),
          commentCount: Math.round(viewCount * (0.001 + r.next() * 0.007)),
        };
      });
    },
  };
}

const titleCase = (s: string) => s.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
