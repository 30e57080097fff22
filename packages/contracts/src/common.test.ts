import { cutAtCodePoint } from './common';

const EMOJI = '\u{1F600}'; // two UTF-16 units

describe('cutAtCodePoint', () => {
  it('keeps a text that fits, and cuts a longer one at exactly max units', () => {
    expect(cutAtCodePoint('abc', 3)).toBe('abc');
    expect(cutAtCodePoint('abcd', 3)).toBe('abc');
  });

  it('never splits a surrogate pair: the pair goes whole or not at all', () => {
    expect(cutAtCodePoint(`ab${EMOJI}`, 3)).toBe('ab');
    expect(cutAtCodePoint(`ab${EMOJI}`, 4)).toBe(`ab${EMOJI}`);
    expect(cutAtCodePoint(`a${EMOJI}b`, 3)).toBe(`a${EMOJI}`);
    expect(cutAtCodePoint(EMOJI.repeat(3), 5)).toBe(EMOJI.repeat(2));
  });

  it('keeps a combining mark or a zero-width joiner that fits (only surrogate pairs are indivisible units)', () => {
    expect(cutAtCodePoint('e\u0301x', 2)).toBe('e\u0301');
  });
});
