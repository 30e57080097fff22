import { z } from 'zod';

/**
 * Every error code the public API can answer with, and its HTTP status
 * (api-contract §1). Services reply over NATS with these codes; the gateway
 * turns them into HTTP responses, so the mapping lives here exactly once.
 */
export const ERROR_STATUS = {
  invalid_json: 400,
  validation_error: 400,
  bad_request: 400,
  unauthorized: 401,
  insufficient_credits: 402,
  spend_limit_reached: 402,
  account_closed: 403,
  insufficient_scope: 403,
  csrf_failed: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  cost_estimate_changed: 409,
  tracker_limit_reached: 409,
  webhook_limit_reached: 409,
  tracker_not_active: 409,
  tracker_not_paused: 409,
  tracker_busy: 409,
  request_token_conflict: 409,
  invalid_state: 409,
  idempotency_key_conflict: 409,
  last_owner: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  run_limit_reached: 429,
  brief_limit_reached: 429,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
const ErrorCodeSchema = z.enum(ERROR_CODES);

const ValidationIssueSchema = z.object({
  path: z.string().meta({ description: 'Dotted path of the offending field; empty for the body itself.' }),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

/**
 * The body inside `error`. Codes that carry facts (amounts, states) add them as
 * extra fields next to `code` and `message`, hence the catchall.
 */
export const ApiErrorSchema = z
  .object({
    code: ErrorCodeSchema,
    message: z.string(),
    issues: z.array(ValidationIssueSchema).optional(),
  })
  .catchall(z.unknown());
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const ErrorBodySchema = z.object({ error: ApiErrorSchema }).meta({
  id: 'Error',
  description: 'Every non-2xx response has this shape; `code` is stable, `message` is for people.',
  example: {
    error: {
      code: 'validation_error',
      message: 'The request body is invalid.',
      issues: [{ path: 'cadence.weekday', message: 'Weekday is required.' }],
    },
  },
});

export function apiError(code: ErrorCode, message: string, details: Record<string, unknown> = {}): ApiError {
  return { code, message, ...details };
}

/** One wording for every 404, so an id of another account is indistinguishable from an unknown one. */
export function notFound(): ApiError {
  return apiError('not_found', 'No such resource.');
}

/** One answer for missing, malformed, unknown and revoked keys, so none can be told apart. */
export function unauthorized(): ApiError {
  return apiError('unauthorized', 'Missing or invalid API key. Send it as `Authorization: Bearer <API_KEY>`.');
}

/** A credential of the account that may not do this: names the scope it would need. */
export function insufficientScope(requiredScope: string): ApiError {
  return apiError('insufficient_scope', `This needs the \`${requiredScope}\` scope, which this key or member does not have.`, { requiredScope });
}
