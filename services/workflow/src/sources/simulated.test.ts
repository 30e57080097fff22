import { marketOf } from '../domain/markets';
import { createSimulatedSearchData, createSimulatedVideos } from './simulated';

const now = new Date('2026-11-22T09:00:00.000Z');
const clock = () => now;
const us = marketOf('us')!;
const signal = () => new AbortController().signal;

describe('simulated search data', () => {
  const data = createSimulatedSearchData(clock);

  it('is labelled simulated and gives the same data for the same search and market', async () => {
    expect(data.provider).toBe('simulated');
    expect(await data.keywordDemand('crm software', us, signal())).toEqual(await data.keywordDemand('crm software', us, signal()));
    expect(await data.searchQuestions('crm software', us, signal())).toEqual(await data.searchQuestions('crm software', us, signal()));
    expect(await data.keywordDemand('crm software', marketOf('de')!, signal())).not.toEqual(await data.keywordDemand('crm software', us, signal()));
  });

  it('gives plausible keyword data: Google Ads volume buckets, 12 past months, no doubled modifiers', async () => {
    const { seed, keywords } = await data.keywordDemand('best crm', us, signal());
    expect(seed!.keyword).toBe('best crm');
    expect(seed!.monthlySearches).toHaveLength(12);
    expect(seed!.monthlySearches[0]).toMatchObject({ year: 2026, month: 10 });
    expect(keywords.map((k) => k.keyword)).not.toContain('best best crm');
    for (const k of keywords) {
      expect(k.keyword).toContain('best crm');
      expect(k.searchVolume).toBeLessThanOrEqual(seed!.searchVolume!);
    }
    const volumes = keywords.map((k) => k.searchVolume!);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
  });

  it('gives questions on example domains and related searches', async () => {
    const { peopleAlsoAsk, related } = await data.searchQuestions('crm software', us, signal());
    expect(peopleAlsoAsk.length).toBeGreaterThan(0);
    for (const q of peopleAlsoAsk) expect(q).toMatchObject({ question: expect.stringContaining('crm software'), url: expect.stringMatching(/^https:\/\/example\.(com|org|net)\//) });
    expect(related.every((r) => r.includes('crm software'))).toBe(true);
  });

  it('stops when its caller has given up', async () => {
    const controller = new AbortController();
    controller.abort(new Error('deadline'));
    await expect(data.keywordDemand('crm', us, controller.signal)).rejects.toThrow('deadline');
  });
});

describe('simulated videos', () => {
  const videos = createSimulatedVideos(clock);
  const query = { q: 'crm software', regionCode: 'US', publishedAfter: new Date(now.getTime() - 30 * 86_400_000), maxResults: 15, order: 'viewCount' as const };

  it('gives the same videos for the same search, published within the window, with YouTube-shaped fields', async () => {
    const found = await videos.risingVideos(query, signal());
    expect(await videos.risingVideos(query, signal())).toEqual(found);
    expect(found.length).toBeGreaterThanOrEqual(6);
    for (const v of found) {
      expect(v.videoId).toMatch(/^[A-Za-z0-9_-]{11}$/);
      expect(Date.parse(v.publishedAt)).toBeGreaterThan(query.publishedAfter.getTime());
      expect(Date.parse(v.publishedAt)).toBeLessThan(now.getTime());
      expect(v.duration).toMatch(/^PT(\d+M)?\d+S$/);
      expect(Number.isInteger(v.viewCount) && Number.isInteger(v.likeCount) && Number.isInteger(v.commentCount)).toBe(true);
    }
    expect(await videos.risingVideos({ ...query, maxResults: 2 }, signal())).toHaveLength(2);
  });

  it('ages each video the same in every call, whenever the call is made and however long it takes', async () => {
    const ages = async (callAt: number, answeredAt: number) => {
      const publishedAfter = new Date(callAt - 30 * 86_400_000);
      const found = await createSimulatedVideos(() => new Date(answeredAt)).risingVideos({ ...query, publishedAfter }, signal());
      return found.map((v) => callAt - Date.parse(v.publishedAt));
    };
    const first = await ages(now.getTime(), now.getTime() + 1_234);
    expect(await ages(now.getTime() + 3_600_777, now.getTime() + 3_600_777 + 59_000)).toEqual(first);
  });
});
