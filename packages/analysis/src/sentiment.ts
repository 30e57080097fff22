/**
 * The words of sentiment: a transparent lexicon scorer of one sentence or clause, and the sentences
 * of a text. Which clauses speak of which name is brand-sentiment.ts's to decide.
 *
 * A sentence's score is the sum of its words' weights (lexicon.ts), where
 * - a negator ("not", "no", "never", "without", any "…n't") reverses the next sentiment word
 *   within three words ("not good", "isn't the best", "no issues", "without problems");
 * - an intensifier ("very", "extremely") or diminisher ("slightly", "a bit", a hedge: "can be",
 *   "may feel") right before a sentiment word (within two words) scales it by 1.5 or 0.5;
 * - a comparative the lexicon does not know, followed by "than" within three words ("bigger than",
 *   "a creamier texture than"), counts as an ordinary positive word: an answer compares on what it
 *   values and names the favoured side first. A comparative of less ("smaller", "fewer … than")
 *   counts negative, and both turn round when the sentence measures a cost ("its fees are higher
 *   than …", "a lower price than"); "too" before a word it does not know ("too firm",
 *   "too small") counts as an ordinary negative word;
 * - "but"/"however" halve what came before and weigh what follows by 1.5 ("good but expensive" < 0);
 * - punctuation (, ; : ! ?) ends a negation's or intensifier's reach.
 *
 * Limits, by design of a word-list method: no sarcasm, no idioms beyond the listed phrases ("never
 * been better" reads negative). English only.
 */
import { foldKey } from './fold';
import { CONTRAST, INTENSITY, PHRASES_BY_FIRST_WORD, isNegator, polarity } from './lexicon';

export type SentimentLabel = 'positive' | 'neutral' | 'negative';

export interface Sentence {
  /** Start in the original text, in UTF-16 code units. */
  index: number;
  text: string;
}

/** Words that end in a period without ending a sentence. */
const ABBREVIATIONS = new Set(['vs', 'etc', 'inc', 'ltd', 'co', 'corp', 'mr', 'mrs', 'ms', 'dr', 'st', 'approx', 'incl', 'esp']);

/**
 * Sentence ends: terminal punctuation (with closing quotes or brackets) before whitespace, or a line
 * break. The lookbehind starts a match only at the first mark of a run; without it a long run of
 * marks not followed by whitespace (`a.....a`) is rescanned from every mark, quadratic in the run.
 */
const SENTENCE_END = /(?<![.!?])[.!?]+["'”’)\]]*(?=\s|$)|\n/g;
const NEGATION_REACH = 3;
const INTENSITY_REACH = 2;

/**
 * The sentences of `text`. Line breaks always end one (list items, headings and table rows are
 * separate statements); a period does unless it closes an abbreviation (`e.g.`, `vs.`, `Inc.`) or
 * an initial or dotted abbreviation (`J. Smith`, `U.S.`, `e.g.`). Periods inside tokens (`acme.com`, `4.5`) never do.
 */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const body = raw.trim();
    if (body) sentences.push({ index: start + raw.length - raw.trimStart().length, text: body });
    start = end;
  };
  for (const m of text.matchAll(SENTENCE_END)) {
    if (m[0].startsWith('.') && endsWithAbbreviation(text, start, m.index)) continue;
    push(m.index + m[0].length);
  }
  push(text.length);
  return sentences;
}

const LETTER = /^\p{L}$/u;

/**
 * Whether the word of letters and periods that ends at `end` (and starts no earlier than `start`)
 * is an abbreviation. Read backwards from `end`, so each check costs the word's length: a regex
 * anchored at the end of `text.slice(start, end)` is tried from every position of a sentence that
 * keeps growing while abbreviations (`a. b. c. …`) do not end it, quadratic in its length.
 */
function endsWithAbbreviation(text: string, start: number, end: number): boolean {
  let from = end;
  while (from > start) {
    // A letter outside the BMP is a surrogate pair: step over both halves.
    const pair = from - 2 >= start ? text.codePointAt(from - 2)! : 0;
    const char = pair > 0xffff ? String.fromCodePoint(pair) : text[from - 1]!;
    if (char !== '.' && !LETTER.test(char)) break;
    from -= char.length;
  }
  // A possessive's `s` (`Hoka's.`) is no initial.
  if (from > start && (text[from - 1] === "'" || text[from - 1] === '’')) return false;
  const word = text.slice(from, end).toLowerCase();
  // Single letters separated by periods: `J`, `U.S`, `e.g`; not `acme.com`.
  return ABBREVIATIONS.has(word) || /^\p{L}(?:\.\p{L})*$/u.test(word);
}

