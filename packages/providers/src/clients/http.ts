import type { z } from 'zod';
import { errorFromStatus, malformedResponse, networkError, retryAfterMs } from '../errors';

/**
 * GET or POST over fetch, for the providers we call without an SDK. Answers the
 * parsed body of a 2xx response; throws a classified ProviderError otherwise.
 */
export async function fetchJson<S extends z.ZodType>(url: URL, init: RequestInit & { signal: AbortSignal }, schema: S): Promise<z.infer<S>> {
  let status: number;
  let headers: Headers;
  let text: string;
  try {
    const response = await fetch(url, init);
    ({ status, headers } = response);
    text = await response.text();
  } catch (error) {
    throw networkError(error);
  }
  const body = parseJson(text);
  if (status < 200 || status > 299) throw errorFromStatus(status, errorMessage(body) ?? text.slice(0, 200), retryAfterMs(headers));
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw malformedResponse(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '), parsed.error);
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `{"error": "…"}` (SerpApi) or `{"error": {"message": "…"}}` (OpenAI-compatible APIs). */
function errorMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message;
  return undefined;
}

/** `new URL('x', base)` drops the base's last path segment unless it ends in a slash. */
export function withTrailingSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}
