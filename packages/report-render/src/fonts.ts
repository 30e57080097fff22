/**
 * The one font the chart and the PDF are drawn in, DejaVu Sans from the npm package
 * `dejavu-fonts-ttf` (pinned in the lockfile, so every machine draws with the same file; no system
 * font is read), and how user text is made drawable in it: capped in length, control characters
 * dropped, and every character the font has no glyph for (emoji, most CJK) replaced by U+FFFD.
 */
import { create, type Font } from 'fontkit';
import { readFileSync } from 'node:fs';

export const FONT_FAMILY = 'DejaVu Sans';
export const FONT_FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

let regular: Font | null = null;
function font(): Font {
  if (!regular) {
    const opened = create(readFileSync(FONT_FILES.regular));
    if (!('hasGlyphForCodePoint' in opened)) throw new Error(`${FONT_FILES.regular} is a font collection, not one font`);
    regular = opened;
  }
  return regular;
}

const REPLACEMENT = 0xfffd;
/** C0 and C1 controls and DEL, which neither SVG text nor a PDF line may hold; tab and newline read as a space. */
const isControl = (cp: number) => cp < 0x20 || (cp >= 0x7f && cp < 0xa0);

/**
 * `text` as the font can draw it on one line, at most `max` characters (code points; a longer text
 * ends in `…`). Linear in the text's length; never throws.
 */
export function drawable(text: string, max: number): string {
  const f = font();
  const out: string[] = [];
  let count = 0;
  for (const ch of text) {
    if (count === max) {
      out[out.length - 1] = '…';
      break;
    }
    const cp = ch.codePointAt(0)!;
    if (cp === 0x09 || cp === 0x0a || cp === 0x0d) out.push(' ');
    else if (isControl(cp) || (cp >= 0xd800 && cp <= 0xdfff)) continue;
    else if (cp === 0x20 || f.hasGlyphForCodePoint(cp)) out.push(ch);
    else if (out.at(-1) !== String.fromCodePoint(REPLACEMENT)) out.push(String.fromCodePoint(REPLACEMENT));
    else continue;
    count++;
  }
  return out.join('');
}
