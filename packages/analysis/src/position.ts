import { fold, type FoldedText } from './fold';
import { compileName, findMentions, type CompiledName } from './mentions';

/** One list item or heading of an answer, reduced to what decides which name it is about. */
interface Item {
  /** Items of one level form one list: `h2` for `##` headings, `l0` for top-level list items, … */
  level: string;
  /** The part naming the item's subject (see {@link leadOf}). */
  lead: string;
}

// The content group starts at a non-space, so `\s+` never gives back spaces for it to retry: with
// `\s+(.*)$` a line with a long run of spaces and then a line separator (U+2028, a lone \r) that
// `.` cannot cross took time quadratic in the run. The content is undefined for an empty item.
const HEADING = /^ {0,3}(#{1,6})\s+(\S.*)?$/;
/** `1. Acme`, `1) Acme`, also `**1. Acme**` as LLMs often write it. */
const NUMBERED = /^(\s*)(?:\*\*|__)?\d{1,3}[.)]\s+(\S.*)?$/;
const BULLETED = /^(\s*)[-*•]\s+(\S.*)?$/;
const NUMBER_PREFIX = /^(?:\*\*|__)?\d{1,3}[.)]\s+/;
/** Where an item's subject ends: `: `, a spaced dash, an em dash, or an opening parenthesis. */
const LEAD_END = /:(?:\s|$)|\s[-–—]\s|—|\s\(/;
const TAB_WIDTH = 4;

/**
 * Each name's 1-based place in the answer's list, or null if it has none, in the order of `names`.
 *
 * The list is the items of the outermost level whose items name any of `names`: headings
 * (`### 1. Acme`, `## Acme`) before list items, and top-level items (`1.`, `1)`, `-`, `*`, `•`)
 * before nested ones. So details under a heading or a sub-bullet never count as places, and
 * section headings that name no one (`## Top picks`) leave the bullets below them as the list.
 * Places count items in the order they appear, across interruptions, whatever numbers they carry
 * (a second list that restarts at 1 continues the count). A name's place is that of the first item
 * whose subject names it; a name the list does not place (mentioned only in prose or inside another
 * item's description, as in "1. Acme – cheaper than Beta") gets null.
 *
 * When no item names any of `names`, the answer has no list: places are the order of first mention
 * among `names`, names mentioned at the same spot sharing a place; a name never mentioned gets null.
 */
export function positions(text: string, names: readonly string[]): (number | null)[] {
  return placesOf(text, names.map(compileName));
}

/** {@link positions} for compiled names, in their order; `folded` is `text` folded, if the caller has it. */
export function placesOf(text: string, names: readonly CompiledName[], folded: FoldedText = fold(text)): (number | null)[] {
  const list = rankingList(parseItems(text), names);
  if (list) {
    return names.map((name) => {
      const at = list.findIndex((lead) => findMentions(lead, name).length > 0);
      return at < 0 ? null : at + 1;
    });
  }
  const first = names.map((name) => findMentions(folded, name)[0]?.index ?? null);
  const seen = first.filter((index): index is number => index !== null);
  return first.map((index) => (index === null ? null : 1 + seen.filter((other) => other < index).length));
}

/** The folded leads of the items of the outermost level that names any of `names`, or null if none does. */
function rankingList(items: Item[], names: readonly CompiledName[]): FoldedText[] | null {
  // Grouped in one pass: filtering every item once per level takes items × levels on deep nesting.
  const byLevel = new Map<string, string[]>();
  for (const { level, lead } of items) {
    const leads = byLevel.get(level);
    if (leads) leads.push(lead);
    else byLevel.set(level, [lead]);
  }
  for (const level of [...byLevel.keys()].sort(levelOrder)) {
    const leads = byLevel.get(level)!.map((lead) => fold(lead));
    if (leads.some((lead) => names.some((name) => findMentions(lead, name).length > 0))) return leads;
  }
  return null;
}

/** Headings by depth (`h1` first), then list items by nesting depth (`l0` first). */
function levelOrder(a: string, b: string): number {
  if (a[0] !== b[0]) return a[0] === 'h' ? -1 : 1;
  return Number(a.slice(1)) - Number(b.slice(1));
}

function parseItems(text: string): Item[] {
  const items: Item[] = [];
  // Indents of the open list items; an item's nesting depth is how many of them are shallower.
  const open: number[] = [];
  for (const line of text.split(/\r?\n/)) {
    const heading = HEADING.exec(line);
    if (heading) {
      items.push({ level: `h${heading[1]!.length}`, lead: leadOf((heading[2] ?? '').replace(NUMBER_PREFIX, '')) });
      continue;
    }
    const item = NUMBERED.exec(line) ?? BULLETED.exec(line);
    if (!item) continue;
    const indent = item[1]!.replace(/\t/g, ' '.repeat(TAB_WIDTH)).length;
    while (open.length > 0 && open[open.length - 1]! >= indent) open.pop();
    items.push({ level: `l${open.length}`, lead: leadOf(item[2] ?? '') });
    open.push(indent);
  }
  return items;
}

/**
 * The part of an item that names its subject: a leading bold span (`**Acme** – …`), else the text
 * before the first separator (`Acme: …`, `Acme – …`, `Acme (by Beta Inc.)`), else the whole item.
 * Keeps comparisons in the description ("Acme – cheaper than Beta") from placing Beta.
 */
function leadOf(content: string): string {
  const trimmed = content.trim();
  const bold = /^(\*\*|__)(.+?)\1/.exec(trimmed);
  if (bold) return bold[2]!;
  const end = trimmed.search(LEAD_END);
  return end > 0 ? trimmed.slice(0, end) : trimmed;
}
