/**
 * Text folded for matching: lower case, diacritics removed (`Nestlé` → `nestle`), typographic
 * apostrophes and hyphens replaced by their ASCII forms, and for every folded UTF-16 unit the span
 * of the original text it came from, so matches found in the folded text point back into the answer.
 */
export interface FoldedText {
  text: string;
  /** Original index where the code point behind each folded unit starts. */
  start: number[];
  /** Original index just past that code point. */
  end: number[];
}

const APOSTROPHES = /[\u2018\u2019\u02BC\u2032]/g;
const HYPHENS = /[\u2010\u2011]/g;
const MARKS = /\p{M}/gu;

/** Folds one code point: NFD splits `é` into `e` + a combining mark, which is then dropped. */
function foldCodePoint(cp: string): string {
  // ASCII needs only lower-casing; this path keeps folding long answers cheap.
  if (cp < '\u0080') return cp.toLowerCase();
  return cp.toLowerCase().normalize('NFD').replace(MARKS, '').replace(APOSTROPHES, "'").replace(HYPHENS, '-');
}

export function fold(original: string): FoldedText {
  let text = '';
  const start: number[] = [];
  const end: number[] = [];
  let index = 0;
  // Code point by code point (not the whole string at once) so each folded unit knows its source.
  for (const cp of original) {
    const folded = foldCodePoint(cp);
    // A combining mark folds to nothing; it belongs to the unit before it (`e` + U+0301 is one `é`).
    if (folded === '' && end.length > 0) end[end.length - 1] = index + cp.length;
    for (let k = 0; k < folded.length; k++) {
      start.push(index);
      end.push(index + cp.length);
    }
    text += folded;
    index += cp.length;
  }
  return { text, start, end };
}

/** The folded form alone, for comparing names (`Nestlé` and `NESTLE` fold alike). */
export function foldKey(s: string): string {
  return Array.from(s.trim(), foldCodePoint).join('');
}
