import type { KeywordMetric } from '@brandradar/contracts';
import type { Market } from '../domain/markets';
import type { PeopleAlsoAsk } from '../domain/questions';
import type { VideoFacts } from '../domain/video-trends';

/** Keyword demand and search questions (DataForSEO, or its simulation). */
export interface SearchDataSource {
  provider: 'dataforseo' | 'simulated';
  /** The seed's own metrics and longer searches containing it, in the market. */
  keywordDemand(seed: string, market: Market, signal: AbortSignal): Promise<{ seed: KeywordMetric | null; keywords: KeywordMetric[] }>;
  /** People Also Ask and related searches of the seed's first results page in the market. */
  searchQuestions(seed: string, market: Market, signal: AbortSignal): Promise<{ peopleAlsoAsk: PeopleAlsoAsk[]; related: string[] }>;
}

export interface VideoQuery {
  q: string;
  /** Upper-case ISO 3166-1. */
  regionCode: string;
  publishedAfter: Date;
  maxResults: number;
  order: 'viewCount' | 'relevance';
}

/** Recent videos on a topic with their statistics (YouTube Data API v3, or its simulation). */
export interface VideoSource {
  provider: 'youtube' | 'simulated';
  risingVideos(query: VideoQuery, signal: AbortSignal): Promise<VideoFacts[]>;
}