/** The sentiment score of one sentence (see the module comment for the rules). */
export function scoreSentence(sentence: string): number {
  let score = 0;
  let negationLeft = 0;
  let intensity = 1;
  let intensityLeft = 0;
  let weight = 1;
  const tokens = tokenize(sentence);
  // Whether more of what the sentence measures is worse: "its fees are higher than …".
  const costly = tokens.some((t) => COSTS.has(t));
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (/^[,;:!?]$/.test(token)) {
      negationLeft = 0;
      intensityLeft = 0;
      continue;
    }
    if (CONTRAST.has(token)) {
      score *= 0.5;
      weight *= 1.5;
      continue;
    }
    const value = polarity(token) || constructionWeight(tokens, i, costly);
    if (value !== 0) {
      const negated = negationLeft > 0;
      score += value * (negated ? -1 : 1) * (intensityLeft > 0 ? intensity : 1) * weight;
      negationLeft = 0;
      intensityLeft = 0;
    } else if (isNegator(token)) {
      negationLeft = NEGATION_REACH;
    } else if (token in INTENSITY) {
      intensity = INTENSITY[token]!;
      intensityLeft = INTENSITY_REACH;
    } else {
      negationLeft = Math.max(0, negationLeft - 1);
      intensityLeft = Math.max(0, intensityLeft - 1);
    }
  }
  return score;
}

/** Comparatives that are no judgement of the thing compared: "other than", "rather than". */
const NOT_COMPARATIVE = new Set(['other', 'rather', 'ever', 'never', 'whether', 'either', 'neither', 'under', 'over', 'after', 'later', 'sooner']);
/** Comparatives of less: "a smaller index than", "fewer locations than" (less of what is measured). */
const DOWNWARD = new Set(['smaller', 'lower', 'shorter', 'narrower', 'thinner', 'fewer', 'slimmer']);
/** What is better the less of it there is: with one of these in the sentence, "higher than" is worse. */
const COSTS = new Set(['fee', 'fees', 'price', 'prices', 'pricing', 'cost', 'costs', 'commission', 'commissions', 'charges', 'markup', 'latency', 'wait', 'waits', 'noise']);
/** How many words may stand between a comparative and its "than": "a bigger backlink index than". */
const THAN_REACH = 3;
/** An unlisted comparative weighs as an ordinary word: what an answer compares on is what it values. */
const COMPARATIVE_WEIGHT = 1;

/**
 * The weight a word takes from its construction when the lexicon does not list it: an unlisted
 * comparative followed by "than" ("bigger than", "a creamier texture than": the name put first in
 * a comparison is the one favoured), and "too" before an unlisted word ("too firm").
 */
function constructionWeight(tokens: readonly string[], i: number, costly: boolean): number {
  const token = tokens[i]!;
  // "too firm", "too small", "too much": excess is a complaint whatever the word.
  // A word the lexicon knows decides by itself: "too good to miss", "not too expensive".
  if (token === 'too') return i + 1 < tokens.length && /^\p{L}/u.test(tokens[i + 1]!) && polarity(tokens[i + 1]!) === 0 ? -1 : 0;
  if (token.length < 5 || !token.endsWith('er') || NOT_COMPARATIVE.has(token)) return 0;
  for (let k = i + 1; k <= i + THAN_REACH && k < tokens.length; k++) if (tokens[k] === 'than') return (DOWNWARD.has(token) === costly ? 1 : -1) * COMPARATIVE_WEIGHT;
  return 0;
}

/** Folded words (hyphens and apostrophes kept inside them), clause punctuation, phrases merged. */
function tokenize(sentence: string): string[] {
  const words = foldKey(sentence).match(/[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*|[,;:!?]/gu) ?? [];
  const tokens: string[] = [];
  for (let i = 0; i < words.length; ) {
    let length = 1;
    const phrase = PHRASES_BY_FIRST_WORD.get(words[i]!)?.find((p) => (length = phraseAt(words, i, p)) > 0);
    tokens.push(phrase ? phrase.join(' ') : words[i]!);
    i += Math.max(1, length);
  }
  return tokens;
}

/** Words that may stand inside a phrase without changing it: "costs noticeably more", "costs far more". */
const PHRASE_FILLERS = new Set(['far', 'much', 'noticeably', 'significantly', 'considerably', 'substantially', 'slightly', 'roughly', 'even', 'a', 'lot', 'bit']);

/** How many words from `i` spell `phrase`, a filler allowed between two of its words; 0 when they do not. */
function phraseAt(words: readonly string[], i: number, phrase: readonly string[]): number {
  let at = i;
  for (let k = 0; k < phrase.length; k++) {
    if (k > 0 && words[at] !== phrase[k] && PHRASE_FILLERS.has(words[at]!)) at++;
    if (words[at] !== phrase[k]) return 0;
    at++;
  }
  return at - i;
}
