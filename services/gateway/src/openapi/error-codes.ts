import type { ErrorCode } from '@brandradar/contracts';

/**
 * What each error code means, for the API reference. Typed by `ErrorCode`, so
 * a new code in the contracts does not compile until it is described here.
 */
export const ERROR_MEANINGS: Record<ErrorCode, string> = {
  invalid_json: 'The request body is not valid JSON, or could not be read: it does not decompress as its `Content-Encoding` says, or it ended early.',
  validation_error:
    'The body or query breaks the schema: a missing, unknown or read-only field, a value out of range, or a field the primitive does not use. `issues` names each offending field.',
  bad_request: 'The request is not valid HTTP/1.1 (a malformed request line or header, a bad chunked body). The connection is closed.',
  unauthorized: 'The API key (or admin token) is missing, malformed, unknown or revoked. Sent with `WWW-Authenticate: Bearer`.',
  insufficient_credits: "The balance cannot cover one run or the workflow's maximum charge. Carries `balanceMicro` and `requiredMicro`.",
  spend_limit_reached: "The account's monthly spend limit would be exceeded. Carries `spendLimitMicro` and `spentMicro`.",
  account_closed: 'The account is closed, so it can change nothing.',
  insufficient_scope: "The key or member may not do this: its scopes (a member's, by role) lack the one the operation needs, named in `requiredScope`. Also when a key would be created with more scopes than its creator holds.",
  csrf_failed: "A request that changes something, authenticated by the session cookie, without the session's `X-CSRF-Token` header (or with another one). API keys need none.",
  not_found: 'No such route or id, or the id belongs to another account (never a 403, so nothing leaks about other accounts).',
  method_not_allowed: 'The path exists but does not answer this method. Sent with `Allow`, which lists the methods it does answer.',
  cost_estimate_changed:
    'The cost per run differs from the amount you accepted. Carries the new `estimatedCostMicroPerRun`, which is stored, so re-submitting it succeeds.',
  tracker_limit_reached: 'The account already has 25 trackers.',
  webhook_limit_reached: 'The account already has 10 webhooks.',
  tracker_not_active: 'Runs can only be requested for an ACTIVE tracker. Carries `status` and `pauseReason`.',
  tracker_not_paused: 'Only a PAUSED tracker can be deleted.',
  tracker_busy: 'A run of the tracker is QUEUED or RUNNING; try again when it has finished.',
  request_token_conflict: 'The `requestToken` was already used for another tracker of the account.',
  invalid_state: 'The resource is in a state that does not allow this change.',
  last_owner: 'The account would be left without an owner: its last owner can be neither removed nor given another role.',
  idempotency_key_conflict: 'The idempotency key was already used for a different operation; use a new key.',
  payload_too_large: 'The request body is over 256 KiB.',
  unsupported_media_type: 'A request body must be sent with `Content-Type: application/json` in UTF-8, uncompressed or with `Content-Encoding` gzip, deflate or br.',
  run_limit_reached: 'The account already has 3 manual runs QUEUED or RUNNING. Sent with `Retry-After`.',
  brief_limit_reached: 'The account already has as many content briefs running as it may (3 by default). Sent with `Retry-After`; nothing was held or charged, and an `Idempotency-Key` sent with it may be used again.',
  request_timeout: 'The request headers did not arrive within the server\'s time limit. The connection is closed.',
  headers_too_large: 'The request headers are over 16 KiB in total. The connection is closed.',
  rate_limited: 'Too many requests for this API key. Sent with `Retry-After` (seconds); `retryAfterSeconds` in the body says the same.',
  internal_error: 'Something failed on our side. The body carries `requestId` for support and never internal detail.',
  unavailable: 'A service this request needs is briefly unavailable. Sent with `Retry-After`; retry after that many seconds.',
};
