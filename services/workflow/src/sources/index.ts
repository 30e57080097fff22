import type { WorkflowConfig } from '../config';
import { createDataForSeoSource } from './dataforseo';
import { createSimulatedSearchData, createSimulatedVideos } from './simulated';
import type { SearchDataSource, VideoSource } from './types';
import { createYouTubeSource } from './youtube';

export type { SearchDataSource, VideoSource } from './types';

/** Each data source is live when its credentials are set and simulated otherwise (api-contract §9). */
export function createSources(config: WorkflowConfig, clock: () => Date): { searchData: SearchDataSource; videos: VideoSource } {
  const { DATAFORSEO_LOGIN: login, DATAFORSEO_PASSWORD: password, YOUTUBE_API_KEY: apiKey } = config;
  return {
    searchData:
      login && password
        ? createDataForSeoSource({ login, password, baseUrl: config.DATAFORSEO_BASE_URL, keywordLimit: config.KEYWORD_SUGGESTIONS_LIMIT })
        : createSimulatedSearchData(clock),
    videos: apiKey ? createYouTubeSource({ apiKey, baseUrl: config.YOUTUBE_BASE_URL }) : createSimulatedVideos(clock),
  };
}
