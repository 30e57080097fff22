/**
 * Which tracked brands an answer mentions, where (character spans), and each one's place in the
 * answer's list. The rules, and how well they do on the labelled set, are in packages/analysis/README.md
 * ("Detecting brands"); `npm run eval` measures them.
 */
import { fold, type FoldedText } from './fold';
import { compileName, findOccurrences, isUpperAt, isWordCharAt, spanOf, type Occurrence } from './mentions';
import { levelRank, parseItems, type Item } from './position';

/** A tracked name and the other names that count as it. */
export interface TrackedBrand {
  name: string;
  aliases?: readonly string[];
}

/** Where a counted mention is, in UTF-16 code units of the text; end exclusive. */
export interface Span {
  start: number;
  end: number;
}

export interface BrandDetection {
  mentioned: boolean;
  /** 1-based place in the answer's list, or order of first mention without one; null if unplaced. */
  position: number | null;
  /** Every counted mention, in text order. */
  spans: Span[];
}

/**
 * How much an occurrence of a plain name says that the brand is meant. `opens-sentence`: written
 * with its capitals at a sentence's start before a word that is not a subject's verb
 * (`Wave removed …`, `Close more deals.`), which counts as `if-established` unless asked for.
 */
type Evidence = 'brand' | 'if-established' | 'opens-sentence' | 'word';

export interface DetectOptions {
  /**
   * Count a tracked name written with its capitals at the start of a sentence even before a verb
   * the detector does not know (`Height shut down`, `Paddle acts as …`). For a caller to whom the
   * names are given, such as sentiment toward them; mention rates keep the cautious reading.
   */
  sentenceStarts?: boolean;
}

interface Found extends Occurrence {
  evidence: Evidence;
  brand: number;
}

/** Words that follow a name used as the subject of a sentence ("Close offers…", "Notion is…"). */
const SUBJECT_CUES = new Set(
  (
    'is was has had offers provides lets gives includes supports remains stands focuses makes uses works costs charges starts leads ' +
    'integrates excels shines also still now can will does may might should would could continues comes allows keeps tends helps ' +
    'ranks tops matches wins leans targets builds sells runs beats suits delivers features adds claims says reports announced launched ' +
    // `Beehiiv for creators` in a list item.
    'for'
  ).split(' '),
);
/** Capitalised mid-sentence anyway: as a brand name, such a word is only a hint. */
const CALENDAR = new Set('monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december'.split(' '));
/** Between two names of one enumeration ("Close, HubSpot and Pipedrive"). */
const CONNECTORS = [',', 'and', 'or', '&', 'vs', '/'];
/** Markdown, quotes and brackets before a name, and what closes them after it: they say nothing about it. */
const MARKUP_BEFORE = new Set(['*', '_', '#', '>', '"', '“', '‘', "'", '(', '[', '`', ' ', '\t']);
const MARKUP_AFTER = new Set(['*', '_', '’', '`', ' ', '\t']);
/** What ends a sentence before a name, or stands alone after it. */
const SENTENCE_BREAK = new Set(['\n', '.', '!', '?', ':', '|', '-', '•', '–', '—']);
/** An opening quote after a name starts an aside (`Alpha "the leader"`), as a bracket does. */
const STANDALONE_AFTER = new Set([',', ':', ';', '(', ')', '|', '–', '—', '-', '.', '!', '?', '\n', '[', '"', '“']);
/** How far the context rules look around a name; a longer run of markup or spaces counts as a break. */
const CONTEXT_REACH = 40;

/**
 * Detects each of `brands` in `text`, in their order.
 *
 * A name with capitals inside, digits or punctuation (`HubSpot`, `N26`, `monday.com`) counts in any
 * case. A plain name (`Close`, `Notion`, `Down Dog`) may be an ordinary word, so it counts when
 * written with its capitals and either
 * - in a form only the brand takes: a domain (`close.com`, `Close.io`), a possessive (`Close's`),
 *   a proper-noun phrase (`Close CRM`, `Square for Restaurants`), alone in a list item, heading or
 *   table cell (`**Close** –`, `| Close |`), next to another tracked name (`Close, HubSpot and …`);
 * - mid-sentence, not after "the" (`the Amazon river`) and not a weekday or month;
 * - at the start of a sentence or item followed by a verb of a subject (`Close offers …`);
 * - or anywhere else capitalised (`Close more deals.`) once the answer has named the brand in one
 *   of the ways above. A lower-case plain name (`close the deal`) never counts but as a domain.
 */
