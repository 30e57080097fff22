/**
 * Names an answer puts forward that the tracker does not track (api-contract §12): the subjects of
 * its list items, headings, first table cells and bold spans, when they read as a name rather than
 * a label (`Pricing`, `Ease of use`, `Step 1`) or a sentence. The rules, and how well they do on the
 * labelled set, are in packages/analysis/README.md ("Discovering names"); `npm run eval` measures them.
 */
import { detectBrands, type Span, type TrackedBrand } from './detect';
import { fold, foldKey } from './fold';
import { parseItems } from './position';

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

/** Longer than this is a phrase, not a name. */
const MAX_NAME_CHARS = 60;
const MAX_NAME_WORDS = 5;
/** A bold span anywhere in the text (`**Zoho CRM** is also…`); bold leads of items come from the parser. */
const BOLD_SPAN = /\*\*([^*\n]{1,80})\*\*|__([^_\n]{1,80})__/g;
/** Where a name ends inside a lead: a colon, a spaced dash, an em or en dash, a bracket, a comma, a footnote. */
const NAME_END = /:|\s[-–—]\s|[–—]|\s?\(|,|\s?\[\d|\s?\[\^|;|\?|!|\.(?:\s|$)/;
/** Markup around a name: emphasis, code, quotes, a link's brackets, spaces. */
const MARKUP_CHARS = new Set([...' \t*_`"“”\'‘’[]#>']);
/** `[Zoho CRM](https://…)`: the link's text. */
const LINK = /^\[([^\]]{1,80})\]\([^)]*\)/;
/** Words a name may hold in lower case between capitalised ones (`Marcus by Goldman Sachs`, `Bank of America`). */
const CONNECTORS = new Set(['by', 'for', 'of', 'and', '&', 'de', 'du', 'la', 'le', 'von', 'van', 'der', 'the', 'on', 'in', 'x', '+']);
const YEAR = /^(?:19|20)\d\d$/;

/**
 * Words that, all together, make a label or a category rather than a name (`Best Overall`, `Key
 * Features`, `Free Plan`, `Open-Source Options`). A name has at least one word outside this list
 * (`Zoho CRM`, `Monday Sales CRM`), so it is about what labels say, not about every English word.
 */
const LABEL_WORDS = new Set(
  (
    'a an the our your my its their this that these those what why how who which when where is are it its it’s it\'s ' +
    'best top overall pick picks choice choices winner winners runner runners up honorable honourable mention mentions ' +
    'option options alternative alternatives alternatives other others more also consider considering worth look ' +
    'pricing price prices priced cost costs fee fees plan plans tier tiers free paid premium basic standard starter trial ' +
    'feature features key main core highlights highlight pros pro cons con advantages disadvantages benefits drawbacks downsides ' +
    'strengths weaknesses limitations caveats considerations factors criteria things note notes tip tips tricks step steps ' +
    'overview summary introduction intro conclusion conclusions verdict bottom line final thoughts takeaway takeaways tl dr tldr ' +
    'recommendation recommendations recommended comparison compared compare table quick glance at vs versus ' +
    'ease use usability easy simple interface ui ux design setup onboarding learning curve support customer customers service ' +
    'integrations integration security privacy performance speed reliability value quality scalability reporting analytics ' +
    'automation mobile app apps desktop web features availability coverage speeds range battery life comfort fit durability ' +
    'budget cheap cheapest affordable expensive enterprise small medium large business businesses team teams startups startup ' +
    'beginners beginner advanced experts users user families family individuals freelancers agencies creators ' +
    'category categories type types kind kinds open source open-source self-hosted hosted cloud based cloud-based ' +
    'tool tools software platform platforms solution solutions services provider providers brand brands product products ' +
    'model models vendor vendors company companies app option ' +
    'who for it best-for ideal good great better worst why choose choosing how pick picking getting started get ' +
    'yes no n/a none unlimited limited included includes monthly annual annually yearly per month year user seat ' +
    'new newer latest updated update 2023 2024 2025 2026 ' +
    'general everyday daily travel work home office' 
  ).split(/\s+/),
);
/** Words that open a label or a sentence, never a name (`Step 1`, `Why it stands out`, `Choose a plan`). */
const LABEL_LEADS = new Set('step steps tip tips note why how what when where which who choose consider look use try check compare avoid start pick if for with without'.split(' '));

/**
 * The untracked names `text` puts forward, each once (by its folded key), in text order: `tracked`
 * are the tracker's names with their aliases; a name the tracker counts (its mention's span) or
 * folding like one is not discovered.
 */
export function discoverNames(text: string, tracked: readonly TrackedBrand[]): DiscoveredSpan[] {
  const folded = fold(text);
  const mentions = detectBrands(text, tracked, folded).flatMap((d) => d.spans);
  const trackedKeys = new Set(tracked.flatMap((b) => [b.name, ...(b.aliases ?? [])]).map(nameKey));
  const found = new Map<string, DiscoveredSpan>();
  for (const lead of candidateSpans(text)) {
    const name = nameIn(text, lead.start, lead.end);
    if (!name || overlaps(name, mentions)) continue;
    const key = nameKey(name.name);
    if (key === '' || trackedKeys.has(key) || found.has(key)) continue;
    found.set(key, { ...name, key });
  }
  return [...found.values()].sort((a, b) => a.start - b.start);
}

/** What names fold to for comparing: `Hub Spot`, `HubSpot` and `HUBSPOT` are one. */
export function nameKey(name: string): string {
  return foldKey(name).replace(/[\s-]+/g, '');
}

/** Item leads (parser) and bold spans, in text order. */
function candidateSpans(text: string): Span[] {
  const spans: Span[] = parseItems(text).map((item) => ({ start: item.leadStart, end: item.leadEnd }));
  for (const m of text.matchAll(BOLD_SPAN)) {
    const inner = m[1] ?? m[2]!;
    spans.push({ start: m.index + 2, end: m.index + 2 + inner.length });
  }
  return spans.sort((a, b) => a.start - b.start);
}

/** The name at the start of `text[start, end)`, trimmed of markup and of what follows it, if it reads as a name. */
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
  const trimmed = lead.slice(from, to);
  if (trimmed === '') return null;
  return readsAsName(trimmed) ? { name: trimmed, start: s + from, end: s + to } : null;
}

/** Whether a lead is a name: short, capitalised, not a label, not a sentence. */
export function readsAsName(lead: string): boolean {
  if (lead.length > MAX_NAME_CHARS || !/^[\p{L}\p{N}]/u.test(lead)) return false;
  const words = lead.split(/\s+/);
  if (words.length > MAX_NAME_WORDS) return false;
  if (!/\p{Lu}/u.test(lead) && !/\.[a-z]{2,}$/.test(lead)) return false; // no capital and not a domain
  const lower = words.map((w) => foldKey(w).replace(/[^\p{L}\p{N}'’&+/-]/gu, ''));
  if (LABEL_LEADS.has(lower[0]!)) return false;
  if (lower.some((w) => YEAR.test(w))) return false;
  // A word in lower case that is not a connector: a phrase (`Ease of use`, `Best for small teams`).
  if (words.some((w, i) => i > 0 && /^\p{Ll}/u.test(w) && !CONNECTORS.has(w) && !/\p{Lu}/u.test(w))) return false;
  return !lower.every((w) => w === '' || LABEL_WORDS.has(w) || CONNECTORS.has(w) || /^\d+$/.test(w));
}

function overlaps(span: Span, mentions: readonly Span[]): boolean {
  return mentions.some((m) => m.start < span.end && span.start < m.end);
}
