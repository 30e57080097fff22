/**
 * The messages of the rules a JSON Schema cannot state, so a request the OpenAPI document calls
 * valid may still break them: the generated-request tests (test/integration/openapi-fuzz.test.ts,
 * test/fuzz) allow a 400 only for these. The field descriptions in the document state each one.
 */

/** Rules that relate fields to each other (case-insensitive repeats, aliases naming a tracked name). */
export const CROSS_FIELD_RULES = [
  'This competitor repeats another.', // case-insensitive
  'Competitors must differ from your brand.',
  'This prompt repeats another.', // after trimming
  'Aliases must name the brand or one of the competitors, exactly as listed.',
  'This name has aliases in an earlier entry.',
  'This alias is already a tracked name.',
  'This alias repeats another.',
];

/** Rules that relate a field to the time of the request. */
export const TIME_RULES = [
  'An expiry must be after the time of the request.', // POST /api/v1/api-keys expiresAt
];

/** A cursor matches its pattern yet names no page the API issued (it is opaque: only the API makes one). */
export const UNISSUED_CURSOR = 'Cursor is not one this API issued; use nextCursor of the previous page.';