export function detectBrands(text: string, brands: readonly TrackedBrand[], folded: FoldedText = fold(text), options: DetectOptions = {}): BrandDetection[] {
  const found = brands.map((brand, j) => occurrencesOf(folded, text, brand).map((o): Found => ({ ...o, brand: j, evidence: 'word' })));
  const starts = new Map<number, number>();
  const ends = new Map<number, number>();
  for (const o of found.flat()) {
    starts.set(o.start, o.brand);
    ends.set(o.end, o.brand);
  }
  for (const o of found.flat()) o.evidence = evidenceOf(o, folded, text, starts, ends);
  const counted = found.map((list) => {
    const established = list.some((o) => o.evidence === 'brand');
    const counts = (e: Evidence) => e === 'brand' || (e === 'opens-sentence' && options.sentenceStarts === true) || (established && e !== 'word');
    return list.filter((o) => counts(o.evidence)).map((o) => spanOf(folded, o));
  });
  const places = placesOf(parseItems(text), counted);
  return brands.map((_, j) => ({ mentioned: counted[j]!.length > 0, position: places[j]!, spans: counted[j]! }));
}

/** Occurrences of the brand's name and aliases, longest first where they overlap. */
function occurrencesOf(folded: FoldedText, text: string, brand: TrackedBrand): Occurrence[] {
  const all = [brand.name, ...(brand.aliases ?? [])].flatMap(compileName).flatMap((form) => findOccurrences(folded, form, text));
  all.sort((a, b) => a.start - b.start || b.end - a.end);
  let reached = 0;
  return all.filter((o) => {
    if (o.start < reached) return false;
    reached = o.end;
    return true;
  });
}

function evidenceOf(o: Found, folded: FoldedText, text: string, starts: Map<number, number>, ends: Map<number, number>): Evidence {
  if (!o.form.plain) return 'brand';
  const f = folded.text;
  if (isDomainAt(f, o.end)) return 'brand';
  if (!o.form.capitalised.every((capital, k) => !capital || isUpperAt(text, folded.start[o.partStarts[k]!]!))) return 'word';
  if (o.form.parts.length > 1) return 'brand';
  if (isPossessiveAt(f, o.end) || isBoldName(f, o)) return 'brand';
  const next = nextWord(f, text, folded, o.end);
  if (next.kind === 'proper') return 'brand';
  if (isEnumerated(f, text, folded, o, starts, ends)) return 'brand';
  const sentenceStart = startsSentence(f, o.start);
  if (sentenceStart) return next.kind === 'standalone' || (next.kind === 'word' && SUBJECT_CUES.has(next.word)) ? 'brand' : 'opens-sentence';
  if (previousWord(f, o.start) === 'the' || CALENDAR.has(o.form.parts[0]!)) return 'if-established';
  return 'brand';
}

/** `Close's`, `Ahrefs'`. */
function isPossessiveAt(f: string, end: number): boolean {
  if (f[end] !== "'") return false;
  return f[end + 1] === 's' ? !isWordCharAt(f, end + 2) : f[end - 1] === 's' && !isWordCharAt(f, end + 1);
}

/** `**Target**`: the name is all of a bold span. */
function isBoldName(f: string, o: Occurrence): boolean {
  return f.startsWith('**', o.end) && o.start >= 2 && f.startsWith('**', o.start - 2);
}

/** `.com`, `.io`, `.co.uk` right after a name: its domain. */
function isDomainAt(f: string, end: number): boolean {
  if (f[end] !== '.') return false;
  let i = end + 1;
  while (i < f.length && i - end <= 24 && f.charCodeAt(i) >= 0x61 && f.charCodeAt(i) <= 0x7a) i++;
  return i - end > 2 && !isWordCharAt(f, i);
}

type Next = { kind: 'standalone' } | { kind: 'proper' } | { kind: 'word'; word: string };

/** What follows a name: nothing or punctuation, a capitalised word (`Close CRM`, `Renault 5`), or a lower-case word. */
function nextWord(f: string, text: string, folded: FoldedText, end: number): Next {
  // `Close-date` is a compound of the word, not the name standing alone.
  if (f[end] === '-' && isWordCharAt(f, end + 1)) return { kind: 'word', word: wordAt(f, end + 1) };
  // A quote right after the name closes it (`"Close" is`); one after a space opens an aside.
  let i = skip(f, f[end] === '"' || f[end] === '”' ? end + 1 : end, 1);
  if (i >= f.length || STANDALONE_AFTER.has(f[i]!)) return { kind: 'standalone' };
  const word = wordAt(f, i);
  if (word === '') return { kind: 'word', word };
  if (isProperWord(text, folded, i, word)) return { kind: 'proper' };
  // `Square for Restaurants`, `Marcus by Goldman Sachs`.
  if (word === 'for' || word === 'of' || word === 'by') {
    i = skip(f, i + word.length, 1);
    const after = wordAt(f, i);
    if (after !== '' && isProperWord(text, folded, i, after)) return { kind: 'proper' };
  }
  return { kind: 'word', word };
}

/** A token with a capital anywhere up to the next space (`Cooper`, `iPhone`, `e-C4`) or a number (`Renault 5`). */
function isProperWord(text: string, folded: FoldedText, at: number, word: string): boolean {
  if (/^\d/.test(word)) return true;
  for (let k = at; k < folded.text.length && k - at < CONTEXT_REACH && !/\s/.test(folded.text[k]!); k++) if (isUpperAt(text, folded.start[k]!)) return true;
  return false;
}

