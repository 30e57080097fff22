import { brandSentimentScore, classifySentiment, scoreSentence, splitSentences } from './sentiment';

describe('splitSentences', () => {
  const texts = (text: string) => splitSentences(text).map((s) => s.text);

  it('splits on terminal punctuation followed by whitespace', () => {
    expect(texts('Acme is fast. Is it cheap? Yes! Good.')).toEqual(['Acme is fast.', 'Is it cheap?', 'Yes!', 'Good.']);
  });

  it('does not split at abbreviations, initials or dotted abbreviations', () => {
    expect(texts('Tools like Acme Inc. and Beta, e.g. for teams, vs. Gamma. J. Smith likes the U.S. version.')).toEqual([
      'Tools like Acme Inc. and Beta, e.g. for teams, vs. Gamma.',
      'J. Smith likes the U.S. version.',
    ]);
  });

  it('does not split inside domains or numbers, but does after a domain that ends a sentence', () => {
    expect(texts('Visit acme.com. It costs 4.5 USD.')).toEqual(['Visit acme.com.', 'It costs 4.5 USD.']);
  });

  it('keeps closing quotes and brackets with their sentence', () => {
    expect(texts('He said "Acme is great." Then (Beta is slow.) End')).toEqual(['He said "Acme is great."', 'Then (Beta is slow.)', 'End']);
  });

  it('treats every line as a sentence (list items, headings)', () => {
    expect(texts('### Acme\n- **Pros:** fast\n- **Cons:** pricey\n\nOverall good')).toEqual(['### Acme', '- **Pros:** fast', '- **Cons:** pricey', 'Overall good']);
  });

  it('gives each sentence its index in the text', () => {
    const text = '  First one.  Second one.';
    for (const s of splitSentences(text)) expect(text.slice(s.index, s.index + s.text.length)).toBe(s.text);
    expect(splitSentences(text).map((s) => s.index)).toEqual([2, 14]);
  });

  it('returns nothing for blank text', () => {
    expect(splitSentences(' \n\n ')).toEqual([]);
  });
});

describe('splitSentences on 256 KiB', () => {
  const size = 256 * 1024;

  it('does not end a sentence inside a run of periods that no space follows', () => {
    expect(splitSentences(`a${'.'.repeat(size)}a b.`)).toEqual([{ index: 0, text: `a${'.'.repeat(size)}a b.` }]);
  });

  it('does not end a sentence at 50,000 abbreviations in a row', () => {
    const abbreviations = 'e.g. '.repeat(Math.ceil(size / 5));
    expect(splitSentences(`${abbreviations}Acme. Beta.`).map((s) => s.index)).toEqual([0, abbreviations.length + 'Acme. '.length]);
  });

  it('reads the word before a period after a word of 256 KiB letters', () => {
    expect(splitSentences(`${'a'.repeat(size)} xy. Next`).map((s) => s.text.length)).toEqual([size + 4, 4]);
  });
});

