/**
 * `transient` errors may succeed when retried (429, 5xx, network, timeout);
 * `permanent` ones never will (other 4xx, a response we cannot read, no answer).
 */
export type ProviderErrorKind = 'transient' | 'permanent';

export type ProviderErrorCode =
  | 'rate_limited'
  | 'server_error'
  | 'network'
  | 'timeout'
  | 'client_error'
  | 'malformed_response'
  | 'empty_answer'
  | 'no_ai_overview';

/**
 * What a customer is told about each failure: the provider's own text (organisation ids, quota
 * details, key fragments) goes to the logs only, never into runs, reports, briefs or e-mails.
 */
export const PROVIDER_ERROR_MESSAGES: Record<ProviderErrorCode, string> = {
  rate_limited: 'The provider is limiting requests; the answer could not be fetched in time.',
  server_error: 'The provider had an error and could not answer.',
  network: 'The provider could not be reached.',
  timeout: 'The provider did not answer in time.',
  client_error: 'The provider refused the request.',
  malformed_response: 'The provider answered with something we could not read.',
  empty_answer: 'The provider answered with no text.',
  no_ai_overview: 'Google showed no AI Overview for this query.',
};

export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly kind: ProviderErrorKind;
  readonly code: ProviderErrorCode;
  readonly status?: number;
  /** How long the provider asked us to wait (`Retry-After`), when it said. */
  readonly retryAfterMs?: number;

  /** The customer-facing message for this failure (see PROVIDER_ERROR_MESSAGES); `message` is for logs. */
  get publicMessage(): string {
    return PROVIDER_ERROR_MESSAGES[this.code];
  }

  constructor(init: { kind: ProviderErrorKind; code: ProviderErrorCode; message: string; status?: number; retryAfterMs?: number; cause?: unknown }) {
    super(init.message, { cause: init.cause });
    this.kind = init.kind;
    this.code = init.code;
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
  }
}

export function isTransient(error: unknown): error is ProviderError {
  return error instanceof ProviderError && error.kind === 'transient';
}

/** Classifies an HTTP error status: 429 and 5xx are worth retrying, any other 4xx is not. */
export function errorFromStatus(status: number, message: string, retryAfterMs?: number): ProviderError {
  const init = { status, message: `HTTP ${status}: ${message}`, retryAfterMs };
  if (status === 429) return new ProviderError({ ...init, kind: 'transient', code: 'rate_limited' });
  if (status >= 500) return new ProviderError({ ...init, kind: 'transient', code: 'server_error' });
  return new ProviderError({ ...init, kind: 'permanent', code: 'client_error' });
}

export function networkError(cause: unknown): ProviderError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new ProviderError({ kind: 'transient', code: 'network', message: `network error: ${detail}`, cause });
}

export function malformedResponse(detail: string, cause?: unknown): ProviderError {
  return new ProviderError({ kind: 'permanent', code: 'malformed_response', message: `malformed response: ${detail}`, cause });
}

const NON_NEGATIVE_NUMBER = /^\d+(\.\d+)?$/;

type HeaderSource = { get(name: string): string | null } | undefined;

/**
 * Reads `Retry-After` (seconds or an HTTP date); OpenAI and Anthropic also send
 * the more precise `retry-after-ms`, preferred when present.
 */
export function retryAfterMs(headers: HeaderSource, now: number = Date.now()): number | undefined {
  const millis = headers?.get('retry-after-ms')?.trim();
  if (millis && NON_NEGATIVE_NUMBER.test(millis)) return Math.round(Number(millis));
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (NON_NEGATIVE_NUMBER.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
