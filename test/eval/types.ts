/**
 * The labelled evaluation set of brand detection (see packages/analysis/README.md, "Evaluation").
 * Each case is one answer as a surface would write it, the names a tracker would track in it, and
 * what a careful reader decided about each name.
 */

/** The kinds of difficulty the set covers; a case lists every one it exercises. */
export const EVAL_CLASSES = [
  /** A brand that is an ordinary word (Close, Apple, Notion, Shell), used as a word or as the brand. */
  'common-word',
  /** Spacing, case or joined forms of one name (ProtonVPN / Proton VPN, Hub Spot, SALESFORCE). */
  'spelling',
  /** A brand written as its domain (monday.com, Close.io). */
  'domain',
  /** Possessives (Asana's, Notion’s). */
  'possessive',
  /** Diacritics in the name or the text (Nestlé, Nestle, Škoda). */
  'diacritics',
  /** Numbered or bulleted lists. */
  'list',
  /** Lists with nested items that name other brands. */
  'nested',
  /** Markdown tables. */
  'table',
  /** Headings per brand. */
  'heading',
  /** An intro sentence naming brands before the list (often in another order). */
  'intro',
  /** Prose without a list: order of first mention. */
  'prose',
  /** Tracker-given aliases. */
  'alias',
] as const;
export type EvalClass = (typeof EVAL_CLASSES)[number];

export type Sentiment = 'positive' | 'neutral' | 'negative';

/** What a reader decided about one tracked name in one answer. */
export interface EvalLabel {
  name: string;
  /** The answer refers to the brand (not to the ordinary word or another thing of that name). */
  mentioned: boolean;
  /** The 1-based place of the list item the brand leads; without a list, its order of first mention; null when unplaced. */
  position: number | null;
  /** How the answer speaks of the brand, only where a reader finds it clear. */
  sentiment?: Sentiment;
}

export interface EvalCase {
  id: string;
  surface: 'chatgpt' | 'claude' | 'perplexity' | 'gemini' | 'google_ai_overview';
  industry: string;
  classes: EvalClass[];
  /** Tracker aliases, if the case tests them. */
  aliases?: { name: string; aliases: string[] }[];
  text: string;
  /** One per tracked name, in tracker order. */
  labels: EvalLabel[];
  /**
   * Discovered names (api-contract §12): every other product, company or service the answer puts
   * forward as an option in a list-item lead, heading, bold span or first table cell, as the answer
   * writes it at its first such place; the tracked names (and their aliases, and their products:
   * `HubSpot CRM` when HubSpot is tracked) are not among them. Labels (`Pricing`, `Ease of use`,
   * `Step 1`, `Pros`), generic categories (`Open-source CRMs`), people and places are not names.
   * Absent when the case was not labelled for discovery; `[]` when the answer puts forward no other name.
   */
  discovered?: string[];
}

/** What a reader decided about how one answer speaks of one name (entity-level sentiment). */
export interface SentimentEvalLabel {
  name: string;
  sentiment: Sentiment;
  /** In a sentence or list item naming two or more brands the answer judges differently. */
  multiBrand: boolean;
}

/** An answer labelled for entity sentiment: every labelled name is tracked, the others being its `others`. */
export interface SentimentEvalCase {
  id: string;
  surface: EvalCase['surface'];
  industry: string;
  text: string;
  labels: SentimentEvalLabel[];
}
