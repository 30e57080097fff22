import { BrandradarClient } from '@brandradar/client';
import { readLogin } from './config';
import type { Io } from './io';

export const DEFAULT_BASE_URL = 'http://localhost:8080';

/**
 * Each setting from its flag, else its environment variable, else the login saved by `brandradar
 * login` (read only when a flag and a variable leave one open); the gateway defaults to the local one.
 */
export function connection(flags: { apiKey: string | undefined; baseUrl: string | undefined }, env: NodeJS.ProcessEnv): { apiKey: string | undefined; baseUrl: string } {
  const apiKey = flags.apiKey ?? env.BRANDRADAR_API_KEY;
  const baseUrl = flags.baseUrl ?? env.BRANDRADAR_BASE_URL;
  const saved = apiKey !== undefined && baseUrl !== undefined ? undefined : readLogin(env);
  return { apiKey: apiKey ?? saved?.apiKey, baseUrl: baseUrl ?? saved?.baseUrl ?? DEFAULT_BASE_URL };
}

/** A client that tells each retry on standard error. */
export function newClient(io: Io, baseUrl: string, apiKey: string): BrandradarClient {
  return new BrandradarClient({
    baseUrl,
    apiKey,
    onRetry: ({ delayMs, status }) => io.stderr.write(`${status === null ? 'no answer' : `HTTP ${status}`}; retrying in ${(delayMs / 1000).toFixed(1)} s\n`),
  });
}