describe('scoreSentence', () => {
  it.each<[rule: string, sentence: string, score: number]>([
    ['positive word', 'Acme is reliable.', 1],
    ['strong positive word', 'Acme is excellent.', 2],
    ['negative word', 'Acme is buggy.', -1],
    ['no sentiment words', 'Acme was founded in 2010 in Boston.', 0],
    ['negation: not good', 'Acme is not good.', -1],
    ["negation: isn't the best", "Acme isn't the best option.", -2],
    ['negation with a typographic apostrophe', 'Acme isn’t the best option.', -2],
    ['negation: not bad', 'Acme is not bad.', 1],
    ['negation: no issues', 'Users report no issues with Acme.', 1],
    ['negation: without problems', 'Acme runs without problems.', 1],
    ['negation: would not recommend', 'I would not recommend Acme.', -1],
    ['negation reaches three words', 'Acme does not offer the best support.', -2],
    ['negation reaches no further', 'Acme does not offer any of the good features.', 1],
    ['negation stops at punctuation', 'Not cheap, but Acme is good.', 1.5],
    ['negation applies once', 'Acme is not good and fast.', 0],
    ['"not only" is not a negation', 'Acme is not only fast, it is reliable.', 2],
    ['"no doubt" is not a negation', 'Acme is no doubt the best.', 2],
    ['intensifier', 'Acme is very reliable.', 1.5],
    ['intensifier reaches two words', 'Acme is extremely easy to use.', 1.5],
    ['diminisher', 'Acme is slightly expensive.', -0.5],
    ['"a bit"', 'Acme is a bit slow.', -0.5],
    ['negated intensified', 'Acme is not very good.', -1.5],
    ['contrast: what follows "but" weighs more', 'Acme is good but expensive.', 0.5 - 1.5],
    ['contrast: "however"', 'Acme is pricey; however, it is excellent.', -0.5 + 3],
    ['phrase', 'Acme has a steep learning curve.', -2],
    ['phrase: negated as a whole', 'Acme is not worth the price.', -1],
    ['phrase: stands out', 'Acme stands out for its support.', 1],
    ['hyphenated words', 'Acme is user-friendly and cost-effective.', 2],
    ['upper case and accents are folded', 'ACME IS EXCELLENT.', 2],
    ['context-dependent words carry no weight', 'Acme is among the top 10 tools; it is worth noting it is free.', 0],
  ])('%s', (_rule, sentence, expected) => {
    expect(scoreSentence(sentence)).toBeCloseTo(expected, 10);
  });
});

describe('classifySentiment', () => {
  it('classes by the sentences that mention the brand only', () => {
    const answer = 'Beta is terrible and buggy. Acme is reliable and fast. Gamma is slow.';
    expect(brandSentimentScore(answer, { name: 'Acme' })).toBe(2);
    expect(classifySentiment(answer, { name: 'Acme' })).toBe('positive');
    expect(classifySentiment(answer, { name: 'Beta' })).toBe('negative');
  });

  it('sums over all mentioning sentences', () => {
    const answer = 'Acme is excellent for small teams. Acme is expensive. Acme is slow.';
    expect(brandSentimentScore(answer, { name: 'Acme' })).toBe(0);
    expect(classifySentiment(answer, { name: 'Acme' })).toBe('neutral');
  });

  it('neutral when the mentioning sentences carry no sentiment', () => {
    expect(classifySentiment('Acme was founded in 2010. It is great.', { name: 'Acme' })).toBe('neutral');
  });

  it('null when the brand is not mentioned', () => {
    expect(classifySentiment('Beta is great.', { name: 'Acme' })).toBeNull();
    expect(brandSentimentScore('Beta is great.', { name: 'Acme' })).toBeNull();
  });

  it('reads a realistic review-style answer', () => {
    const answer = [
      'Acme CRM is widely praised for its intuitive interface and reliable integrations.',
      '',
      '**Pros**',
      '- Easy to set up',
      '- Strong customer support',
      '',
      '**Cons**',
      '- Acme’s advanced reporting is limited on the starter plan',
      '',
      "Overall, Acme isn't the cheapest option, but it offers excellent value for money.",
    ].join('\n');
    // praised + intuitive + reliable = 3; limited = −1; "isn't the cheapest" = −1, halved by "but";
    // "excellent value for money" after it = 1.5 × (2 + 1).
    expect(brandSentimentScore(answer, { name: 'Acme' })).toBeCloseTo(3 - 1 - 0.5 + 4.5, 10);
    expect(classifySentiment(answer, { name: 'Acme' })).toBe('positive');
  });

  it('reads a negative answer', () => {
    const answer = "Many users report that Acme is slow and unreliable. Acme's support has faced complaints, and it is not recommended for large teams.";
    expect(classifySentiment(answer, { name: 'Acme' })).toBe('negative');
  });

  it('attributes a sentence naming two brands to both (a known limit)', () => {
    expect(classifySentiment('Acme is fine, but Beta is terrible.', { name: 'Acme' })).toBe('negative');
  });

  it('scores each of 18,000 sentences naming the brand once, in a 256 KiB answer', () => {
    const sentence = 'Acme is good. ';
    const count = Math.ceil((256 * 1024) / sentence.length);
    expect(brandSentimentScore(sentence.repeat(count), { name: 'Acme' })).toBe(count);
  });
});
