/**
 * Sentiment toward one name (api-contract §14): each clause's words (scored by the lexicon of
 * sentiment.ts) go to the names the clause is about, not to every name in its sentence.
 *
 * - A clause is about the names it names as subjects. "HubSpot is free to start, but Salesforce
 *   gets expensive": HubSpot gets the first clause, Salesforce the second.
 * - A name after "than", "unlike", "over", "compared with", "beats", "outperforms", "not as good as" is the other side
 *   of a comparison and gets the clause's score reversed ("X is cheaper than Y": Y reads negative),
 *   at half weight and of the words before it only ("… than Y, and easier" is said of X).
 *   A name after "with", "to", "for", "in", "from" is an aside and gets nothing ("integrates with Y").
 * - A clause naming no one continues the names of the last clause that did, within its list item,
 *   table row or paragraph ("It is slow.", "its support"); failing that, the item's lead (sub-items
 *   inherit it), the row's first cell, or the heading above.
 * - A clause opening with "both" ("both are excellent") is about the two names last named together.
 * - What follows "but", "however" or ", yet" counts 1.5 times; about the same names, the clause
 *   before counts half, and a "but" clause the lexicon finds nothing in ("Good, but it separates in
 *   hot coffee") takes back what the clause before said. A concessive clause ("though",
 *   "although") counts 0.75; "while", "whereas" and ";" set two clauses side by side.
 * - A net score within ±0.3 (less than a third of an ordinary word) is mixed: neutral.
 * - Other names are the tracker's other names, and capitalised words that are not common English
 *   words (`Zoho`, `Netflix`): a clause about them is not about the brand.
 * - The names are given: a name opening a sentence counts even before a verb the brand detector
 *   does not know ("Height shut down in 2025").
 * The clauses that decided the label are its evidence.
 */
import { linesOf, type Clause, type Line } from './clauses';
import { detectBrands, type Span, type TrackedBrand } from './detect';
import { isCommonWord } from './dictionary';
import { fold, foldKey } from './fold';
import { memoisedPerWord } from './memo';
import { isPlaceName } from './proper-nouns';
import { scoreSentence, type SentimentLabel } from './sentiment';

/** Clauses listed as an answer's evidence, the weightiest first. */
export const MAX_SENTIMENT_EVIDENCE = 5;

export interface BrandSentiment {
  label: SentimentLabel;
  /** The sum of what each clause about the brand contributes; its sign is the label. */
  score: number;
  /** The clauses that decided the label, weightiest first (for `neutral`, the first clauses about the brand). */
  evidence: Span[];
}

/** A name's occurrence: `who` is 0 for the brand, 1 for any other name; `tracked` when the tracker names it. */
interface NameAt {
  start: number;
  end: number;
  who: 0 | 1;
  tracked: boolean;
}

type Role = 'subject' | 'reversed' | 'aside';

/** What a clause is about: whether the brand is among its subjects or on the other side of a comparison. */
interface About {
  brand: Role | null;
  /** Whether a name other than the brand is among the clause's subjects. */
  otherSubject: boolean;
  /**
   * Where the brand stands on the far side of a "than" ("X is cheaper than Brand, and easier"): only
   * the words before it compare; null when its side is the whole clause ("Unlike Brand, X is …").
   */
  comparedAt: number | null;
}

/** Who the clauses of a scope are about when they name no one. */
type Subject = 'brand' | 'other' | 'both' | null;

