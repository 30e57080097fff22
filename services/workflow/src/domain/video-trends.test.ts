import { buildVideoTrends, durationSeconds, hasBracketedText, viewsPerDay, windowStart, type VideoFacts, type VideoSearch } from './video-trends';

const now = new Date('2026-11-22T09:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
const video = (id: string, title: string, over: Partial<VideoFacts> = {}): VideoFacts => ({
  videoId: id,
  title,
  channelTitle: 'Channel A',
  channelId: 'UCa',
  publishedAt: daysAgo(10),
  description: 'A description.',
  thumbnailUrl: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
  duration: 'PT10M',
  viewCount: 10_000,
  likeCount: 100,
  commentCount: 10,
  ...over,
});
const search: VideoSearch = { topic: 'crm', region: 'US', lookbackDays: 30, publishedAfter: windowStart(now, 30), provider: 'youtube', fetchedAt: now };

describe('viewsPerDay', () => {
  it('divides views by the days since publishing, rounded down', () => {
    expect(viewsPerDay(100_000, new Date(daysAgo(10)), now)).toBe(10_000);
    expect(viewsPerDay(100_001, new Date(daysAgo(3)), now)).toBe(33_333);
  });

  it('counts a video younger than a day as one day old', () => {
    expect(viewsPerDay(5_000, new Date(daysAgo(0.1)), now)).toBe(5_000);
    expect(viewsPerDay(5_000, new Date(now.getTime() + 60_000), now)).toBe(5_000);
  });
});

describe('durationSeconds', () => {
  it.each([
    ['PT45S', 45],
    ['PT12M5S', 725],
    ['PT1H2M', 3720],
    ['P1DT2H', 93_600],
    ['P1W', 604_800],
    ['P0D', 0],
    ['PT1.5S', 2],
    ['', null],
    ['P', null],
    ['PT', null],
    ['12:05', null],
  ])('%s is %p seconds', (iso, seconds) => {
    expect(durationSeconds(iso)).toBe(seconds);
  });
});

describe('hasBracketedText', () => {
  it.each<[string, boolean]>([
    ['CRM review (2026)', true],
    ['[Tested] CRMs', true],
    ['Empty () brackets', false],
    ['Unclosed ( bracket', false],
    ['Closed ) before ( opened', false],
    ['A bracket (across\na line)', false],
  ])('%p: %p', (title, expected) => expect(hasBracketedText(title)).toBe(expected));

  it('reads a 256 KiB title of opening brackets', () => {
    const openers = '('.repeat(256 * 1024);
    expect(hasBracketedText(openers)).toBe(false);
    expect(hasBracketedText(`${openers}\n)`)).toBe(false);
    expect(hasBracketedText(`${openers}x)`)).toBe(true);
  });
});

describe('buildVideoTrends', () => {
  const videos = [
    video('slow', 'Old news about CRM', { publishedAt: daysAgo(20), viewCount: 20_000 }),
    video('fast', 'How to Pick a CRM in 2026 (Step by Step)', { publishedAt: daysAgo(2), viewCount: 30_000, commentCount: 900, channelTitle: 'Channel B', channelId: 'UCb' }),
    video('short', 'CRM in 60 seconds #shorts', { publishedAt: daysAgo(1), duration: 'PT50S', viewCount: 8_000 }),
    video('list', '7 CRM Mistakes to Avoid', { publishedAt: daysAgo(5), viewCount: 25_000, duration: 'PT25M' }),
  ];
  const trends = buildVideoTrends(search, videos);

  it('keeps the search facts and orders videos fastest-growing first', () => {
    expect(trends).toMatchObject({ topic: 'crm', region: 'US', timeframe: 'last_30_days', provider: 'youtube', publishedAfter: '2026-10-23T09:00:00.000Z', fetchedAt: '2026-11-22T09:00:00.000Z' });
    expect(trends.risingVideos.map((v) => [v.videoId, v.viewsPerDay])).toEqual([
      ['fast', 15_000],
      ['short', 8_000],
      ['list', 5_000],
      ['slow', 1_000],
    ]);
    expect(trends.sourceUrls).toEqual(['fast', 'short', 'list', 'slow'].map((id) => `https://www.youtube.com/watch?v=${id}`));
  });

  it('writes each video with the spec fields, timestamps with milliseconds and a 200-character snippet', () => {
    const long = buildVideoTrends(search, [video('x', 'T', { description: `Line one\n\n${'word '.repeat(100)}`, publishedAt: '2026-11-20T10:00:00Z' })]).risingVideos[0]!;
    expect(long.publishedAt).toBe('2026-11-20T10:00:00.000Z');
    expect(long.descriptionSnippet).toHaveLength(200);
    expect(long.descriptionSnippet.startsWith('Line one word word')).toBe(true);
    const emojiAtTheCut = buildVideoTrends(search, [video('y', 'T', { description: `${'a'.repeat(199)}\u{1F600} more` })]).risingVideos[0]!;
    expect(emojiAtTheCut.descriptionSnippet).toBe('a'.repeat(199)); // the emoji whole or not at all
    expect(Object.keys(long)).toEqual(['videoId', 'title', 'channelTitle', 'channelId', 'url', 'publishedAt', 'descriptionSnippet', 'thumbnailUrl', 'duration', 'viewCount', 'likeCount', 'commentCount', 'viewsPerDay']);
  });

  it('finds the title patterns, most common first, with examples', () => {
    expect(trends.titlePatterns).toEqual(
      expect.arrayContaining([
        { pattern: 'How-to', count: 1, examples: ['How to Pick a CRM in 2026 (Step by Step)'] },
        { pattern: 'Numbered list', count: 1, examples: ['7 CRM Mistakes to Avoid'] },
        { pattern: 'Year in the title', count: 1, examples: ['How to Pick a CRM in 2026 (Step by Step)'] },
        { pattern: 'Mistakes and warnings', count: 1, examples: ['7 CRM Mistakes to Avoid'] },
      ]),
    );
    const counts = trends.titlePatterns.map((p) => p.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(trends.titlePatterns.find((p) => p.pattern === 'Comparison (vs)')).toBeUndefined();
  });

  it('names the angles with their evidence, the best-performing first', () => {
    expect(trends.creatorAngles[0]).toEqual({
      angle: 'Step-by-step tutorial',
      why: '1 of 4 rising videos take it, averaging 15,000 views/day (36% of all their views).',
      examples: ['How to Pick a CRM in 2026 (Step by Step)'],
    });
    expect(trends.creatorAngles.map((a) => a.angle)).toEqual(['Step-by-step tutorial', 'Short-form quick take', 'Ranked list or roundup', 'Mistakes and myths', 'Long-form deep dive']);
  });

  it('breaks the views down by channel, most viewed first', () => {
    expect(trends.channelBreakdown).toEqual([
      { channelTitle: 'Channel A', videos: 3, totalViews: 53_000, totalComments: 30 },
      { channelTitle: 'Channel B', videos: 1, totalViews: 30_000, totalComments: 900 },
    ]);
  });

  it('suggests formats backed by the data', () => {
    expect(trends.formatIdeas).toEqual([
      'A 10-minute video: the median length of the rising long-form videos, with chapters that mirror the article\'s sections.',
      '1 of 4 rising videos run under 3 minutes: cut the article\'s key answer into a vertical Short.',
      'Lead with the best-performing angle, step-by-step tutorial, as in “How to Pick a CRM in 2026 (Step by Step)”.',
      expect.stringMatching(/^Title it as 1 of 4 rising videos do: /),
      'Channel A holds 64% of the views: a response video or a collaboration reaches its audience.',
      'Viewers comment most on “How to Pick a CRM in 2026 (Step by Step)” (30 comments per 1,000 views): answer the questions raised there.',
    ]);
  });

  it('says so when no video was published in the window', () => {
    const empty = buildVideoTrends(search, []);
    expect(empty).toMatchObject({ risingVideos: [], titlePatterns: [], creatorAngles: [], channelBreakdown: [], sourceUrls: [] });
    expect(empty.formatIdeas).toEqual(['No videos on “crm” were published in US in the last 30 days: a first clear explainer video would face no competition.']);
  });
});
