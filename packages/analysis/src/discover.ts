/**
 * Names an answer puts forward that the tracker does not track (api-contract §12): the subjects of
 * its list items, headings, first table cells and bold spans, when they read as a name rather than
 * a label (`Pricing`, `Ease of use`, `Step 1`) or a sentence. The rules, and how well they do on the
 * labelled set, are in packages/analysis/README.md ("Discovering names"); `npm run eval` measures them.
 */
import { detectBrands, type BrandDetection, type Span, type TrackedBrand } from './detect';
import { foldKey } from './fold';
import { isCommonWord } from './dictionary';
import { levelRank, parseItems } from './position';
import { isPlaceName, looksLikePerson } from './proper-nouns';

/** A name as one answer writes it at the first place it puts it forward. */
export interface DiscoveredSpan {
  /** As written, without markup. */
  name: string;
  /** What names fold to: lower case, no diacritics, no spaces or hyphens (`Hub Spot` and `HubSpot` are one). */
  key: string;
  /** Offsets into the answer's text, end exclusive: `text.slice(start, end) === name`. */
  start: number;
  end: number;
}

/**
 * How a lead reads: `name` (`Zoho CRM`, `N26`, `Fitbod`), `words` (capitalised ordinary words:
 * `Close`, `Strength`, `Waking Up`: a name only among names), or null (a label or a sentence).
 */
export type Reading = 'name' | 'words' | null;

/** Longer than this is a phrase, not a name. */
const MAX_NAME_CHARS = 60;
const MAX_NAME_WORDS = 6;
/** A bold span anywhere in the text (`**Zoho CRM** is also…`); bold leads of items come from the parser. */
const BOLD_SPAN = /\*\*([^*\n]{1,80})\*\*|__([^_\n]{1,80})__/g;
/**
 * Where a name ends inside a lead: a colon, a spaced dash, an em or en dash, a bracket (but a short
 * model designation with a digit stays: `Nothing Phone (2a)`), a comma, a footnote, a sentence end.
 */
const NAME_END = /:|\s[-–—]\s|[–—]|\s?\((?![^()\s]{0,3}\d[^()]{0,5}\))|,|\s?\[\d|\s?\[\^|;|\?|!|\.(?:\s|$)/;
/** Markup around a name: emphasis, code, quotes, a link's brackets, spaces. */
const MARKUP_CHARS = new Set([...' \t*_`"“”\'‘’[]#>']);
/** `[Zoho CRM](https://…)`: the link's text. */
const LINK = /^\[([^\]]{1,80})\]\([^)]*\)/;
/** Words a name may hold in lower case between capitalised ones (`Marcus by Goldman Sachs`, `Bank of America`). */
const CONNECTORS = new Set(['by', 'for', 'of', 'and', '&', 'de', 'du', 'la', 'le', 'von', 'van', 'der', 'the', 'on', 'in', 'x', '+']);
const YEAR = /^(?:19|20)\d\d$/;

/**
 * Words that, all together, make a label or a category rather than a name (`Best Overall`, `Key
 * Features`, `Free Plan`, `Pros`), even in a list of names. A name has at least one word outside
 * this list (`Zoho CRM`, `Monday Sales CRM`).
 */
const LABEL_WORDS = new Set(
  (
    'a an the our your my its their this that these those what why how who which when where is are it it’s it\'s ' +
    'best top overall pick picks choice choices winner winners runner runners up honorable honourable mention mentions ' +
    'option options alternative alternatives other others more also consider considering worth look ' +
    'pricing price prices priced cost costs fee fees plan plans tier tiers free paid premium basic standard starter trial ' +
    'feature features key main core highlights highlight pros pro cons con advantages disadvantages benefits drawbacks downsides ' +
    'strengths weaknesses limitations caveats considerations factors criteria things note notes tip tips tricks step steps ' +
    'overview summary introduction intro conclusion conclusions verdict bottom line final thoughts takeaway takeaways tl dr tldr ' +
    'recommendation recommendations recommended comparison compared compare table quick glance at vs versus ' +
    'ease use usability easy simple interface ui ux design setup onboarding learning curve support customer customers service ' +
    'integrations integration security privacy performance speed reliability value quality scalability reporting analytics ' +
    'automation mobile app apps desktop web availability coverage speeds range battery life comfort fit durability ' +
    'budget cheap cheapest affordable expensive enterprise small medium large business businesses team teams startups startup ' +
    'beginners beginner advanced experts users user families family individuals freelancers agencies creators ' +
    'category categories type types kind kinds open source open-source self-hosted hosted cloud based cloud-based ' +
    'tool tools software platform platforms solution solutions services provider providers brand brands product products ' +
    'model models vendor vendors company companies ' +
    'for best-for ideal good great better worst choose choosing picking getting started get ' +
    'yes no n/a none unlimited limited included includes monthly annual annually yearly per month year seat ' +
    'new newer latest updated update general everyday daily travel work home office'
  ).split(/\s+/),
);
/** Words that open a label or a sentence, never a name (`Step 1`, `Why it stands out`, `Choose a plan`). */
const LABEL_LEADS = new Set('step steps tip tips note why how what when where which who choose consider look use try check compare avoid start pick if for with without'.split(' '));

