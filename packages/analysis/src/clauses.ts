/**
 * An answer cut into clauses, each with what it is said in: the list item, table row, heading
 * section or paragraph around it (a "scope"), and the word that joined it to the clause before.
 * Entity sentiment (brand-sentiment.ts) attributes each clause's words to the names it is about.
 */
import { parseItems, type Item } from './position';
import { splitSentences } from './sentiment';

/**
 * How a clause is joined to the one before: `contrast` (but, however, ", yet": what follows is what
 * the writer means), `concessive` (though, although: a caveat), `parallel` (while, whereas, `;`, a
 * table cell: two statements of like weight), `relative` (", which", ", whose": said of the name
 * just before), `start` (a sentence's first clause).
 */
type Joiner = 'start' | 'contrast' | 'concessive' | 'parallel' | 'relative';

/** Where a clause sits: a list item, a table row, a heading, or a paragraph line. */
type ScopeKind = 'item' | 'row' | 'heading' | 'paragraph';

export interface Clause {
  /** Offsets into the answer's text, end exclusive. */
  start: number;
  end: number;
  joiner: Joiner;
}

export interface Line {
  kind: ScopeKind;
  /** Heading depth (1–6), list nesting depth (0 outermost); 0 otherwise. */
  depth: number;
  /** Whether the line continues the paragraph or item above it (no blank line and no new item between). */
  continues: boolean;
  /** The part naming the item's subject (see position.ts), for items, rows and headings. */
  lead: { start: number; end: number } | null;
  clauses: Clause[];
}

/**
 * Words that join clauses. `yet` joins only after a comma (", yet it is slow"), since "not yet"
 * is no contrast; `while` and `whereas` set two statements side by side. A `|` is a table cell's
 * edge; `: ` and a spaced dash end an item's lead (`**Cost:** Semrush is pricier…`, `**Acme** – fast`). One alternation tried at each position: linear in the text.
 */
const JOINER = /,\s*(?:which|whose|who)\b|;|,|\||:(?:\*\*|__)?(?=\s|$)|\s[–—-]\s|\b(?:but|however|yet|while|whilst|whereas|although|though)\b/giu;
const JOINER_OF: Record<string, Joiner> = {
  ';': 'parallel',
  '|': 'parallel',
  ':': 'parallel',
  but: 'contrast',
  however: 'contrast',
  yet: 'contrast',
  while: 'parallel',
  whilst: 'parallel',
  whereas: 'parallel',
  although: 'concessive',
  though: 'concessive',
};
/** Only markup, punctuation and spaces: what may stand before a sentence's leading subordinator. */
const NO_WORDS = /^[^\p{L}\p{N}]*$/u;

/** The lines of `text` that say something, each cut into clauses, in text order. */
export function linesOf(text: string): Line[] {
  const items = parseItems(text);
  let next = 0;
  const lines: Line[] = [];
  let lineStart = 0;
  let blankBefore = true;
  for (const raw of text.split('\n')) {
    const lineEnd = lineStart + raw.length;
    while (next < items.length && items[next]!.leadStart < lineStart) next++;
    const item: Item | undefined = next < items.length && items[next]!.leadStart <= lineEnd ? items[next] : undefined;
    if (raw.trim() === '') blankBefore = true;
    else {
      const kind = kindOf(item);
      const clauses = splitSentences(raw).flatMap((s) => clausesOf(text, lineStart + s.index, lineStart + s.index + s.text.length));
      lines.push({ kind, depth: depthOf(item), continues: !blankBefore && kind === 'paragraph', lead: item ? { start: item.leadStart, end: item.leadEnd } : null, clauses });
      blankBefore = false;
    }
    lineStart = lineEnd + 1;
  }
  return lines;
}

function kindOf(item: Item | undefined): ScopeKind {
  if (!item || item.level === 'b') return 'paragraph';
  if (item.level === 't') return 'row';
  return item.level.startsWith('h') ? 'heading' : 'item';
}

function depthOf(item: Item | undefined): number {
  if (!item || item.level === 'b' || item.level === 't') return 0;
  return Number(item.level.slice(1));
}

/**
 * The clauses of one sentence (`start`–`end` of `text`). A sentence that opens with a subordinator
 * ("Although X is cheap, Y …", "While X …, Y …") ends that clause at its first comma, so the main
 * clause after it stands on its own. Other commas do not cut: "Unlike Y, X is cheaper" is one clause.
 */
function clausesOf(text: string, start: number, end: number): Clause[] {
  const sentence = text.slice(start, end);
  const clauses: Clause[] = [];
  let from = 0;
  let joiner: Joiner = 'start';
  let cutAtComma = false;
  const close = (to: number) => {
    const body = sentence.slice(from, to);
    if (!/\p{L}/u.test(body)) return; // a list number (`1.`) says nothing
    const lead = body.length - body.trimStart().length;
    clauses.push({ start: start + from + lead, end: start + from + body.trimEnd().length, joiner });
  };
  for (const m of sentence.matchAll(JOINER)) {
    const word = m[0].toLowerCase();
    if (word.startsWith(',') && word.length > 1) {
      close(m.index);
      from = m.index + m[0].length;
      joiner = 'relative';
      cutAtComma = false;
      continue;
    }
    if (word === ',') {
      if (!cutAtComma) continue;
      close(m.index);
      from = m.index + 1;
      joiner = 'start';
      cutAtComma = false;
      continue;
    }
    if (word === 'yet' && !/,\s*$/.test(sentence.slice(Math.max(from, m.index - 8), m.index))) continue;
    const opensSentence = NO_WORDS.test(sentence.slice(from, m.index));
    close(m.index);
    from = m.index + m[0].length;
    joiner = JOINER_OF[word] ?? 'parallel'; // a spaced dash
    cutAtComma = opensSentence && /^[a-z]/.test(word) && joiner !== 'contrast';
  }
  close(sentence.length);
  return clauses;
}