/** How the few words before a name (within its clause) set its role. */
/** Words after which what is named is compared with by the words before: "cheaper than". */
const THAN_WORDS = /\b(?:than|over|beats?|outperforms?|outshines?|ahead of|behind|trails?|undercuts?|edges out)\b/iu;
const REVERSED_BEFORE = /(?:\bthan|\bunlike|\bover|\bcompared (?:with|to)|\bbeats?|\boutperforms?|\boutshines?|\bahead of|\bbehind|\btrails?|\bundercuts?|\bedges out|\bagainst|(?:\bnot|n['’]t) (?:quite |nearly )?as [\p{L}-]+ as)\s+(?:the\s+|both\s+|either\s+)?$/iu;
const ASIDE_BEFORE = /(?:\bwith|\bto|\bfor|\bfrom|\binto|\bvia|\bin|\bat|\bon|\bby|\bof|\binstead of|\bother than|\brather than|(?<!\bsuch )\bas)\s+(?:the\s+)?$/iu;
/** A clause opening on the compared side: "Unlike Wrike, …", "Compared with Jira, …". */
const UNLIKE_OPENING = /^[^\p{L}]*(?:unlike|compared (?:with|to))\s+(?:the\s+)?$/iu;
/** Between two names of one role: only "and", "or", commas, slashes. */
const COORDINATION = /^[\s,/&*]*(?:\b(?:and|or|nor)\b)?[\s*]*$/iu;
/** The other side of a comparison is said of less directly than its subject: "Nest sounds better than the Echo" is about Nest. */
const REVERSED_WEIGHT = 0.5;
/** What follows "but" is what the writer means: it counts 1.5 times, and the clause before about the same names half. */
const CONTRAST_WEIGHT = 1.5;
/** A caveat ("though its reporting is weaker") counts less than a main clause. */
const CONCESSIVE_WEIGHT = 0.75;
/**
 * A net score smaller than this is mixed praise and blame, not a judgement: a third of an ordinary
 * word (the smallest step a clause makes is a quarter: a halved comparison's caveat).
 */
const NEUTRAL_BAND = 0.3;
/** Subjects that are not the name: a "but" clause opening with them is no reservation about it. */
const OTHERS_SUBJECT = /^[^\p{L}]{0,4}(?:rivals|competitors|others|alternatives|many|some)\b/iu;
/** A clause opening with "both" (after markup) is about all the names compared. */
const BOTH = /^[^\p{L}]{0,4}both\b/iu;
/** How far back from a name its role words are read: a few words. */
const ROLE_WINDOW = 24;

/** Capitalised words that may be names: not a common word, not an acronym of up to five letters, not a place. */
const CAPITALISED = /(?<![\p{L}\p{N}'’.@/-])\p{Lu}[\p{L}\p{N}]*(?:['’-]\p{L}+)*/gu;

/**
 * How `text` speaks of `brand`, `others` being the other names it may be compared with (a
 * tracker's other names); null when the brand is not mentioned.
 */
export function brandSentiment(text: string, brand: TrackedBrand, others: readonly TrackedBrand[] = []): BrandSentiment | null {
  // The names are given: one opening a sentence is meant even before a verb the detector does not know.
  const detections = detectBrands(text, [brand, ...others], fold(text), { sentenceStarts: true });
  if (!detections[0]!.mentioned) return null;
  const names = namesIn(text, detections.map((d) => d.spans));
  const contributions = attribute(text, linesOf(text), names);
  const score = contributions.reduce((sum, c) => sum + c.value, 0);
  const label: SentimentLabel = Math.abs(score) < NEUTRAL_BAND ? 'neutral' : score > 0 ? 'positive' : 'negative';
  return { label, score, evidence: evidenceOf(contributions, label) };
}

/** Every name's occurrence in text order: the brand's spans, the others', and other capitalised names. */
function namesIn(text: string, spans: readonly (readonly Span[])[]): NameAt[] {
  const tracked: NameAt[] = spans.flatMap((list, i) => list.map((s) => ({ ...s, who: i === 0 ? (0 as const) : (1 as const), tracked: true })));
  tracked.sort((a, b) => a.start - b.start);
  const names: NameAt[] = [];
  let t = 0;
  for (const m of text.matchAll(CAPITALISED)) {
    const start = m.index;
    const end = start + m[0].length;
    while (t < tracked.length && tracked[t]!.start < end) names.push(tracked[t++]!);
    const inTracked = names.length > 0 && names[names.length - 1]!.end > start;
    if (!inTracked && mayBeName(m[0])) names.push({ start, end, who: 1, tracked: false });
  }
  names.push(...tracked.slice(t));
  return names;
}

/** Capitalised words already judged: answers repeat their names, and a judgement folds the word twice. */
const mayBeName = memoisedPerWord(judgeName, 20_000);

function judgeName(word: string): boolean {
  const bare = word.replace(/['’]s$/u, '');
  if (bare.length < 2 || (bare.length <= 5 && bare === bare.toUpperCase())) return false;
  // `Ultra-fast`, `Feature-rich` opening a list item are common words joined, not a name.
  return !foldKey(bare).toLowerCase().split('-').every(isCommonWord) && !isPlaceName(bare);
}

interface Contribution {
  clause: Clause;
  value: number;
}

/** What a scope's clauses are about when they name no one, and the last clause that spoke of the brand. */
interface Scope {
  owners: Subject;
  last: Subject;
  /** Whose name the last clause ended on: a relative clause (", whose interface…") is said of it. */
  lastName: Subject;
  lastAbout: { subject: Subject; contribution: Contribution | null } | null;
}

/** What the answer so far says of whom, across scopes: the last clause naming two tracked names, and whether the brand was one. */
interface Answer {
  pair: Subject;
}

/**
 * Walks the lines once, keeping the owners of the open headings and list items, and gives each
 * clause's score to the brand when the clause is about it.
 */
function attribute(text: string, lines: readonly Line[], names: readonly NameAt[]): Contribution[] {
  const contributions: Contribution[] = [];
  const headings: Subject[] = []; // by depth - 1
  const items: Subject[] = []; // by nesting depth
  let scope: Scope | null = null;
  const cursor = { next: 0 };
  const answer: Answer = { pair: null };
  const section = (): Subject => headings.reduceRight<Subject>((found, s) => found ?? s, null);
  for (const line of lines) {
    const leadOwner = line.lead ? ownerOf(text, namesWithin(names, line.lead.start, line.lead.end)) : null;
    if (line.kind === 'heading') {
      headings.length = line.depth;
      headings[line.depth - 1] = leadOwner ?? section();
      items.length = 0;
      scope = newScope(headings[line.depth - 1] ?? null);
    } else if (line.kind === 'item') {
      items.length = line.depth + 1;
      items[line.depth] = leadOwner ?? (line.depth > 0 ? (items[line.depth - 1] ?? null) : null) ?? section();
      scope = newScope(items[line.depth]!);
    } else if (line.kind === 'row') {
      scope = newScope(leadOwner ?? section());
    } else if (!line.continues || scope === null) {
      items.length = 0;
      scope = newScope(leadOwner ?? section());
    }
    for (const clause of line.clauses) {
      const within = namesFrom(names, cursor, clause.start, clause.end);
      const contribution = contributionOf(text, clause, within, scope, answer);
      if (contribution) contributions.push(contribution);
    }
  }
  return contributions;
}

function newScope(owners: Subject): Scope {
  return { owners, last: null, lastName: null, lastAbout: null };
}

/** Who a lead is about: its subjects. */
function ownerOf(text: string, within: readonly NameAt[]): Subject {
  return subjectOf(aboutOf(text, within, within[0]?.start ?? 0));
}

/** Who a clause names as its subjects; null when it names none (it continues the scope's). */
function subjectOf(about: About): Subject {
  if (about.brand === 'subject') return about.otherSubject ? 'both' : 'brand';
  return about.otherSubject ? 'other' : null;
}

/** One clause's score for the brand (null when the clause is not about it), updating its scope. */
function contributionOf(text: string, clause: Clause, within: readonly NameAt[], scope: Scope, answer: Answer): Contribution | null {
  const about = aboutOf(text, within, clause.start);
  const relativeTo = clause.joiner === 'relative' ? scope.lastName : null;
  const named = subjectOf(about);
  if (named !== null && relativeTo === null) scope.last = named;
  // "Both are excellent", "both offer …": said of the two names last named together.
  const both = named === null && within.length === 0 && BOTH.test(text.slice(clause.start, Math.min(clause.end, clause.start + 12))) ? answer.pair : null;
  if (within.filter((n) => n.tracked).length >= 2) answer.pair = within.some((n) => n.who === 0) ? 'both' : 'other';
  const subject = relativeTo ?? named ?? both ?? scope.last ?? scope.owners;
  const lastName = within[within.length - 1];
  if (lastName) scope.lastName = lastName.who === 0 ? 'brand' : 'other';
  const previous = scope.lastAbout;
  scope.lastAbout = null;
  const role: Role | null = about.brand === 'reversed' ? 'reversed' : subject === 'brand' || subject === 'both' ? 'subject' : null;
  if (role === null) {
    scope.lastAbout = { subject, contribution: null };
    return null;
  }
  const scored = about.brand === 'reversed' && about.comparedAt !== null ? { ...clause, end: about.comparedAt } : clause;
  const score = scoreSentence(masked(text, scored, within.filter((n) => n.start < scored.end)));
  const weight = clause.joiner === 'concessive' ? CONCESSIVE_WEIGHT : clause.joiner === 'contrast' ? CONTRAST_WEIGHT : 1;
  let reservation = 0;
  if (clause.joiner === 'contrast' && previous?.contribution && previous.subject === subject) {
    // "Good, but it separates in hot coffee": a "but" whose words the lexicon does not know still
    // takes back what was said before it, as much as that said.
    // Not when the clause names a subject of its own: "…, but rivals have narrowed the gap".
    if (score === 0 && !OTHERS_SUBJECT.test(text.slice(clause.start, Math.min(clause.end, clause.start + 24)))) reservation = -previous.contribution.value;
    // "Powerful, but costly": what follows "but" is what is meant of the same name.
    previous.contribution.value *= 0.5;
  }
  const contribution = { clause, value: (role === 'reversed' ? -score * REVERSED_WEIGHT : score) * weight + reservation };
  scope.lastAbout = { subject, contribution };
  return contribution;
}

/** The brand's role in a clause and whether the clause names a subject, from the words before each name. */
function aboutOf(text: string, within: readonly NameAt[], clauseStart: number): About {
  let brand: Role | null = null;
  let otherSubject = false;
  let previousRole: Role | null = null;
  let previousEnd = clauseStart;
  let comparing = false;
  let comparedAt: number | null = null;
  // Read once per clause, not per name: a clause naming many names stays linear.
  let thanSeen = false;
  const opensUnlike = within.length > 0 && UNLIKE_OPENING.test(text.slice(clauseStart, within[0]!.start));
  for (const name of within) {
    const gap = text.slice(Math.max(previousEnd, name.start - ROLE_WINDOW), name.start);
    const between = text.slice(previousEnd, name.start);
    // The other side of a comparison runs on to the next comma: "than traditional banks such as HSBC".
    if (between.includes(',')) comparing = false;
    if (THAN_WORDS.test(between)) comparing = thanSeen = true;
    // "Unlike Wrike, Asana is …": the comma closes the compared side.
    const closesUnlike: boolean = previousRole === 'reversed' && between.includes(',') && opensUnlike;
    const role: Role = closesUnlike
      ? 'subject'
      : previousRole !== null && previousEnd > clauseStart && COORDINATION.test(between)
        ? previousRole
        : REVERSED_BEFORE.test(gap)
          ? 'reversed'
          : ASIDE_BEFORE.test(gap)
            ? 'aside'
            : comparing
              ? 'reversed'
              : 'subject';
    if (role === 'reversed') comparing = true;
    if (name.who === 0 && role === 'reversed' && comparedAt === null && thanSeen) comparedAt = name.start;
    // A capitalised word the tracker does not name is taken for a name only where a subject stands,
    // at the clause's start: `Simple Kanban boards` is not about someone called Kanban.
    const leads = !/\p{L}/u.test(text.slice(previousEnd, name.start).replace(/['’]s\b/gu, '')) && previousRole !== 'aside' && previousRole !== 'reversed';
    if (name.who === 1 && role === 'subject' && (name.tracked || leads)) otherSubject = true;
    // A subject mention outweighs a reversed one, which outweighs an aside.
    if (name.who === 0 && brand !== 'subject' && !(brand === 'reversed' && role === 'aside')) brand = role;
    previousRole = role;
    previousEnd = name.end;
  }
  return { brand, otherSubject, comparedAt: brand === 'reversed' ? comparedAt : null };
}

/** The clause's text with every name blanked, so a name's own words (`Best Buy`) score nothing. */
function masked(text: string, clause: Clause, within: readonly NameAt[]): string {
  let out = '';
  let at = clause.start;
  for (const name of within) {
    out += text.slice(at, name.start) + ' ';
    at = name.end;
  }
  return out + text.slice(at, clause.end);
}

/** The names starting within `start`–`end`, read from `cursor` on (clauses come in text order). */
function namesFrom(names: readonly NameAt[], cursor: { next: number }, start: number, end: number): NameAt[] {
  while (cursor.next < names.length && names[cursor.next]!.start < start) cursor.next++;
  const from = cursor.next;
  let to = from;
  while (to < names.length && names[to]!.start < end) to++;
  return names.slice(from, to);
}

/** The names within a lead (a binary search: leads are looked up once per line). */
function namesWithin(names: readonly NameAt[], start: number, end: number): NameAt[] {
  let lo = 0;
  let hi = names.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (names[mid]!.start < start) lo = mid + 1;
    else hi = mid;
  }
  let to = lo;
  while (to < names.length && names[to]!.start < end) to++;
  return names.slice(lo, to);
}

function evidenceOf(contributions: readonly Contribution[], label: SentimentLabel): Span[] {
  const sign = label === 'positive' ? 1 : label === 'negative' ? -1 : 0;
  const chosen = sign === 0 ? contributions.slice(0, MAX_SENTIMENT_EVIDENCE) : contributions.filter((c) => Math.sign(c.value) === sign).sort((a, b) => Math.abs(b.value) - Math.abs(a.value)).slice(0, MAX_SENTIMENT_EVIDENCE);
  return chosen.map(({ clause }) => ({ start: clause.start, end: clause.end }));
}