/** One place that may hold a name, and the group of places it belongs to (a list, a table, headings of one level). */
interface Candidate extends Span {
  group: string;
  /** A bold span in running prose, not an item's lead: where people are named (`teachers such as **Tara Brach**`). */
  inProse: boolean;
}

/**
 * The untracked names `text` puts forward, each once (by its folded key), in text order: `tracked`
 * are the tracker's names with their aliases; a name the tracker counts (its mention's span), one
 * folding like one, or one of its products (`HubSpot CRM`, `adidas Adizero`) is not discovered.
 * Capitalised ordinary words (`Close`, `Waking Up`) count only in a group with a clearer name or a
 * tracked one, so a list of labels (`Strength`, `Yoga`, `Cardio`) gives none.
 */
export function discoverNames(text: string, tracked: readonly TrackedBrand[]): DiscoveredSpan[] {
  return discoverBeside(text, tracked, detectBrands(text, tracked));
}

/** {@link discoverNames} given the answer's detection of `tracked`, for callers that need it too. */
export function discoverBeside(text: string, tracked: readonly TrackedBrand[], detections: readonly BrandDetection[]): DiscoveredSpan[] {
  const mentions = detections.flatMap((d) => d.spans);
  const trackedWords = tracked.flatMap((b) => [b.name, ...(b.aliases ?? [])]).map(wordsOf);
  const named = new Set<string>();
  const read: { name: Omit<DiscoveredSpan, 'key'>; reading: Reading; group: string }[] = [];
  for (const c of candidates(text)) {
    if (overlaps(c, mentions)) {
      named.add(c.group); // a list that leads with a tracked name is a list of names
      continue;
    }
    const name = nameIn(text, c.start, c.end);
    if (!name || isPlaceName(name.name) || (c.inProse && looksLikePerson(name.name))) continue;
    const reading = readingOf(name.name);
    if (reading === 'name') named.add(c.group);
    if (reading !== null) read.push({ name, reading, group: c.group });
  }
  const found = new Map<string, DiscoveredSpan>();
  for (const { name, reading, group } of read) {
    if (reading === 'words' && !named.has(group)) continue;
    const key = nameKey(name.name);
    if (key === '' || found.has(key) || isTrackedOrProduct(wordsOf(name.name), trackedWords)) continue;
    found.set(key, { ...name, key });
  }
  return [...found.values()]; // in text order: the candidates are
}

/** What names fold to for comparing: `Hub Spot`, `HubSpot` and `HUBSPOT` are one. */
export function nameKey(name: string): string {
  return foldKey(name).replace(/[\s-]+/g, '');
}

function wordsOf(name: string): string[] {
  return foldKey(name).split(/[\s-]+/).filter(Boolean);
}

/** The name is a tracked one, or opens with one (`HubSpot CRM`, `Hub Spot Sales`): its product. */
function isTrackedOrProduct(words: readonly string[], trackedWords: readonly string[][]): boolean {
  const joined = words.join('');
  return trackedWords.some((t) => {
    const name = t.join('');
    if (name === '' || !joined.startsWith(name)) return false;
    // At a word boundary of the candidate: `Applebee's` is not a product of Apple.
    let length = 0;
    return words.some((w) => (length += w.length) === name.length);
  });
}

/**
 * Item leads (parser) and bold spans, in text order, each with its group: list items of one level
 * until a paragraph or heading breaks the list, the rows of one table, the headings of one level
 * within the section above them; a bold span in prose is a group of its own.
 */
function candidates(text: string): Candidate[] {
  const items = parseItems(text);
  const groups = itemGroups(text, items);
  const spans: Candidate[] = items.map((item, i) => ({ start: item.leadStart, end: item.leadEnd, group: groups[i]!, inProse: false }));
  let k = 0;
  for (const m of text.matchAll(BOLD_SPAN)) {
    const start = m.index + 2;
    while (k < items.length && items[k]!.leadEnd <= start) k++;
    const inLead = k < items.length && items[k]!.leadStart <= start;
    if (!inLead) spans.push({ start, end: start + (m[1] ?? m[2]!).length, group: `bold:${start}`, inProse: true });
  }
  return spans.sort((a, b) => a.start - b.start);
}

