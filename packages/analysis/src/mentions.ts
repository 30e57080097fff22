import { fold, foldKey, type FoldedText } from './fold';
import { domainLabel } from './urls';

/** Where a name occurs in a text, in UTF-16 code units of the original text. */
export interface Mention {
  index: number;
  length: number;
}

/** A letter or a digit: a name may not continue into one (`Acme` is not in `Acmeville` or `pacme`). */
const WORD_CHAR = '[\\p{L}\\p{N}]';
const WORD_CHAR_RE = new RegExp(`^${WORD_CHAR}$`, 'u');

/**
 * A name written as a domain (`acme.com`, `www.acme.io`, `https://acme.co.uk/`). Only lower-case
 * names count, so `Monday.com` stays a brand name with punctuation: treating it as a domain would
 * also match every "Monday" in the text.
 */
const DOMAIN_NAME = /^(?:https?:\/\/)?(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)+\/?$/;

/**
 * Every occurrence of `name` in `text`, in order, without overlaps. Matching is
 * - case- and diacritics-insensitive (`NESTLE` finds `Nestlé`, `Nestle` finds `Nestlé`);
 * - on word boundaries: a name that starts (ends) with a letter or digit must not be preceded
 *   (followed) by one. Punctuation does not bind, so possessives (`Acme's`, `Acme’s`), hyphenated
 *   compounds (`Acme-powered`) and domains (`acme.com`, `www.acme.io`, `support@acme.com`) count;
 * - on the name's words in sequence with any whitespace between them (`Bank of  America` across a
 *   line break), but never on words run together (`HubSpot` is not `Hub Spot`);
 * - literal for punctuation inside names (`Monday.com`, `C++`, `AT&T`);
 * - for a name given as a lower-case domain (`acme.com`), also on the bare name (`Acme`).
 */
export function mentions(text: string, name: string): Mention[] {
  return findMentions(fold(text), compileName(name));
}

/** True when `name` occurs in `text` (see {@link mentions}). */
export function isMentioned(text: string, name: string): boolean {
  return mentions(text, name).length > 0;
}

/** A name turned into the patterns that find it, to search many texts for it without recompiling. */
export type CompiledName = readonly RegExp[];

/** {@link mentions} for a text folded once and a name compiled once. */
export function findMentions(folded: FoldedText, name: CompiledName): Mention[] {
  const spans: { start: number; end: number }[] = [];
  for (const pattern of name) {
    for (const m of folded.text.matchAll(pattern)) {
      spans.push({ start: m.index, end: m.index + m[0].length });
    }
  }
  // Longest first among matches that start together; then drop matches inside earlier ones.
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const result: Mention[] = [];
  let reached = 0;
  for (const span of spans) {
    if (span.start < reached) continue;
    reached = span.end;
    const index = folded.start[span.start]!;
    result.push({ index, length: folded.end[span.end - 1]! - index });
  }
  return result;
}

/** The regular expressions (over folded text) that find `name`. */
export function compileName(name: string): CompiledName {
  const trimmed = name.trim();
  if (!DOMAIN_NAME.test(trimmed)) return compact([wordSequence(trimmed)]);
  const host = trimmed.replace(/^https?:\/\//, '').replace(/\/$/, '').replace(/^www\./, '');
  const label = domainLabel(host);
  return compact([wordSequence(host), label === null ? null : wordSequence(label)]);
}

function compact(list: (RegExp | null)[]): RegExp[] {
  return list.filter((r): r is RegExp => r !== null);
}

/** The folded words of `name` in sequence, separated by any whitespace, on word boundaries. */
function wordSequence(name: string): RegExp | null {
  const words = foldKey(name).split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const body = words.map(escapeRegExp).join('\\s+');
  const chars = Array.from(words.join(' '));
  const first = chars[0]!;
  const last = chars[chars.length - 1]!;
  const before = WORD_CHAR_RE.test(first) ? `(?<!${WORD_CHAR})` : '';
  const after = WORD_CHAR_RE.test(last) ? `(?!${WORD_CHAR})` : '';
  return new RegExp(`${before}${body}${after}`, 'gu');
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
