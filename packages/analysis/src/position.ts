/** One list item, heading or table row of an answer, reduced to what decides which name it is about. */
export interface Item {
  /** Items of one level form one list; lower ranks are outer levels (see {@link levelRank}). */
  level: string;
  /** The part naming the item's subject (see {@link leadOf}), in original offsets, end exclusive. */
  leadStart: number;
  leadEnd: number;
}

// The content group starts at a non-space, so `\s+` never gives back spaces for it to retry: with
// `\s+(.*)$` a line with a long run of spaces and then a line separator (U+2028, a lone \r) that
// `.` cannot cross took time quadratic in the run. The content is undefined for an empty item.
const HEADING = /^( {0,3}(#{1,6})\s+)(\S.*)?$/;
/** `1. Acme`, `1) Acme`, also `**1. Acme**` as LLMs often write it. */
const NUMBERED = /^((\s*)(?:\*\*|__)?\d{1,3}[.)]\s+)(\S.*)?$/;
const BULLETED = /^((\s*)[-*•]\s+)(\S.*)?$/;
/** A paragraph that opens with a bold span (`**Target** often bundles…`): a list without bullets. */
const BOLD_LED = /^\s*(?:\*\*|__)/;
const NUMBER_PREFIX = /^(?:\*\*|__)?\d{1,3}[.)]\s+/;
/** Where an item's subject ends: `: `, a spaced dash, an em dash, or an opening parenthesis. */
const LEAD_END = /:(?:\s|$)|\s[-–—]\s|—|\s\(/;
/** A markdown table row; the cells are what lies between its pipes. */
const TABLE_ROW = /^\s*\|/;
/** A cell holding only a rank (`1`, `#1`, `1.`): the subject is in the next cell. */
const RANK_CELL = /^\s*#?\d{1,3}\.?\s*$/;
const TAB_WIDTH = 4;

/**
 * The items of an answer, in order: headings (`### 1. Acme`, `## Acme`), list items (`1.`, `1)`,
 * `-`, `*`, `•`, at their nesting depth) and the body rows of markdown tables.
 */
export function parseItems(text: string): Item[] {
  const items: Item[] = [];
  // Indents of the open list items; an item's nesting depth is how many of them are shallower.
  const open: number[] = [];
  const lines = text.split('\n');
  let lineStart = 0;
  lines.forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    const item = itemOf(line, lines[i - 1], lines[i + 1], open);
    if (item) items.push({ level: item.level, leadStart: lineStart + item.leadStart, leadEnd: lineStart + item.leadEnd });
    lineStart += raw.length + 1;
  });
  return items;
}

/** The item `line` is, with offsets into the line; `open` holds the indents of the open list items. */
function itemOf(line: string, previous: string | undefined, next: string | undefined, open: number[]): Item | null {
  if (TABLE_ROW.test(line)) {
    // The header row is the one the rule follows; the rule itself names no one.
    const isHeader = next !== undefined && isTableRule(next) && !(previous !== undefined && TABLE_ROW.test(previous));
    if (isTableRule(line) || isHeader) return null;
    const lead = tableLead(line);
    return lead && { level: 't', leadStart: lead.start, leadEnd: lead.end };
  }
  const heading = HEADING.exec(line);
  if (heading) {
    const content = heading[3] ?? '';
    const offset = heading[1]!.length + (NUMBER_PREFIX.exec(content)?.[0].length ?? 0);
    const lead = leadOf(line.slice(offset));
    return { level: `h${heading[2]!.length}`, leadStart: offset + lead.start, leadEnd: offset + lead.end };
  }
  const listItem = NUMBERED.exec(line) ?? BULLETED.exec(line);
  if (!listItem) {
    if (!BOLD_LED.test(line)) return null;
    const offset = line.length - line.trimStart().length;
    const lead = leadOf(line.slice(offset));
    return { level: 'b', leadStart: offset + lead.start, leadEnd: offset + lead.end };
  }
  const indent = listItem[2]!.replace(/\t/g, ' '.repeat(TAB_WIDTH)).length;
  while (open.length > 0 && open[open.length - 1]! >= indent) open.pop();
  open.push(indent);
  const offset = listItem[1]!.length;
  const lead = leadOf(line.slice(offset));
  return { level: `l${open.length - 1}`, leadStart: offset + lead.start, leadEnd: offset + lead.end };
}

/** The row under a table's header: pipes, dashes, colons and spaces only (one character class: linear on any line). */
function isTableRule(line: string): boolean {
  return /^[\s|:-]+$/.test(line) && line.includes('-') && line.includes('|');
}

/** Where a row's subject is: its first cell, or the next one when the first holds only a rank. */
function tableLead(line: string): { start: number; end: number } | null {
  let start = line.indexOf('|') + 1;
  for (let cell = 0; cell < 2; cell++) {
    const end = line.indexOf('|', start);
    const stop = end < 0 ? line.length : end;
    const content = line.slice(start, stop);
    if (!RANK_CELL.test(content)) {
      const trimmedStart = start + (content.length - content.trimStart().length);
      return content.trim() ? { start: trimmedStart, end: trimmedStart + content.trim().length } : null;
    }
    if (end < 0) return null;
    start = end + 1;
  }
  return null;
}

/**
 * The part of an item that names its subject, as offsets into `content`: a leading bold span
 * (`**Acme** – …`), else the text before the first separator (`Acme: …`, `Acme – …`,
 * `Acme (by Beta Inc.)`), else the whole item. Keeps comparisons in the description ("Acme –
 * cheaper than Beta") from placing Beta.
 */
function leadOf(content: string): { start: number; end: number } {
  const bold = /^(\*\*|__)(.+?)\1/.exec(content);
  if (bold) return { start: 2, end: 2 + bold[2]!.length };
  const end = content.search(LEAD_END);
  return { start: 0, end: end > 0 ? end : content.length };
}

/**
 * Outer levels first: headings by depth, then top-level list items, then table rows, then
 * paragraphs led by bold, then nested list items by depth. A table beside a list is usually its
 * summary; bold-led paragraphs are often labels; nested items are details.
 */
export function levelRank(level: string): number {
  const depth = Number(level.slice(1)) || 0;
  if (level[0] === 'h') return depth;
  if (level === 't') return 11;
  if (level === 'b') return 12;
  return depth === 0 ? 10 : 12 + depth;
}