/** The group of each item (see {@link candidates}), from the lines between items. */
function itemGroups(text: string, items: ReturnType<typeof parseItems>): string[] {
  const groups: string[] = [];
  let block = 0;
  // Sections per heading rank: a heading starts a new section for every rank below it.
  const sections = new Map<number, number>();
  let at = 0;
  let kind = '';
  for (const item of items) {
    const lineStart = text.lastIndexOf('\n', item.leadStart - 1) + 1;
    // Prose, or another kind of item (a bold line over a list, a table before one), ends a list.
    if (breaksList(text.slice(at, lineStart)) || item.level[0] !== kind) block++;
    kind = item.level[0]!;
    const rank = levelRank(item.level);
    if (item.level[0] === 'h') {
      for (const r of [...sections.keys()]) if (r > rank) sections.set(r, (sections.get(r) ?? 0) + 1);
      block++;
      groups.push(`${item.level}:${sections.get(rank) ?? 0}`);
    } else groups.push(`${item.level}:${block}`);
    if (!sections.has(rank)) sections.set(rank, 0);
    const lineEnd = text.indexOf('\n', item.leadEnd);
    at = lineEnd < 0 ? text.length : lineEnd + 1;
  }
  return groups;
}

/** Prose between two items, not indented under the first: the list before it has ended. */
function breaksList(between: string): boolean {
  return between.split('\n').some((line) => line.trim() !== '' && !/^\s/.test(line));
}

/** The name at the start of `text[start, end)`, trimmed of markup and of what follows it, if any. */
function nameIn(text: string, start: number, end: number): Omit<DiscoveredSpan, 'key'> | null {
  let s = start;
  let lead = text.slice(start, end);
  const link = LINK.exec(lead.replace(/^[\s*_]+/, ''));
  if (link) {
    s += lead.indexOf('[') + 1;
    lead = link[1]!;
  }
  const stop = lead.search(NAME_END);
  if (stop >= 0) lead = lead.slice(0, stop);
  // Trimmed by loops, not patterns anchored at the end, which retry from every character of a long run.
  let from = 0;
  while (from < lead.length && MARKUP_CHARS.has(lead[from]!)) from++;
  let to = Math.min(lead.length, from + MAX_NAME_CHARS + 1);
  while (to > from && (MARKUP_CHARS.has(lead[to - 1]!) || lead[to - 1] === '.')) to--;
  return to > from ? { name: lead.slice(from, to), start: s + from, end: s + to } : null;
}

/** How a lead reads (see {@link Reading}): short, capitalised, not a label, not a sentence. */
export function readingOf(lead: string): Reading {
  if (lead.length > MAX_NAME_CHARS || !/^[\p{L}\p{N}]/u.test(lead)) return null;
  const words = lead.split(/\s+/);
  if (words.length > MAX_NAME_WORDS) return null;
  if (!/\p{Lu}/u.test(lead) && !/\.[a-z]{2,}$/.test(lead)) return null; // no capital and not a domain
  const folded = words.map((w) => foldKey(w).replace(/[^\p{L}\p{N}'’&+/-]/gu, ''));
  if (LABEL_LEADS.has(folded[0]!) || folded.some((w) => YEAR.test(w))) return null;
  // An ordinary word in lower case after the first, or two words of any kind: a phrase (`Ease of use`,
  // `Best all-in-one workspaces`); one such as `evohome`, `i20` or `x360` is a product's own spelling.
  const small = words.map((w, i) => i > 0 && !/[\p{Lu}\p{N}]/u.test(w) && !CONNECTORS.has(w));
  if (small.filter(Boolean).length > 1 || small.some((isSmall, i) => isSmall && isCommonWord(folded[i]!))) return null;
  const parts = folded.flatMap((w) => w.split(/[-/]/)).filter((w) => w !== '' && !CONNECTORS.has(w) && !/^\d+$/.test(w));
  if (parts.every((w) => LABEL_WORDS.has(w))) return null;
  if (!parts.every(isCommonWord) || /\p{Lu}/u.test(lead.slice(1).replace(/(?<=\s)\p{Lu}/gu, ''))) return 'name';
  // One ordinary word in the plural or as a gerund is a topic (`Receipts`, `Payouts`, `Charging`), not a brand.
  return parts.length === 1 && /(?:[^s]s|ing)$/.test(parts[0]!) ? null : 'words';
}

function overlaps(span: Span, mentions: readonly Span[]): boolean {
  return mentions.some((m) => m.start < span.end && span.start < m.end);
}
