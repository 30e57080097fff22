import { z } from 'zod';
import { say } from './messages';

/** ISO 8601 UTC with milliseconds, e.g. `2026-11-22T09:00:00.000Z` (api-contract §1). */
export const Timestamp = z.iso.datetime({ precision: 3 }).meta({ example: '2026-11-22T09:00:00.000Z' });

/** The longest URL accepted anywhere (a tracker's `url`, a citation): the de-facto limit of browsers and search engines. */
export const MAX_URL_CHARS = 2_048;

/**
 * The host name of `value` when it is an absolute URL with one of `protocols` (`'https:'`) and a
 * non-empty host; undefined otherwise.
 */
export function urlHostname(value: string, protocols: readonly string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  return protocols.includes(url.protocol) && url.hostname.length > 0 ? url.hostname : undefined;
}
export const HTTP_PROTOCOLS: readonly string[] = ['http:', 'https:'];

/** Money is always an integer count of micro-units: 100,000 = 1 USD. */
export const MICRO_PER_USD = 100_000;
export const Micro = z.int().min(0).meta({ description: 'Integer micro-units; 100,000 = 1 USD.' });

/** The five AI surfaces, in the order the product lists them. */
export const SURFACES = ['chatgpt', 'claude', 'perplexity', 'gemini', 'google_ai_overview'] as const;
export const Surface = z.enum(SURFACES).meta({ id: 'Surface' });
export type Surface = z.infer<typeof Surface>;
export const DEFAULT_SURFACES: readonly Surface[] = ['chatgpt', 'perplexity', 'gemini'];

/**
 * The length of a text as every limit of the API counts it: in characters (Unicode code points), as
 * zod's `max` does, so an emoji is one character although it takes two UTF-16 units.
 */
export function charCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * The first `max` UTF-16 units of `s`, or one fewer where the cut would split a surrogate pair:
 * `slice` alone can leave half an emoji, which is no character (every encoder and store then shows
 * U+FFFD, and strict UTF-8 clients refuse the JSON).
 */
export function cutAtCodePoint(s: string, max: number): string {
  if (s.length <= max) return s;
  const last = s.charCodeAt(max - 1);
  return s.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/**
 * Text a user sends (names, prompts, topics, tokens): 1–`max` characters, without U+0000 and
 * without lone surrogates, as patterns, so the API document states them too. NUL is never part of a
 * name or a question, C-string APIs cut at it, and PostgreSQL (the local store's backend) cannot keep
 * it in a document. A lone surrogate (JSON's `"\ud800"` without its pair) is no character and has
 * no UTF-8 form: every store, message and e-mail would turn it into U+FFFD, so the text shown later
 * would differ from the one accepted. Refusing both at the API keeps what was accepted as sent.
 */
export const userText = (max: number, params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .min(1)
    .max(max)
    // eslint-disable-next-line no-control-regex -- the NUL character is what this refuses
    .regex(/^[^\u0000]*$/, { error: say((f) => `${f.must} not contain the NUL character (U+0000).`), ...ifValidSoFar })
    .regex(/^(?:[^\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/, {
      error: say((f) => `${f.must} not contain a lone surrogate (U+D800–U+DFFF without its pair), which is no character.`),
      ...ifValidSoFar,
    });

/**
 * A rule of a text checked only while the text's earlier rules passed, so a field gets one message
 * (an empty name is "required", not also "blank"). Unlike `abort`, the other fields and the
 * cross-field rules are still checked and named in the same answer.
 */
const ifValidSoFar = { when: (payload: z.core.ParsePayload) => payload.issues.length === 0 };

/** Text a user writes (names, prompts, topics): `userText` that is not all whitespace. */
export const nonBlankText = (max: number, params?: Parameters<typeof z.string>[0]) => userText(max, params).regex(/\S/, { error: say((f) => `${f.must} not be blank.`), ...ifValidSoFar });

/**
 * An integer query parameter of `min`–`max`: plain decimal digits only (leading zeros are fine,
 * `007` is 7). `Number()`, which `z.coerce` uses, would also read `0x10`, `1e1` and ` 5`. A number
 * passes as it is, so a query parsed here parses again where it is forwarded.
 */
export const queryInteger = (min: number, max: number) => {
  const between = say((f) => `${f.must} be a whole number from ${min} to ${max}, in decimal digits.`);
  return z.preprocess(
    (v) => (typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : v),
    z
      .int({ error: (issue) => (issue.code === 'invalid_type' ? between(issue) : undefined) })
      .min(min, { error: between })
      .max(max, { error: between })
      .meta({ description: `${min}–${max}, in decimal digits (leading zeros are allowed).` }),
  );
};

/**
 * A list's opaque position: base64url characters, `length` of them (exactly, or from 1 up to the
 * upper bound of a pair). Every string of that form is one the service can read, so the pattern
 * says what is accepted; it comes from `nextCursor` of the previous page.
 */
export const opaqueCursor = (length: number | [number, number]) =>
  z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${typeof length === 'number' ? length : length.join(',')}}$`), 'Cursor is not one this API issued; use nextCursor of the previous page.')
    .meta({ description: 'Opaque; from `nextCursor` of the previous page.' });

/** An array whose items must not repeat: checked here and stated as `uniqueItems` in the API document. */
export const withoutRepeats = <T extends z.ZodArray>(array: T, message: string) =>
  array.refine((items) => new Set(items).size === items.length, message).meta({ uniqueItems: true });

/**
 * A change of some fields, refused when it names none: checked here and stated as `minProperties: 1`
 * in the API document, so that a client generated from it does not send `{}`.
 */
export const atLeastOneField = <T extends z.ZodObject>(object: T, message: string) =>
  object.refine((fields) => Object.keys(fields).length > 0, message).meta({ minProperties: 1 });

/**
 * The officially assigned ISO 3166-1 alpha-2 codes (249), upper case. Reserved
 * and withdrawn codes (`UK`, `EU`, `XK`, …) are not countries YouTube or
 * DataForSEO can localise to, so they are refused rather than silently ignored.
 */
const ISO_COUNTRIES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG ' +
    'CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL ' +
    'GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA ' +
    'LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP ' +
    'NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
    'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

function isIsoCountry(code: string): boolean {
  return ISO_COUNTRIES.has(code.toUpperCase());
}

/**
 * An ISO 3166-1 alpha-2 country code, case-insensitive; a reserved code gets a message that says
 * which code is meant. Callers lower-case it when they store or echo it. A value that is not two
 * letters gets that one message (`abort`), not also the list's, which would say nothing more.
 */
export const CountryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, { error: say((f) => `${f.must} be a two-letter ISO 3166-1 code, such as de or us.`), abort: true })
  .refine(isIsoCountry, {
    error: (issue) =>
      String(issue.input).toLowerCase() === 'uk'
        ? say((f) => `${f.label} "${String(issue.input)}" is not an ISO 3166-1 code; the United Kingdom is \`gb\`.`)(issue)
        : say((f) => `${f.label} "${String(issue.input)}" is not an assigned ISO 3166-1 code.`)(issue),
  });

/** The accepted codes for the API document, each in lower and upper case. */
export const COUNTRY_CODE_ENUM = [...ISO_COUNTRIES].flatMap((code) => [code.toLowerCase(), code]);
/** The codes as responses give them, for the API document. */
export const LOWER_COUNTRY_CODES = [...ISO_COUNTRIES].map((code) => code.toLowerCase());
