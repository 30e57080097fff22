import type { QuestionsData } from '@brandradar/contracts';

type Question = QuestionsData['questions'][number];

/** A People Also Ask entry as the search engine result page gives it. */
export interface PeopleAlsoAsk {
  question: string;
  answer: string | null;
  url: string | null;
  domain: string | null;
}

const QUESTION_START =
  /^(who|what|when|where|why|how|which|whose|whom|can|could|is|are|was|were|do|does|did|should|would|will|has|have)\b/i;

/** Whether a search reads as a question (`how to …`, `is … worth it`), the kind an article section can answer. */
export function isQuestion(search: string): boolean {
  const s = search.trim();
  return s.endsWith('?') || QUESTION_START.test(s);
}

/**
 * The questions of one results page: People Also Ask first, in Google's
 * order, then related searches phrased as questions. A related search that
 * only adds words after the query (`how to choose a crm` → `how to choose a
 * crm examples`) is a variant, not a new question, unless it ends in `?`.
 * Each question appears once (case and a trailing `?` ignored); the other
 * related searches stay related searches.
 */
export function collectQuestions(query: string, peopleAlsoAsk: readonly PeopleAlsoAsk[], related: readonly string[]): { questions: Question[]; relatedSearches: string[] } {
  const seen = new Set<string>();
  const fresh = (text: string) => {
    // The lookbehind starts a match only at a run's first `?`; `/\?+$/` rescans the run from each one.
    const key = text.trim().toLowerCase().replace(/(?<!\?)\?+$/, '');
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const questions: Question[] = peopleAlsoAsk.filter((q) => fresh(q.question)).map((q) => ({ ...q, question: q.question.trim(), source: 'people_also_ask' }));
  const relatedSearches: string[] = [];
  const variant = (search: string) => search.toLowerCase().startsWith(query.toLowerCase()) && !search.trim().endsWith('?');
  for (const search of related) {
    if (!isQuestion(search) || variant(search)) relatedSearches.push(search);
    else if (fresh(search)) questions.push({ question: search.trim(), source: 'related_searches', answer: null, url: null, domain: null });
  }
  return { questions, relatedSearches: [...new Set(relatedSearches)] };
}
