import { foldKey, type FoldedText } from './fold';
import { domainLabel } from './urls';

/**
 * One way a name is written, split into parts that the text may write apart or together:
 * `Proton VPN` is `proton` + `vpn` (also `ProtonVPN`, `Proton-VPN`), `HubSpot` is `hub` + `spot`
 * (also `Hub Spot`). Matching walks these strings; no pattern is ever built from a name, so the
 * time is the text's length times the name's at most, whatever either holds.
 */
export interface NameForm {
  /** Folded parts (lower case, no diacritics); punctuation inside a part is literal (`monday.com`, `C++`). */
  parts: string[];
  /** For each part after the first: the name runs it on from a lower-case letter (`HubSpot`), so written apart its capital must stay (`Hub Spot`, not `hub spot`). */
  camel: boolean[];
  /** Which parts the name capitalises; for a plain name (see {@link isPlain}) the text must too. */
  capitalised: boolean[];
  /**
   * Words only, capitalised or small (`Close`, `Down Dog`, `Bank of America`): such a name may be
   * ordinary words, so case and context decide (see detect.ts). A name given in lower case
   * (`bunq`) is the brand's own spelling and counts in any case.
   */
  plain: boolean;
}

/** A place in the folded text where a form of a name is written. */
export interface Occurrence {
  /** Folded offsets, end exclusive. */
  start: number;
  end: number;
  /** Folded offset where each part starts. */
  partStarts: number[];
  form: NameForm;
}

/**
 * A name written as a domain (`acme.com`, `www.acme.io`, `https://acme.co.uk/`). Only lower-case
 * names count, so `Monday.com` stays a brand name with punctuation: treating it as a domain would
 * also match every "Monday" in the text.
 */
const DOMAIN_NAME = /^(?:https?:\/\/)?(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)+\/?$/;
/** A capitalised word (`Close`) or a small lower-case one between them (`Bank of America`). */
const PLAIN_WORD = /^\p{Lu}?\p{Ll}+$|^\p{Lu}$/u;
/** Between a lower-case letter and a capital: where `HubSpot` may be written apart. */
const CAMEL_BOUNDARY = /(?<=\p{Ll})(?=\p{Lu})/u;
/** Text between two parts of a name: nothing, spaces, or hyphens (`Proton-VPN`). */
const SEPARATOR = /[\s-]/;
/** Separators longer than this do not join two parts of a name. */
const MAX_SEPARATOR = 3;

/**
 * The forms of `name`: the name itself and, for a name given as a lower-case domain (`acme.com`),
 * the domain written apart (`acme com`) and its bare label (`Acme`), which is read as a plain word.
 */
export function compileName(name: string): NameForm[] {
  const trimmed = name.trim();
  if (!DOMAIN_NAME.test(trimmed)) return compact([formOf(trimmed)]);
  const host = trimmed.replace(/^https?:\/\//, '').replace(/\/$/, '').replace(/^www\./, '');
  const label = domainLabel(host);
  // `monday com` is the domain written apart, as answers sometimes do.
  return compact([formOf(host), formOf(host.replace(/\./g, ' ')), label === null ? null : formOf(label.charAt(0).toUpperCase() + label.slice(1))]);
}

function compact(list: (NameForm | null)[]): NameForm[] {
  return list.filter((f): f is NameForm => f !== null);
}

function formOf(name: string): NameForm | null {
  const words = name.split(/[\s-]+/).filter(Boolean);
  if (words.length === 0) return null;
  const parts: string[] = [];
  const camel: boolean[] = [];
  const capitalised: boolean[] = [];
  for (const word of words) {
    word.split(CAMEL_BOUNDARY).forEach((piece, k) => {
      const folded = foldKey(piece);
      if (!folded) return;
      if (parts.length > 0) camel.push(k > 0);
      parts.push(folded);
      capitalised.push(/^\p{Lu}/u.test(piece));
    });
  }
  if (parts.length === 0) return null;
  return { parts, camel, capitalised, plain: words.every((w) => PLAIN_WORD.test(w)) && capitalised.some(Boolean) };
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whether the folded unit at `i` is a letter or a digit (false outside the text). */
export function isWordCharAt(text: string, i: number): boolean {
  if (i < 0 || i >= text.length) return false;
  const code = text.charCodeAt(i);
  if (code < 0x80) return (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
  // A surrogate half: test the whole code point.
  if (code >= 0xdc00 && code <= 0xdfff && i > 0) return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(i - 1)!));
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(i)!));
}

/**
 * Every place in `folded` where `form` is written, on word boundaries (a part that starts or ends
 * with a letter or digit must not continue into one: `Acme` is not in `Acmeville`, but is in
 * `Acme's`, `acme.com`, `Acme-powered`), in order, without overlaps. Case and context are left to
 * the caller, except that a name run on from a lower-case letter keeps its capitals when written
 * apart (`Hub Spot` counts for HubSpot, `active campaign` does not for ActiveCampaign).
 */
export function findOccurrences(folded: FoldedText, form: NameForm, original: string): Occurrence[] {
  const text = folded.text;
  const first = form.parts[0]!;
  const found: Occurrence[] = [];
  for (let at = text.indexOf(first); at >= 0; at = text.indexOf(first, at + 1)) {
    if (isWordCharAt(first, 0) && isWordCharAt(text, at - 1)) continue;
    const occurrence = matchAt(folded, form, original, at);
    if (!occurrence) continue;
    found.push(occurrence);
    at = occurrence.end - 1;
  }
  return found;
}

function matchAt(folded: FoldedText, form: NameForm, original: string, start: number): Occurrence | null {
  const text = folded.text;
  const partStarts = [start];
  let end = start + form.parts[0]!.length;
  for (let k = 1; k < form.parts.length; k++) {
    let next = end;
    while (next < text.length && next - end < MAX_SEPARATOR && SEPARATOR.test(text[next]!)) next++;
    const part = form.parts[k]!;
    if (!text.startsWith(part, next)) return null;
    if (form.camel[k - 1] && next > end && !isUpperAt(original, folded.start[next]!)) return null;
    partStarts.push(next);
    end = next + part.length;
  }
  const last = form.parts[form.parts.length - 1]!;
  if (isWordCharAt(last, last.length - 1) && isWordCharAt(text, end)) return null;
  return { start, end, partStarts, form };
}

/** Whether the original character at `i` is a capital letter. */
export function isUpperAt(original: string, i: number): boolean {
  const char = String.fromCodePoint(original.codePointAt(i) ?? 0x20);
  return char !== char.toLowerCase() && char === char.toUpperCase();
}

/** The original-text span of an occurrence. */
export function spanOf(folded: FoldedText, o: Occurrence): { start: number; end: number } {
  return { start: folded.start[o.start]!, end: folded.end[o.end - 1]! };
}
