import type { z } from 'zod';
import { cutAtCodePoint } from '@brandradar/contracts';
import { errorFromStatus, malformedResponse, networkError, retryAfterMs } from '../errors';

/**
 * GET or POST over fetch, for the providers and data sources we call without an
 * SDK. Answers the parsed body of a 2xx response; throws a classified
 * ProviderError otherwise (429, 5xx and network errors transient; other 4xx
 * and unreadable bodies permanent), so one retry policy fits them all.
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
    // The caller's abort (a deadline) is not a network error: let its reason through.
    if (init.signal.aborted) throw init.signal.reason;
    throw networkError(error);
  }
  const body = parseJson(text);
  if (status < 200 || status > 299) throw errorFromStatus(status, errorMessage(body) ?? cutAtCodePoint(text, 200), retryAfterMs(headers));
  return parseResponse(schema, body);
}

/** A response body (or a part of it) read with `schema`; a permanent `malformed_response` ProviderError if it does not fit. */
function parseResponse<S extends z.ZodType>(schema: S, body: unknown, part?: string): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw malformedResponse(`${part ? `${part}: ` : ''}${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`, parsed.error);
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * `{"error": "…"}` (SerpApi), `{"error": {"message": "…"}}` (OpenAI-compatible
 * and Google APIs) or `{"status_message": "…"}` (DataForSEO).
 */
function errorMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as { error?: unknown; status_message?: unknown };
  if (typeof b.error === 'string') return b.error;
  if (typeof b.error === 'object' && b.error !== null && typeof (b.error as { message?: unknown }).message === 'string') return (b.error as { message: string }).message;
  if (typeof b.status_message === 'string') return b.status_message;
  return undefined;
}

/** `new URL('x', base)` drops the base's last path segment unless it ends in a slash. */
export function withTrailingSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}
