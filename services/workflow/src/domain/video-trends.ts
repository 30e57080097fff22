import { cutAtCodePoint, type RisingVideo, type VideoTrendsData } from '@brandradar/contracts';

/** One video as the video source reads it (YouTube `search.list` + `videos.list`). */
export interface VideoFacts {
  videoId: string;
  title: string;
  channelTitle: string;
  channelId: string;
  publishedAt: string;
  description: string;
  thumbnailUrl: string;
  /** ISO 8601, e.g. `PT12M5S`. */
  duration: string;
  viewCount: number;
  likeCount: number;
  commentCount: number;
}

export interface VideoSearch {
  /** What was searched. */
  topic: string;
  /** Upper-case ISO 3166-1. */
  region: string;
  lookbackDays: number;
  publishedAfter: Date;
  provider: VideoTrendsData['provider'];
  fetchedAt: Date;
}

const DAY_MS = 86_400_000;
const SNIPPET_CHARS = 200;
const EXAMPLES = 3;
/** YouTube Shorts may run up to three minutes. */
const SHORT_FORM_MAX_SECONDS = 180;
const DEEP_DIVE_MIN_SECONDS = 20 * 60;
/** One channel holding this share of the views dominates the topic. */
const DOMINANT_SHARE = 0.4;

/** The start of the window searched: `lookbackDays` before `now`. */
export const windowStart = (now: Date, lookbackDays: number): Date => new Date(now.getTime() - lookbackDays * DAY_MS);

/** Turns the videos found into the spec's video-trends block: rising videos, patterns, angles, channels, format ideas. */
export function buildVideoTrends(search: VideoSearch, videos: readonly VideoFacts[]): VideoTrendsData {
  const rising = videos.map((v) => risingVideo(v, search.fetchedAt)).sort(byGrowth);
  return {
    topic: search.topic,
    region: search.region,
    timeframe: `last_${search.lookbackDays}_days`,
    provider: search.provider,
    publishedAfter: search.publishedAfter.toISOString(),
    fetchedAt: search.fetchedAt.toISOString(),
    risingVideos: rising,
    titlePatterns: titlePatterns(rising),
    creatorAngles: creatorAngles(rising),
    channelBreakdown: channelBreakdown(rising),
    formatIdeas: formatIdeas(rising, search),
    sourceUrls: rising.map((v) => v.url),
  };
}

function risingVideo(v: VideoFacts, now: Date): RisingVideo {
  const publishedAt = new Date(v.publishedAt);
  return {
    videoId: v.videoId,
    title: v.title,
    channelTitle: v.channelTitle,
    channelId: v.channelId,
    url: `https://www.youtube.com/watch?v=${encodeURIComponent(v.videoId)}`,
    publishedAt: publishedAt.toISOString(),
    descriptionSnippet: cutAtCodePoint(v.description.replace(/\s+/g, ' ').trim(), SNIPPET_CHARS),
    thumbnailUrl: v.thumbnailUrl,
    duration: v.duration,
    viewCount: v.viewCount,
    likeCount: v.likeCount,
    commentCount: v.commentCount,
    viewsPerDay: viewsPerDay(v.viewCount, publishedAt, now),
  };
}

/** Views per day since publishing, rounded down; a video younger than a day counts one day, so new uploads are not inflated. */
export function viewsPerDay(views: number, publishedAt: Date, now: Date): number {
  const days = Math.max(1, (now.getTime() - publishedAt.getTime()) / DAY_MS);
  return Math.floor(views / days);
}

const byGrowth = (a: RisingVideo, b: RisingVideo) => b.viewsPerDay - a.viewsPerDay || b.viewCount - a.viewCount || (a.videoId < b.videoId ? -1 : 1);

/** Seconds of an ISO 8601 duration as YouTube writes them (`PT1H2M3S`, `P1DT2H`, `P0D` for live), or null. */
export function durationSeconds(duration: string): number | null {
  const m = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(duration);
  if (!m || duration === 'P' || duration.endsWith('T')) return null;
  const [weeks, days, hours, minutes, seconds] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number];
  return Math.round((((weeks * 7 + days) * 24 + hours) * 60 + minutes) * 60 + seconds);
}

// ---------------------------------------------------------------- title patterns

