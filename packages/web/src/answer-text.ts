/**
 * An answer's text as people read it: its Markdown rendered (lists, emphasis, links, code), with the
 * counted mentions (the API's spans, offsets into the raw text) in a <mark> naming what was counted,
 * and the clauses that decided a sentiment answer's label (its evidence) underlined in the label's colour.
 *
 * How the marks survive rendering: before parsing, each span is wrapped in two private-use
 * characters, one before it that names which tracked name it counts (U+E010 + the name's index) and
 * END after it; an evidence clause is between EVIDENCE and EVIDENCE_END the same way, so
both can overlap (a clause holds the name it is about). No answer may carry such characters: any in the text becomes U+FFFD (one UTF-16 unit
 * for one, so the offsets hold). Markdown syntax does not treat them specially, so they come
 * out inside the parsed text tokens, wherever the span fell (in bold, a link text, a list item, code).
 * The tokens are then built into DOM with `h` (no HTML string, no innerHTML): a text after a name's
 * marker and before END goes into a <mark>, a text within evidence into a <span class="evidence">,
 * and a mark or evidence still open at the end of one text token continues in the next, so a span
 * across markup stays marked. An evidence clause that starts a line starts after the line's block
 * syntax (`- `, `> `, `## `, `| `, `1. `): a marker before it would keep the line from being a block. Markers that fall in a link's address are removed
 * before the address is checked and encoded.
 *
 * Safety: markdown-it runs with `html: false` (raw HTML stays text), no linkify, no typographer, and
 * only the elements below are built; any other token is reduced to its text. A link is kept only
 * for an http(s) address and opens in a new tab with `rel="noopener noreferrer nofollow"`; an image
 * becomes its alt text (the CSP loads images from this origin only).
 */
import MarkdownIt, { type Token } from './vendor/markdown-it.js';
import { h } from './dom.js';

const END = '\uE000';
const EVIDENCE = '\uE001';
const EVIDENCE_END = '\uE002';
const FIRST_NAME = 0xe010;
/** The private-use area, from which the markers come. */
const MARKERS = /[\uE000-\uF8FF]/g;

// The default preset: CommonMark with tables and strikethrough, which answers use.
const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
const normalizeLink = md.normalizeLink.bind(md);
md.normalizeLink = (url) => normalizeLink(url.replace(MARKERS, ''));
md.validateLink = (url) => /^https?:\/\//i.test(url);

/** A counted mention: the tracked name and where the API found it in the raw text. */
interface CountedSpan {
  name: string;
  start: number;
  end: number;
}

interface Span {
  start: number;
  end: number;
}

/** A sentiment answer's label and the clauses that decided it (the API's `sentiment` and `sentimentEvidence`). */
export interface SentimentEvidence {
  label: 'positive' | 'neutral' | 'negative';
  spans: ReadonlyArray<Span>;
}

/** `spans` in text order, each non-empty and within the text; where spans overlap, the first one wins. */
function disjoint<S extends Span>(spans: S[], length: number): S[] {
  const kept: S[] = [];
  let at = 0;
  for (const s of spans.sort((a, b) => a.start - b.start)) {
    if (s.start < at || s.end <= s.start || s.end > length) continue;
    kept.push(s);
    at = s.end;
  }
  return kept;
}

/** The spans of the answer's brands in text order; where spans overlap, the first one wins. */
function countedSpans(brands: ReadonlyArray<{ name: string; spans?: ReadonlyArray<Span> }>, length: number): CountedSpan[] {
  return disjoint(
    brands.flatMap((b) => (b.spans ?? []).map((s) => ({ name: b.name, start: s.start, end: s.end }))),
    length,
  );
}

