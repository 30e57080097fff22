import { brandSentiment, MAX_SENTIMENT_EVIDENCE } from './brand-sentiment';
import { scoreSentence, splitSentences } from './sentiment';

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
    ['a hedge halves: can be pricey', 'Acme can be pricey.', -0.5],
    ['an unlisted comparative before "than"', 'Acme has a bigger index than the rest.', 1],
    ['an unlisted "-er" word without "than" is no comparison', 'Acme has a bigger index.', 0],
    ['"other than" is no comparison', 'Nothing other than the index.', 0],
    ['a comparative of less before "than"', 'Acme has fewer locations than the rest.', -1],
    ['a comparative of a cost turns round', 'Its fees are far higher than the rest.', -1],
    ['a comparative of less of a cost', 'Its commission is lower than the rest.', 1],
    ['"too" before an unlisted word', 'Acme is too firm.', -1],
    ['"too" before a listed word leaves it to the word', 'Acme is not too expensive.', 1],
    ['a plural weighs as its singular', 'Acme faced breaches.', -1],
    ['general review words', 'The staff are rude and the rooms cramped.', -2],
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

/** The clauses an answer's sentiment evidence names, as text. */
const evidenceOf = (text: string, name: string) => brandSentiment(text, { name })?.evidence.map((s) => text.slice(s.start, s.end));

// What an answer's sentiment figure is (the runner's and the run metrics' rule): the scorer above
// over the clauses about the brand, with the clauses that decided it as evidence.
describe('brandSentiment', () => {
  it("takes each name's sentiment from what is said of it (api-contract §14), naming the deciding clause", () => {
    const answer = 'HubSpot is free to start, but Salesforce gets expensive.';
    expect(brandSentiment(answer, { name: 'HubSpot' })?.label).toBe('positive');
    expect(brandSentiment(answer, { name: 'Salesforce' })?.label).toBe('negative');
    expect(evidenceOf(answer, 'HubSpot')).toEqual(['HubSpot is free to start,']);
    expect(evidenceOf(answer, 'Salesforce')).toEqual(['Salesforce gets expensive.']);
  });

  it('classes by the clauses about the brand only', () => {
    const answer = 'Zendesk is terrible and buggy. Acme is reliable and fast. Freshdesk is slow.';
    expect(brandSentiment(answer, { name: 'Acme' })).toMatchObject({ label: 'positive', score: 2 });
    expect(evidenceOf(answer, 'Acme')).toEqual(['Acme is reliable and fast.']);
    expect(brandSentiment(answer, { name: 'Zendesk' })?.label).toBe('negative');
  });

  it('sums over every clause about the brand: neutral when they cancel, its first clauses the evidence', () => {
    const answer = 'Acme is excellent for small teams. Acme is expensive. Acme is slow.';
    expect(brandSentiment(answer, { name: 'Acme' })).toMatchObject({ label: 'neutral', score: 0 });
    expect(evidenceOf(answer, 'Acme')).toEqual(['Acme is excellent for small teams.', 'Acme is expensive.', 'Acme is slow.']);
  });

  it('null when the brand is not mentioned', () => {
    expect(brandSentiment('Zendesk is great.', { name: 'Acme' })).toBeNull();
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
    expect(brandSentiment(answer, { name: 'Acme' })?.label).toBe('positive');
    expect(evidenceOf(answer, 'Acme')).toContain('Acme CRM is widely praised for its intuitive interface and reliable integrations.');
  });

  it('reads a negative answer', () => {
    const answer = "Many users report that Acme is slow and unreliable. Acme's support has faced complaints, and it is not recommended for large teams.";
    expect(brandSentiment(answer, { name: 'Acme' })?.label).toBe('negative');
    expect(evidenceOf(answer, 'Acme')).toContain('Many users report that Acme is slow and unreliable.');
  });

  it(`scores each of 18,000 clauses naming the brand once, in a 256 KiB answer, listing ${MAX_SENTIMENT_EVIDENCE} as evidence`, () => {
    const sentence = 'Acme is good. ';
    const count = Math.ceil((256 * 1024) / sentence.length);
    const found = brandSentiment(sentence.repeat(count), { name: 'Acme' })!;
    expect(found.score).toBe(count);
    expect(found.evidence).toHaveLength(MAX_SENTIMENT_EVIDENCE);
  });
});
