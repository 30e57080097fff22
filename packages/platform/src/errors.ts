import { ZodError } from 'zod';

/**
 * A failure that is the same however often it is retried: the input itself is
 * wrong. A consumer sends the message to the dead letters at once instead of
 * redelivering it.
 */
export class PermanentError extends Error {
  override name = 'PermanentError';

  /** `code` is a short, stable reason (a metric label and the dead letter's reason), never user data. */
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Server error codes for a document or an operation the store refuses as
 * such, so a retry sends the same refusal again. FerretDB v1 answers an
 * invalid field name (`invalid key: "a.b"`, a leading `$`) with 2 BadValue;
 * MongoDB uses the specific codes.
 */
const DETERMINISTIC_STORE_CODES = new Set([
  2, // BadValue
  9, // FailedToParse (an unknown update operator)
  14, // TypeMismatch
  52, // DollarPrefixedFieldName
  56, // EmptyFieldName
  57, // DottedFieldName
  121, // DocumentValidationFailure
  10334, // BSONObjectTooLarge
  17419, // update made the document too large
  17420, // document too large after an update
  51091, // invalid regular expression
]);

/**
 * Whether retrying `error` can never help: a PermanentError, a schema
 * violation (zod), a document the store refuses for what it is, or one the
 * driver cannot even encode (BSONError; a RangeError, which Node also throws
 * for a document past the BSON buffer). Everything else (timeouts, lost
 * connections, unavailable services, bugs a deploy may fix) counts as
 * transient and is retried with backoff until the consumer's deliveries run out.
 */
export function isPermanent(error: unknown): boolean {
  if (error instanceof PermanentError || error instanceof ZodError || error instanceof RangeError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  if (name === 'BSONError') return true;
  return name === 'MongoServerError' && typeof code === 'number' && DETERMINISTIC_STORE_CODES.has(code);
}

/**
 * The driver's errors for a store it cannot reach right now (the connection dropped, no server to
 * select, the pool cleared while the server restarts): the service is briefly unavailable, not broken.
 */
const STORE_UNREACHABLE = new Set(['MongoNetworkError', 'MongoNetworkTimeoutError', 'MongoServerSelectionError', 'MongoNotConnectedError', 'MongoTopologyClosedError', 'MongoPoolClearedError']);

export function isStoreUnreachable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && STORE_UNREACHABLE.has(String((error as { name?: unknown }).name));
}

/** A short, bounded reason code for a failure (a metric label, a dead letter's reason). */
export function failureCode(error: unknown): string {
  if (error instanceof PermanentError) return error.code;
  if (error instanceof ZodError) return 'schema_violation';
  if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'MongoServerError') return 'store_rejected';
  return isPermanent(error) ? 'invalid_value' : 'transient';
}