/** Where a line's own text starts after `start`, past its block syntax, if `start` starts the line. */
function pastBlockSyntax(text: string, start: number): number {
  if (start > 0 && text[start - 1] !== '\n') return start;
  let at = start;
  for (;;) {
    while (text[at] === ' ' || text[at] === '\t') at++;
    // One mark at a time, each a few characters read: linear in the prefix, whatever the text.
    const mark = /^(?:[>#|*+-]|\d{1,9}[.)])/.exec(text.slice(at, at + 10));
    if (!mark) return at;
    at += mark[0].length;
  }
}

/** The evidence clauses in text order, each past its line's block syntax; where they overlap, the first one wins. */
function evidenceSpans(text: string, spans: ReadonlyArray<Span>): Span[] {
  return disjoint(
    spans.map((s) => ({ start: pastBlockSyntax(text, s.start), end: s.end })),
    text.length,
  );
}

/**
 * The raw text with each counted span between its name's start marker and END, and each evidence
 * clause between EVIDENCE and EVIDENCE_END. Where marks meet, those that end come first.
 */
function withMarkers(text: string, spans: CountedSpan[], names: string[], evidence: Span[]): string {
  const clean = text.replace(MARKERS, '\uFFFD');
  const marks = [
    ...spans.flatMap((s) => [
      { at: s.start, ends: false, marker: String.fromCharCode(FIRST_NAME + names.indexOf(s.name)) },
      { at: s.end, ends: true, marker: END },
    ]),
    ...evidence.flatMap((s) => [
      { at: s.start, ends: false, marker: EVIDENCE },
      { at: s.end, ends: true, marker: EVIDENCE_END },
    ]),
  ].sort((a, b) => a.at - b.at || Number(b.ends) - Number(a.ends));
  let out = '';
  let at = 0;
  for (const m of marks) {
    out += clean.slice(at, m.at) + m.marker;
    at = m.at;
  }
  return out + clean.slice(at);
}

const BLOCKS: Record<string, keyof HTMLElementTagNameMap> = {
  paragraph: 'p',
  bullet_list: 'ul',
  ordered_list: 'ol',
  list_item: 'li',
  blockquote: 'blockquote',
  em: 'em',
  strong: 'strong',
  s: 's',
  table: 'table',
  thead: 'thead',
  tbody: 'tbody',
  tr: 'tr',
  th: 'th',
  td: 'td',
};

/** Builds DOM from markdown-it's tokens, keeping the mark state across text tokens. */
class Builder {
  private stack: Element[];
  /** The tracked name of the span the text is in, or null outside every span. */
  private open: string | null = null;
  /** Whether the text is within an evidence clause. */
  private inEvidence = false;

  constructor(
    root: Element,
    private readonly names: string[],
    private readonly label: SentimentEvidence['label'] | null,
  ) {
    this.stack = [root];
  }

  private get top(): Element {
    return this.stack[this.stack.length - 1]!;
  }

  private mark(content: string, name: string): HTMLElement {
    return h('mark', { 'data-name': name, title: `Counted as ${name}` }, content);
  }

  /** Evidence reads as such by its underline and its title; the report's hint says what the underline is. */
  private evidence(content: Node | string): HTMLElement {
    return h('span', { class: `evidence ${this.label}`, title: `Sentiment evidence: ${this.label}` }, content);
  }

  /** Text with markers, appended to `into`: the parts inside a span in <mark>, those in evidence in its <span>. */
  text(content: string, into: Element = this.top): void {
    let rest = content;
    while (rest.length > 0) {
      const next = rest.search(MARKERS);
      const piece = next === -1 ? rest : rest.slice(0, next);
      if (piece) {
        const marked = this.open === null ? piece : this.mark(piece, this.open);
        into.append(this.inEvidence && this.label !== null ? this.evidence(marked) : marked);
      }
      if (next === -1) break;
      const marker = rest[next];
      if (marker === EVIDENCE || marker === EVIDENCE_END) this.inEvidence = marker === EVIDENCE;
      else this.open = marker === END ? null : (this.names[marker!.charCodeAt(0) - FIRST_NAME] ?? null);
      rest = rest.slice(next + 1);
    }
  }

  private push(el: Element): void {
    this.top.append(el);
    this.stack.push(el);
  }

  private pop(): void {
    if (this.stack.length > 1) this.stack.pop();
  }

  tokens(tokens: Token[]): void {
    for (const t of tokens) {
      if (t.hidden && (t.type === 'paragraph_open' || t.type === 'paragraph_close')) continue; // tight lists
      const tag = BLOCKS[t.type.replace(/_(open|close)$/, '')];
      if (tag && t.nesting === 1) {
        const el = h(tag);
        if (t.type === 'ordered_list_open') {
          const start = Number(t.attrGet('start') ?? '1');
          if (Number.isInteger(start) && start !== 1) el.setAttribute('start', String(start));
        }
        this.push(el);
      } else if (tag && t.nesting === -1) this.pop();
      else if (t.type === 'heading_open') this.push(h('p', { class: 'answer-heading' }));
      else if (t.type === 'heading_close') this.pop();
      else if (t.type === 'link_open') {
        const href = String(t.attrGet('href') ?? '');
        // validateLink already refused anything but http(s); checked again here where the element is made.
        this.push(/^https?:\/\//i.test(href) ? h('a', { href, rel: 'noopener noreferrer nofollow', target: '_blank' }) : h('span'));
      } else if (t.type === 'link_close') this.pop();
      else if (t.type === 'inline') this.tokens(t.children ?? []);
      else if (t.type === 'text') this.text(t.content);
      else if (t.type === 'image') this.text(t.children?.map((c) => c.content).join('') ?? t.content);
      else if (t.type === 'code_inline') {
        const code = h('code');
        this.top.append(code);
        this.text(t.content, code);
      } else if (t.type === 'fence' || t.type === 'code_block') {
        const code = h('code');
        this.top.append(h('pre', {}, code));
        this.text(t.content, code);
      } else if (t.type === 'softbreak') this.top.append('\n');
      else if (t.type === 'hardbreak') this.top.append(h('br'));
      else if (t.type === 'hr') this.top.append(h('hr'));
      else if (t.content) this.text(t.content); // anything else: its text only
    }
  }
}

/**
 * The answer's text rendered from Markdown into a <div class="answer-text">, with the counted
 * mentions marked and, given a sentiment answer's evidence, the clauses that decided its label.
 */
export function answerText(text: string, brands: ReadonlyArray<{ name: string; spans?: ReadonlyArray<Span> }>, sentiment: SentimentEvidence | null = null): HTMLElement {
  const spans = countedSpans(brands, text.length);
  const names = [...new Set(spans.map((s) => s.name))];
  const evidence = sentiment ? evidenceSpans(text, sentiment.spans) : [];
  const root = h('div', { class: 'answer-text' });
  new Builder(root, names, sentiment?.label ?? null).tokens(md.parse(withMarkers(text, spans, names, evidence), {}));
  return root;
}