/** The letters and digits from `at` (at most {@link CONTEXT_REACH}). */
function wordAt(f: string, at: number): string {
  let i = at;
  while (i < f.length && i - at < CONTEXT_REACH && isWordCharAt(f, i)) i++;
  return f.slice(at, i);
}

/** The index after markup and spaces from `at` in `direction` (1 or -1), within reach. */
function skip(f: string, at: number, direction: 1 | -1): number {
  const markup = direction === 1 ? MARKUP_AFTER : MARKUP_BEFORE;
  let i = at;
  for (let steps = 0; steps < CONTEXT_REACH && i >= 0 && i < f.length && markup.has(f[i]!); steps++) i += direction;
  return i;
}

/** Whether the name at `start` opens a sentence, a list item, a heading or a table cell. */
function startsSentence(f: string, start: number): boolean {
  const i = skip(f, start - 1, -1);
  if (i < 0) return true;
  if (start - 1 - i >= CONTEXT_REACH) return true;
  return SENTENCE_BREAK.has(f[i]!);
}

/** The word right before `start`, if only spaces separate them. */
function previousWord(f: string, start: number): string {
  let end = start;
  while (end > 0 && start - end < 3 && (f[end - 1] === ' ' || f[end - 1] === '\t')) end--;
  let from = end;
  while (from > 0 && end - from < CONTEXT_REACH && isWordCharAt(f, from - 1)) from--;
  return f.slice(from, end);
}

/**
 * Whether the name stands in an enumeration: next to another tracked name (`Nest, Hive`), or
 * followed by a capitalised name (`Acme and Beta lead`, `Calm or Headspace`).
 */
function isEnumerated(f: string, text: string, folded: FoldedText, o: Found, starts: Map<number, number>, ends: Map<number, number>): boolean {
  const other = (at: number | undefined, map: Map<number, number>) => at !== undefined && map.has(at) && map.get(at) !== o.brand;
  const after = acrossConnector(f, o.end, 1);
  if (after !== undefined && isWordCharAt(f, after) && isProperWord(text, folded, after, wordAt(f, after))) return true;
  return other(after, starts) || other(acrossConnector(f, o.start, -1), ends);
}

/** The boundary past a connector and its spaces from the boundary `at`, in `direction`, if a connector is there. */
function acrossConnector(f: string, at: number, direction: 1 | -1): number | undefined {
  const i = skipSpaces(f, at, direction);
  for (const connector of CONNECTORS) {
    const from = direction === 1 ? i : i - connector.length;
    if (from < 0 || !f.startsWith(connector, from)) continue;
    const past = direction === 1 ? i + connector.length : from;
    if (isWordCharAt(connector, 0) && isWordCharAt(f, direction === 1 ? past : past - 1)) continue;
    return skipSpaces(f, past, direction);
  }
  return undefined;
}

/** The boundary past up to three spaces from the boundary `at`, in `direction`. */
function skipSpaces(f: string, at: number, direction: 1 | -1): number {
  let i = at;
  for (let n = 0; n < 3 && (direction === 1 ? f[i] : f[i - 1]) === ' '; n++) i += direction;
  return i;
}

/**
 * Each brand's place: the item of the outermost level (see {@link levelRank}) that names any of
 * them, counted in order within that level; a brand the list does not name in an item's lead gets
 * null. Without such a list, the order of first mention, brands first named at one spot sharing it.
 */
function placesOf(items: readonly Item[], counted: readonly Span[][]): (number | null)[] {
  // The ordinal of each item within its level.
  const ordinals = new Map<string, number>();
  const ordinal = items.map((item) => {
    const n = (ordinals.get(item.level) ?? 0) + 1;
    ordinals.set(item.level, n);
    return n;
  });
  const placed = counted.map((spans) => {
    const byLevel = new Map<string, number>();
    for (const span of spans) {
      const k = itemContaining(items, span.start);
      if (k === null || span.end > items[k]!.leadEnd) continue;
      const level = items[k]!.level;
      byLevel.set(level, Math.min(byLevel.get(level) ?? Infinity, ordinal[k]!));
    }
    return byLevel;
  });
  const levels = [...new Set(placed.flatMap((m) => [...m.keys()]))].sort((a, b) => levelRank(a) - levelRank(b));
  if (levels.length > 0) return placed.map((m) => m.get(levels[0]!) ?? null);
  const first = counted.map((spans) => spans[0]?.start ?? null);
  const seen = first.filter((s): s is number => s !== null);
  return first.map((s) => (s === null ? null : 1 + seen.filter((other) => other < s).length));
}

/** The index of the item whose lead contains `at`, by binary search (items are in text order). */
function itemContaining(items: readonly Item[], at: number): number | null {
  let low = 0;
  let high = items.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const item = items[mid]!;
    if (at < item.leadStart) high = mid - 1;
    else if (at >= item.leadEnd) low = mid + 1;
    else return mid;
  }
  return null;
}
