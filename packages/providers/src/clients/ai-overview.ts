import { z } from 'zod';
import { cutAtCodePoint, MAX_ANSWER_TEXT_CHARS, MAX_CITATIONS_PER_ANSWER } from '@brandradar/contracts';
import { uniqueCitations, type Citation } from '../answer';

/**
 * SerpApi's `ai_overview` (serpapi.com/ai-overview, the `google_ai_overview` engine) read into
 * Markdown: the text every documented block carries, in document order, so that brand detection
 * counts it and positions see its lists and tables (api-contract §14). No I/O.
 */

/** Far longer than any AI Overview (a few hundred words); rendering stops there, saying so, rather than building megabytes. */
export const MAX_OVERVIEW_CHARS = MAX_ANSWER_TEXT_CHARS;
/** Deeper list items are rendered at this level's indentation. */
const MAX_LIST_DEPTH = 8;
/** Blocks and list items read at most (an overview has a few dozen): past them the text is cut. */
export const MAX_OVERVIEW_BLOCKS = 5_000;

const text = z.string().optional();
/** Nested blocks are read when rendering reaches them: a recursive schema overflows the stack at about a thousand levels. */
const nested = z.array(z.unknown()).optional();
/** Table cells as SerpApi writes them: text, or a bare number. */
const cells = z.array(z.union([z.string(), z.number(), z.null()]).transform((v) => (v === null ? '' : String(v))));

/**
 * The shapes of a block, told apart by their fields: a `comparison` (products side by side), a
 * `table`, or anything textual (paragraph, heading, list, list item, `expandable`, and types
 * SerpApi may add later, read by the same fields).
 */
const comparisonBlock = z.object({
  type: z.literal('comparison'),
  product_labels: cells,
  comparison: z.array(z.object({ feature: z.string(), values: cells })).default([]),
});
const tableBlock = z.object({ type: z.literal('table').optional(), title: text, snippet: text, table: z.array(cells) });
const textBlock = z.object({ type: z.string().optional(), title: text, subtitle: text, snippet: text, list: nested, text_blocks: nested });
const blockSchema = z.union([comparisonBlock, tableBlock, textBlock]);
type TextBlock = z.infer<typeof textBlock>;

/**
 * `ai_overview.products` and `ai_overview.top_stories`: shown beside the text, named by their titles.
 * An item without a title, or of a shape not documented, names nothing and is passed over.
 */
const product = z.object({ title: z.string(), price: text, source: text }).or(z.unknown().transform(() => null));
const story = z.object({ title: z.string(), source: text, date: text }).or(z.unknown().transform(() => null));

export const aiOverviewSchema = z.object({
  text_blocks: nested,
  products: z.array(product).optional(),
  top_stories: z.array(story).optional(),
  references: z
    .array(z.object({ link: z.string().optional(), title: z.string().nullish(), source: z.string().nullish(), index: z.number().optional() }))
    .optional(),
  /** Present when Google loads the overview separately: fetch it with engine=google_ai_overview. */
  page_token: z.string().optional(),
  /** Google's "Can't generate an AI overview right now": no overview to read. */
  error: z.string().optional(),
});
export type AiOverview = z.infer<typeof aiOverviewSchema>;

/** The overview's Markdown, whether it was cut, and its references as citations (in SerpApi's order, one per URL). */
export function readAiOverview(overview: AiOverview): { text: string; truncated: boolean; citations: Citation[] } {
  const out = new MarkdownOut();
  renderBlocks(overview.text_blocks ?? [], out);
  for (const p of overview.products ?? []) if (p) out.line(`- ${joined(p.title, [p.price, p.source])}`);
  for (const s of overview.top_stories ?? []) if (s) out.line(`- ${joined(s.title, [s.source, s.date])}`);
  const cited = (overview.references ?? []).flatMap((r) => (r.link ? [{ url: r.link, title: r.title || r.source || null }] : []));
  return { ...out.result(), citations: uniqueCitations(cited).slice(0, MAX_CITATIONS_PER_ANSWER) };
}

/** A block still to render: its list depth, and whether it is an item of a list. */
type Pending = { raw: unknown; depth: number; item: boolean };

/**
 * Walks the blocks with a stack of its own (children pushed in reverse, so popped in document
 * order): linear time, and neither deep nesting nor length can overflow the stack or the caps.
 */