/** How titles are built; each video can show several. */
const TITLE_PATTERNS: { pattern: string; test: (title: string) => boolean }[] = [
  { pattern: 'How-to', test: (t) => /\bhow to\b/i.test(t) },
  { pattern: 'Numbered list', test: (t) => /^\s*(top\s+)?\d{1,3}\s+\p{L}/iu.test(t) || /\b(top|best)\s+\d{1,3}\b/i.test(t) },
  { pattern: 'Question', test: (t) => /\?\s*$/.test(t) || /^\s*(what|why|which|is|are|should|can|does|do)\b/i.test(t) },
  { pattern: 'Comparison (vs)', test: (t) => /\b(vs\.?|versus)\s/i.test(t) },
  { pattern: 'Year in the title', test: (t) => /\b20\d\d\b/.test(t) },
  { pattern: 'Beginner framing', test: (t) => /\b(beginners?|explained|101|for dummies|basics)\b/i.test(t) },
  { pattern: 'Review or first-hand test', test: (t) => /\b(review|tested|i tried|honest|hands-on)\b/i.test(t) },
  { pattern: 'Mistakes and warnings', test: (t) => /\b(mistakes?|avoid|don'?t|stop|warning|never)\b/i.test(t) },
  { pattern: 'Superlative (best, ultimate)', test: (t) => /\b(best|ultimate|perfect|complete)\b/i.test(t) },
  { pattern: 'Brackets or parentheses', test: hasBracketedText },
  { pattern: 'CAPITALISED emphasis', test: (t) => /\b\p{Lu}{4,}\b/u.test(t) },
];

const LINE_TERMINATORS = new Set(['\n', '\r', '\u2028', '\u2029']);

/**
 * Whether an opening `[` or `(` is followed, on the same line and after at least one character, by
 * a closing `]` or `)` (what `/[[(].+[\])]/` tests). One pass keeping the line's first opener: the
 * regex rescans the rest of the line from every opener, quadratic on a title of many `(`.
 */
export function hasBracketedText(title: string): boolean {
  let opener = -1;
  for (let i = 0; i < title.length; i++) {
    const c = title[i]!;
    if (LINE_TERMINATORS.has(c)) opener = -1;
    else if ((c === ']' || c === ')') && opener >= 0 && i - opener >= 2) return true;
    else if ((c === '[' || c === '(') && opener < 0) opener = i;
  }
  return false;
}

function titlePatterns(videos: readonly RisingVideo[]): VideoTrendsData['titlePatterns'] {
  return TITLE_PATTERNS.map(({ pattern, test }) => {
    const titles = videos.filter((v) => test(v.title)).map((v) => v.title);
    return { pattern, count: titles.length, examples: titles.slice(0, EXAMPLES) };
  })
    .filter((p) => p.count > 0)
    .sort((a, b) => b.count - a.count);
}

// ---------------------------------------------------------------- creator angles

const ANGLES: { angle: string; test: (v: RisingVideo, seconds: number | null) => boolean }[] = [
  { angle: 'Step-by-step tutorial', test: (v) => /\b(how to|tutorial|step[- ]by[- ]step|guide|walkthrough)\b/i.test(v.title) },
  { angle: 'Ranked list or roundup', test: (v) => /^\s*(top\s+)?\d{1,3}\s+\p{L}/iu.test(v.title) || /\b(best|top)\b/i.test(v.title) },
  { angle: 'Head-to-head comparison', test: (v) => /\b(vs\.?|versus|compared|comparison)\s?/i.test(v.title) },
  { angle: 'First-hand test or review', test: (v) => /\b(review|tested|i tried|honest|hands-on|experiment)\b/i.test(v.title) },
  { angle: 'Beginner explainer', test: (v) => /\b(beginners?|explained|what is|101|basics)\b/i.test(v.title) },
  { angle: 'Mistakes and myths', test: (v) => /\b(mistakes?|myths?|avoid|don'?t|wrong)\b/i.test(v.title) },
  { angle: 'Short-form quick take', test: (_v, s) => s !== null && s > 0 && s <= SHORT_FORM_MAX_SECONDS },
  { angle: 'Long-form deep dive', test: (_v, s) => s !== null && s >= DEEP_DIVE_MIN_SECONDS },
];

/** The angles the rising videos take, the best-performing (by average views per day) first, with the evidence for each. */
function creatorAngles(videos: readonly RisingVideo[]): VideoTrendsData['creatorAngles'] {
  const totalViews = videos.reduce((sum, v) => sum + v.viewCount, 0);
  return ANGLES.map(({ angle, test }) => {
    const matching = videos.filter((v) => test(v, durationSeconds(v.duration)));
    const average = matching.length ? Math.floor(matching.reduce((sum, v) => sum + v.viewsPerDay, 0) / matching.length) : 0;
    const views = matching.reduce((sum, v) => sum + v.viewCount, 0);
    const share = totalViews > 0 ? Math.round((100 * views) / totalViews) : 0;
    return {
      angle,
      average,
      why: `${matching.length} of ${videos.length} rising videos take it, averaging ${formatCount(average)} views/day (${share}% of all their views).`,
      examples: matching.slice(0, EXAMPLES).map((v) => v.title),
    };
  })
    .filter((a) => a.examples.length > 0)
    .sort((a, b) => b.average - a.average)
    .map(({ angle, why, examples }) => ({ angle, why, examples }));
}

// ---------------------------------------------------------------- channels and formats

function channelBreakdown(videos: readonly RisingVideo[]): VideoTrendsData['channelBreakdown'] {
  const byChannel = new Map<string, VideoTrendsData['channelBreakdown'][number]>();
  for (const v of videos) {
    const c = byChannel.get(v.channelId) ?? { channelTitle: v.channelTitle, videos: 0, totalViews: 0, totalComments: 0 };
    c.videos++;
    c.totalViews += v.viewCount;
    c.totalComments += v.commentCount;
    byChannel.set(v.channelId, c);
  }
  return [...byChannel.values()].sort((a, b) => b.totalViews - a.totalViews || (a.channelTitle < b.channelTitle ? -1 : 1));
}

/** Concrete formats to produce, each backed by what the rising videos show. */
function formatIdeas(videos: readonly RisingVideo[], search: VideoSearch): string[] {
  if (videos.length === 0) {
    return [`No videos on “${search.topic}” were published in ${search.region} in the last ${search.lookbackDays} days: a first clear explainer video would face no competition.`];
  }
  const ideas: string[] = [];
  const seconds = videos.map((v) => durationSeconds(v.duration)).filter((s): s is number => s !== null && s > 0);
  const short = seconds.filter((s) => s <= SHORT_FORM_MAX_SECONDS).length;
  const long = seconds.filter((s) => s > SHORT_FORM_MAX_SECONDS);
  if (long.length > 0) ideas.push(`A ${Math.max(1, Math.round(median(long) / 60))}-minute video: the median length of the rising long-form videos, with chapters that mirror the article's sections.`);
  if (short > 0) ideas.push(`${short} of ${videos.length} rising videos run under 3 minutes: cut the article's key answer into a vertical Short.`);
  const [topAngle] = creatorAngles(videos);
  if (topAngle) ideas.push(`Lead with the best-performing angle, ${topAngle.angle.toLowerCase()}, as in “${topAngle.examples[0]}”.`);
  const [topPattern] = titlePatterns(videos);
  if (topPattern) ideas.push(`Title it as ${topPattern.count} of ${videos.length} rising videos do: ${topPattern.pattern.toLowerCase()}.`);
  ideas.push(channelIdea(videos));
  const discussed = mostDiscussed(videos);
  if (discussed) ideas.push(`Viewers comment most on “${discussed.title}” (${discussed.perThousand} comments per 1,000 views): answer the questions raised there.`);
  return ideas;
}

function channelIdea(videos: readonly RisingVideo[]): string {
  const channels = channelBreakdown(videos);
  const total = channels.reduce((sum, c) => sum + c.totalViews, 0);
  const top = channels[0]!;
  if (total > 0 && top.totalViews / total >= DOMINANT_SHARE) {
    return `${top.channelTitle} holds ${Math.round((100 * top.totalViews) / total)}% of the views: a response video or a collaboration reaches its audience.`;
  }
  return `Views are spread over ${channels.length} channels: no creator owns the topic yet.`;
}

function mostDiscussed(videos: readonly RisingVideo[]): { title: string; perThousand: number } | null {
  const rated = videos.filter((v) => v.viewCount > 0 && v.commentCount > 0).map((v) => ({ title: v.title, perThousand: Math.round((10_000 * v.commentCount) / v.viewCount) / 10 }));
  rated.sort((a, b) => b.perThousand - a.perThousand);
  return rated[0] ?? null;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const formatCount = (n: number): string => n.toLocaleString('en-US');
