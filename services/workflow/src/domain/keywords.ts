import { cutAtCodePoint } from '@brandradar/contracts';

/** DataForSEO's limits on one keyword. */
const KEYWORD_MAX_CHARS = 80;
const KEYWORD_MAX_WORDS = 10;
/** How many words a keyword made from a long topic keeps: search queries are short. */
const SHORTENED_WORDS = 6;

const STOP_WORDS = new Set(
  ('a an and are as at be but by can do does for from how i in into is it its me my of on or our should that the their this to ' +
    'us was we what when where which who why will with you your write article blog post about guide content idea ideas').split(' '),
);

/**
 * The search keyword for a topic, shared by keyword demand, questions and
 * video trends so all three describe the same search. A topic that fits as a
 * keyword is used as it is (lower-case, punctuation dropped); a longer content
 * idea keeps its first few words that are not stop words.
 */
export function seedKeyword(topic: string): string {
  const words = topic
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}\s'-]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const whole = words.join(' ');
  if (words.length <= KEYWORD_MAX_WORDS && whole.length <= KEYWORD_MAX_CHARS && whole.length > 0) return whole;
  const content = words.filter((w) => !STOP_WORDS.has(w));
  const chosen = (content.length > 0 ? content : words).slice(0, SHORTENED_WORDS);
  return truncateAtWord(chosen.join(' '), KEYWORD_MAX_CHARS);
}

function truncateAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const lastSpace = text.lastIndexOf(' ', max);
  return lastSpace > 0 ? text.slice(0, lastSpace) : cutAtCodePoint(text, max);
}