function renderBlocks(blocks: unknown[], out: MarkdownOut): void {
  const pending: Pending[] = [];
  const later = (raws: unknown[] = [], depth: number, item: boolean) => {
    for (let i = raws.length - 1; i >= 0; i--) pending.push({ raw: raws[i], depth, item });
  };
  later(blocks, 0, false);
  for (let read = 0; pending.length > 0; read++) {
    if (read === MAX_OVERVIEW_BLOCKS || out.full()) return out.cut();
    const { raw, depth, item } = pending.pop()!;
    // A block of a shape not documented (SerpApi adds kinds) is passed over: the rest of the overview still counts.
    const parsed = blockSchema.safeParse(raw);
    if (!parsed.success) continue;
    const block = parsed.data;
    const indent = '  '.repeat(Math.min(depth, MAX_LIST_DEPTH));
    if ('product_labels' in block) out.table(indent, comparisonRows(block));
    else if ('table' in block) {
      if (block.title || block.snippet) out.line(indent + joined(block.title, [block.snippet]));
      out.table(indent, block.table);
    } else renderText(block, indent, item, out, (raws, deeper, asItems) => later(raws, depth + (deeper ? 1 : 0), asItems));
  }
}

/** A paragraph, heading, list or expandable section; its nested blocks are queued through `queue`. */
function renderText(block: TextBlock, indent: string, item: boolean, out: MarkdownOut, queue: (raws: unknown[] | undefined, deeper: boolean, asItems: boolean) => void): void {
  const lead = joined(block.title, [block.snippet]);
  if (item) {
    if (lead) out.line(`${indent}- ${lead}`);
    if (block.subtitle) out.line(`${indent}  ${block.subtitle}`);
    queue(block.text_blocks, true, false);
    queue(block.list, true, true);
    return;
  }
  // At the top level a heading or an expandable section's title is a Markdown heading; inside a list, a line.
  const heading = indent === '' && (block.type === 'heading' || block.type === 'expandable');
  if (lead) out.line(heading ? `## ${lead}` : indent + lead);
  if (block.subtitle) out.line(indent + block.subtitle);
  queue(block.list, false, true);
  queue(block.text_blocks, false, false);
}

/** One row per product (its label leads, as a list item's name does), one column per feature. */
function comparisonRows(block: z.infer<typeof comparisonBlock>): string[][] {
  const header = ['', ...block.comparison.map((row) => row.feature)];
  return [header, ...block.product_labels.map((label, i) => [label, ...block.comparison.map((row) => row.values[i] ?? '')])];
}

/** `title: detail, detail`, leaving out what is missing; the title leads. */
function joined(title: string | undefined, details: (string | undefined)[]): string {
  const rest = details.filter(Boolean).join(', ');
  return [title, rest].filter(Boolean).join(': ');
}

/** Lines of Markdown, stopping (and saying so) once MAX_OVERVIEW_CHARS are written. */
class MarkdownOut {
  private readonly lines: string[] = [];
  private length = 0;
  private stopped = false;

  full(): boolean {
    return this.length >= MAX_OVERVIEW_CHARS;
  }

  cut(): void {
    this.stopped = true;
  }

  /** One line: a line break inside the provider's text would forge structure, so it becomes a space. */
  line(line: string): void {
    if (this.full()) return this.cut();
    line = line.replace(/[\r\n\u2028\u2029]+/g, ' ');
    this.lines.push(line);
    this.length += line.length + 1;
  }

  /** A Markdown table: the first row is the header, then the rule; pipes and line breaks in cells are escaped. */
  table(indent: string, rows: string[][]): void {
    rows.forEach((row, i) => {
      this.line(`${indent}| ${row.map(cell).join(' | ')} |`);
      if (i === 0) this.line(`${indent}|${' --- |'.repeat(Math.max(row.length, 1))}`);
    });
  }

  result(): { text: string; truncated: boolean } {
    const text = this.lines.join('\n');
    return { text: cutAtCodePoint(text, MAX_OVERVIEW_CHARS).trim(), truncated: this.stopped || text.length > MAX_OVERVIEW_CHARS };
  }
}

/** A cell's pipes escaped (line breaks go with the line's); linear on any cell. */
function cell(value: string): string {
  return value.replace(/\|/g, '\\|').trim();
}
