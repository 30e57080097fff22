import type { components } from './generated/api';

/** Every error code of the API (the document's `x-error-codes`). */
export type ApiErrorCode = components['schemas']['Error']['error']['code'];
export type ValidationIssue = NonNullable<components['schemas']['Error']['error']['issues']>[number];

/**
 * A non-2xx answer, in the contract's error shape: `code` is stable,
 * `message` is for people, `issues` name the offending fields of a 400, and
 * `details` holds the facts some codes add (`estimatedCostMicroPerRun`,
 * `balanceMicro`, `status`, …). An answer not in that shape (say, a proxy's
 * HTML page) has the code `unexpected_response`.
 */
export class BrandradarApiError extends Error {
  override name = 'BrandradarApiError';

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode | 'unexpected_response',
    message: string,
    readonly issues: ValidationIssue[],
    readonly details: Record<string, unknown>,
    /** The response's `X-Request-Id`, to quote to support. */
    readonly requestId: string | null,
  ) {
    super(message);
  }

  /** The error of a response whose body (parsed JSON, or text) was `body`. */
  static of(status: number, body: unknown, headers: Headers): BrandradarApiError {
    const requestId = headers.get('x-request-id');
    const error = isRecord(body) && isRecord(body.error) ? body.error : null;
    if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') {
      return new BrandradarApiError(status, 'unexpected_response', `HTTP ${status} without an API error body`, [], {}, requestId);
    }
    const { code, message, issues, ...details } = error;
    return new BrandradarApiError(status, code as ApiErrorCode, message, Array.isArray(issues) ? issues.filter(isIssue) : [], details, requestId);
  }
}

/** No answer at all: the gateway could not be reached, or the connection broke. */
export class BrandradarNetworkError extends Error {
  override name = 'BrandradarNetworkError';

  constructor(readonly url: string, options: { cause: unknown }) {
    super(`could not reach ${url}: ${describe(options.cause)}`, options);
  }
}

/**
 * A wait that gave up: what it waited for had not finished in the time allowed. It goes on, and
 * `last` is its latest state.
 */
export class BrandradarWaitTimeoutError<T extends { status: string } = { status: string }> extends Error {
  override name = 'BrandradarWaitTimeoutError';

  constructor(readonly waitedMs: number, readonly last: T) {
    super(`still ${last.status} after ${waitedMs / 1000} s`);
  }
}

/**
 * A call the client refuses before changing anything, because the API could only refuse it.
 * `code`: `no_competitors`, a competitor for a tracker whose primitive has none.
 */
export class BrandradarRefusedError extends Error {
  override name = 'BrandradarRefusedError';

  constructor(readonly code: 'no_competitors', message: string) {
    super(message);
  }
}

function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  // fetch reports "fetch failed" and keeps the reason (ECONNREFUSED, …) in its own cause.
  return cause.cause instanceof Error ? `${cause.message} (${cause.cause.message})` : cause.message;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isIssue(value: unknown): value is ValidationIssue {
  return isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';
}
