import { z } from 'zod';
import type { VideoFacts } from '../domain/video-trends';
import { fetchJson } from '@brandradar/providers';
import { under } from './http';
import type { VideoQuery, VideoSource } from './types';

export type YouTubeOptions = { apiKey: string; baseUrl: string };

const thumbnail = z.object({ url: z.string() }).nullish();
const searchListResponse = z.object({
  items: z.array(z.object({ id: z.object({ kind: z.string().optional(), videoId: z.string().optional() }) })).default([]),
});
const videoListResponse = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        snippet: z.object({
          publishedAt: z.string(),
          channelId: z.string(),
          title: z.string(),
          description: z.string().default(''),
          channelTitle: z.string().default(''),
          thumbnails: z.object({ default: thumbnail, medium: thumbnail, high: thumbnail }).partial().default({}),
        }),
        contentDetails: z.object({ duration: z.string().default('P0D') }).default({ duration: 'P0D' }),
        // Counts are uint64 in strings; a hidden count is absent.
        statistics: z.object({ viewCount: z.string().optional(), likeCount: z.string().optional(), commentCount: z.string().optional() }).default({}),
      }),
    )
    .default([]),
});

/**
 * YouTube Data API v3 with an API key: `search.list` (part=snippet,
 * type=video) finds recent videos on the topic in the region, then one
 * `videos.list` (part=snippet,contentDetails,statistics) reads their counts
 * and durations, which search results do not carry. Costs 101 quota units.
 */
export function createYouTubeSource(options: YouTubeOptions): VideoSource {
  const get = <S extends z.ZodType>(resource: string, params: Record<string, string>, schema: S, signal: AbortSignal) => {
    const url = under(options.baseUrl, resource);
    for (const [key, value] of Object.entries({ ...params, key: options.apiKey })) url.searchParams.set(key, value);
    return fetchJson(url, { headers: { accept: 'application/json' }, signal }, schema);
  };

  return {
    provider: 'youtube',
    async risingVideos(query: VideoQuery, signal: AbortSignal): Promise<VideoFacts[]> {
      const search = await get(
        'search',
        {
          part: 'snippet',
          type: 'video',
          q: query.q,
          order: query.order,
          publishedAfter: query.publishedAfter.toISOString(),
          regionCode: query.regionCode,
          maxResults: String(query.maxResults),
        },
        searchListResponse,
        signal,
      );
      const ids = [...new Set(search.items.flatMap((item) => (item.id.videoId ? [item.id.videoId] : [])))];
      if (ids.length === 0) return [];
      const videos = await get('videos', { part: 'snippet,contentDetails,statistics', id: ids.join(','), maxResults: String(ids.length) }, videoListResponse, signal);
      return videos.items.map((v) => ({
        videoId: v.id,
        title: v.snippet.title,
        channelTitle: v.snippet.channelTitle,
        channelId: v.snippet.channelId,
        publishedAt: v.snippet.publishedAt,
        description: v.snippet.description,
        thumbnailUrl: (v.snippet.thumbnails.high ?? v.snippet.thumbnails.medium ?? v.snippet.thumbnails.default)?.url ?? `https://i.ytimg.com/vi/${v.id}/hqdefault.jpg`,
        duration: v.contentDetails.duration,
        viewCount: count(v.statistics.viewCount),
        likeCount: count(v.statistics.likeCount),
        commentCount: count(v.statistics.commentCount),
      }));
    },
  };
}

function count(value: string | undefined): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}
