/**
 * An answer's text as people read it: its Markdown rendered (lists, emphasis, links, code), with the
 * counted mentions (the API's spans, offsets into the raw text) in a <mark> naming what was counted.
 *
 * How the marks survive rendering: before parsing, each span is wrapped in two private-use
 * characters, one before it that names which tracked name it counts (U+E010 + the name's index) and
 * END after it. No answer may carry such characters: any in the text becomes U+FFFD (one UTF-16 unit
 * for one, so the offsets hold). Markdown syntax does not treat them specially, so they come
 * out inside the parsed text tokens, wherever the span fell (in bold, a link text, a list item, code).
 * The tokens are then built into DOM with `h` (no HTML string, no innerHTML): a text after a name's
 * marker and before END goes into a <mark>, and a mark still open at the end of one text token continues in the
 * next, so a span across markup stays marked. Markers that fall in a link's address are removed
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
const FIRST_NAME = 0xe010;
/** The private-use area, from which the markers come. */
const MARKERS = /[\uE000-\uF8FF]/g;

// The default preset: CommonMark with tables and strikethrough, which answers use.
const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
const normalizeLink = md.normalizeLink.bind(md);
md.normalizeLink = (url) => normalizeLink(url.replace(MARKERS, ''));
md.validateLink = (url) => /^https?:\/\//i.test(url);

/** A counted mention: the tracked name and where the API found it in the raw text. */
export interface CountedSpan {
  name: string;
  start: number;
  end: number;
}

/** The spans of the answer's brands in text order; where spans overlap, the first one wins. */
export function countedSpans(brands: ReadonlyArray<{ name: string; spans?: ReadonlyArray<{ start: number; end: number }> }>, length: number): CountedSpan[] {
  const all = brands.flatMap((b) => (b.spans ?? []).map((s) => ({ name: b.name, start: s.start, end: s.end }))).sort((a, b) => a.start - b.start);
  const kept: CountedSpan[] = [];
  let at = 0;
  for (const s of all) {
    if (s.start < at || s.end <= s.start || s.end > length) continue;
    kept.push(s);
    at = s.end;
  }
  return kept;
}

/** The raw text with each span between its name's start marker and END. */
function withMarkers(text: string, spans: CountedSpan[], names: string[]): string {
  const clean = text.replace(MARKERS, '\uFFFD');
  let out = '';
  let at = 0;
  for (const s of spans) {
    out += clean.slice(at, s.start) + String.fromCharCode(FIRST_NAME + names.indexOf(s.name)) + clean.slice(s.start, s.end) + END;
    at = s.end;
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

  constructor(
    root: Element,
    private readonly names: string[],
  ) {
    this.stack = [root];
  }

  private get top(): Element {
    return this.stack[this.stack.length - 1]!;
  }

  private mark(content: string, name: string): HTMLElement {
    return h('mark', { 'data-name': name, title: `Counted as ${name}` }, content);
  }

  /** Text with markers, appended to `into`: the parts inside a span in <mark>. */
  text(content: string, into: Element = this.top): void {
    let rest = content;
    while (rest.length > 0) {
      const next = rest.search(MARKERS);
      const piece = next === -1 ? rest : rest.slice(0, next);
      if (piece) into.append(this.open === null ? piece : this.mark(piece, this.open));
      if (next === -1) break;
      const marker = rest.charCodeAt(next);
      this.open = marker === END.charCodeAt(0) ? null : (this.names[marker - FIRST_NAME] ?? null);
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

/** The answer's text rendered from Markdown into a <div class="answer-text">, with the counted mentions marked. */
export function answerText(text: string, brands: ReadonlyArray<{ name: string; spans?: ReadonlyArray<{ start: number; end: number }> }>): HTMLElement {
  const spans = countedSpans(brands, text.length);
  const names = [...new Set(spans.map((s) => s.name))];
  const root = h('div', { class: 'answer-text' });
  new Builder(root, names).tokens(md.parse(withMarkers(text, spans, names), {}));
  return root;
}
