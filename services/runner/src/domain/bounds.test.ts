import { MAX_ANSWER_TEXT_CHARS, MAX_CITATIONS_PER_ANSWER, MAX_CITATION_TITLE_CHARS, MAX_URL_CHARS } from '@brandradar/contracts';
import { boundAnswer, cleanText } from './bounds';

const EMOJI = '\u{1F600}'; // two UTF-16 units

describe('cleanText', () => {
  it('removes control characters but tab, line feed and carriage return', () => {
    expect(cleanText('a\u0000b\u0007c\u001Bd\u007Fe\u0085f\tg\nh\ri')).toBe('abcdef\tg\nh\ri');
  });

  it('replaces lone surrogates and keeps pairs', () => {
    expect(cleanText(`x\uD800y\uDC00z${EMOJI}`)).toBe(`x\uFFFDy\uFFFDz${EMOJI}`);
  });
});

describe('boundAnswer', () => {
  it(`cuts text to ${MAX_ANSWER_TEXT_CHARS} units after cleaning, and says so`, () => {
    const long = boundAnswer(`${'a'.repeat(MAX_ANSWER_TEXT_CHARS - 1)}${EMOJI}tail`, []);
    expect(long).toMatchObject({ text: 'a'.repeat(MAX_ANSWER_TEXT_CHARS - 1), truncated: true });
    const exact = boundAnswer(`${'\u0000'.repeat(10)}${'b'.repeat(MAX_ANSWER_TEXT_CHARS)}`, []);
    expect(exact).toMatchObject({ text: 'b'.repeat(MAX_ANSWER_TEXT_CHARS), truncated: false });
  });

  it(`keeps the first ${MAX_CITATIONS_PER_ANSWER} citations with an absolute http(s) URL of at most ${MAX_URL_CHARS} characters`, () => {
    const invalid = [
      { url: 'ftp://example.com/file', title: 'ftp' },
      { url: '/relative/path', title: 'relative' },
      { url: `https://example.com/${'p'.repeat(MAX_URL_CHARS)}`, title: 'too long' },
      { url: 'https://example.com/a\u0000b', title: 'control character' },
      { url: `https://${'h'.repeat(250)}.com/`, title: 'host longer than DNS allows' },
    ];
    const valid = Array.from({ length: 30 }, (_, i) => ({ url: `https://site${i}.example/page`, title: `Source ${i}` }));
    const { citations } = boundAnswer('text', [...invalid, ...valid]);
    expect(citations).toEqual(valid.slice(0, MAX_CITATIONS_PER_ANSWER));
  });

  it(`cuts titles to ${MAX_CITATION_TITLE_CHARS} units and cleans them`, () => {
    const { citations } = boundAnswer('text', [
      { url: 'https://a.example/', title: `\u0007${'t'.repeat(MAX_CITATION_TITLE_CHARS - 1)}${EMOJI}` },
      { url: 'https://b.example/', title: null },
    ]);
    expect(citations).toEqual([
      { url: 'https://a.example/', title: 't'.repeat(MAX_CITATION_TITLE_CHARS - 1) },
      { url: 'https://b.example/', title: null },
    ]);
  });
});
