import { detectBrands } from './detect';

/** The counted substrings, which is what each rule is about. */
const found = (text: string, name: string, aliases: string[] = []) => detectBrands(text, [{ name, aliases }])[0]!.spans.map((s) => text.slice(s.start, s.end));

describe('matching names', () => {
  describe.each<[rule: string, name: string, text: string, expected: string[], aliases?: string[]]>([
    ['a plain name counts capitalised or in capitals, not in lower case', 'Acme', 'ACME, acme and Acme', ['ACME', 'Acme']],
    ['a name with inner capitals counts in any case', 'HubSpot', 'HUBSPOT, hubspot and HubSpot', ['HUBSPOT', 'hubspot', 'HubSpot']],
    ['word boundary: not a prefix', 'Acme', 'Acmeville is a town', []],
    ['word boundary: not a suffix', 'Acme', 'pacme is a typo', []],
    ['word boundary: not inside a word with digits', 'Acme', 'Acme2 and 2Acme', []],
    ['word boundary: Unicode letters bind', 'Acme', 'Acmeé and éAcme and Acmeß', []],
    ['word boundary: punctuation does not bind', 'Acme', '(Acme), "Acme" and Acme-powered', ['Acme', 'Acme', 'Acme']],
    ['possessive with straight apostrophe', 'Acme', "Acme's pricing", ['Acme']],
    ['possessive with typographic apostrophe', 'Acme', 'Acme’s pricing', ['Acme']],
    ['plural without apostrophe is another word', 'Acme', 'two Acmes', []],
    ['apostrophe inside the name, either form', 'McDonald’s', "McDonald's and McDonald’s", ["McDonald's", 'McDonald’s']],
    ['diacritics in the text', 'Nestle', 'Nestlé and NESTLÉ', ['Nestlé', 'NESTLÉ']],
    ['diacritics in the name', 'Nestlé', 'Nestle and NESTLE', ['Nestle', 'NESTLE']],
    ['decomposed diacritics in the text', 'Nestlé', 'Nestle\u0301 sells', ['Nestle\u0301']],
    ['domain forms count for a plain name, in any case', 'Acme', 'See acme.com, www.acme.com or Acme.io', ['acme', 'acme', 'Acme']],
    ['a subdomain or e-mail of the brand counts', 'Acme', 'blog.acme.com, support@acme.com', ['acme', 'acme']],
    ['a domain of another word does not', 'Acme', 'pacme.com and acmeville.io', []],
    ['name given as a domain matches the domain', 'acme.com', 'Visit https://www.acme.com/pricing', ['acme.com']],
    ['name given as a domain matches the bare name', 'acme.com', 'Acme is popular', ['Acme']],
    ['name given as a domain: bare name on boundaries only', 'acme.com', 'Acmeville', []],
    ['multi-part suffix domain gives its bare name', 'acme.co.uk', 'ACME and acme.co.uk', ['ACME', 'acme.co.uk']],
    ['name given with scheme and www', 'https://www.acme.com/', 'acme.com and Acme', ['acme.com', 'Acme']],
    ['capitalised name with a dot is a name, not a domain', 'Monday.com', 'Monday.com on Monday', ['Monday.com']],
    ['the same name in lower case is a domain, in any case', 'monday.com', 'Monday.com, or monday.com', ['Monday.com', 'monday.com']],
    ['name with a dot is not matched on its parts', 'Monday.com', 'Monday com', []],
    ['a name given as a domain matches it written apart', 'monday.com', 'the best monday com options', ['monday com']],
    ['name ending in punctuation', 'C++', 'C++ and C and C#', ['C++']],
    ['name ending in punctuation: no boundary needed after', 'C++', 'C++17', ['C++']],
    ['name starting with a letter still needs a boundary', 'C++', 'ObjC++', []],
    ['ampersand name', 'AT&T', 'AT&T and at&t, not AT and T or AT&Tx', ['AT&T', 'at&t']],
    ['multi-word name with flexible whitespace, keeping its capitals', 'Bank of America', 'Bank  of\nAmerica and bank of america', ['Bank  of\nAmerica']],
    ['multi-word name: words in sequence only', 'Bank of America', 'America, Bank of the West', []],
    ['a name with inner capitals matches its words apart, capitals kept', 'HubSpot', 'Hub Spot, Hub-Spot, hub spot and HubSpot', ['Hub Spot', 'Hub-Spot', 'HubSpot']],
    ['not an ordinary phrase written apart', 'ActiveCampaign', 'an active campaign', []],
    ['multi-word name matches the words run together', 'Proton VPN', 'ProtonVPN, Proton-VPN, PROTON VPN', ['ProtonVPN', 'Proton-VPN', 'PROTON VPN']],
    ['regex characters in a name are literal', 'A.B (Co)', 'A.B (Co) and AxB (Co)', ['A.B (Co)']],
    ['surrounding whitespace in the name is ignored', '  Acme ', 'Acme', ['Acme']],
    ['empty name matches nothing', '   ', 'anything', []],
    ['non-Latin scripts', 'Яндекс', 'Сервис Яндекс и Яндексмаркет', ['Яндекс']],
    ['aliases count as the brand', 'Brevo', 'Sendinblue, now Brevo', ['Sendinblue', 'Brevo'], ['Sendinblue']],
  ])('%s', (_rule, name, text, expected, aliases?: string[]) => {
    it(`${JSON.stringify(name)} in ${JSON.stringify(text)}`, () => {
      expect(found(text, name, aliases)).toEqual(expected);
    });
  });

  it('reports spans in the original text when folding changes lengths', () => {
    // "İ" lower-cases to two code units; a decomposed "é" is two units that fold to one.
    const text = 'İİ Nestle\u0301 then Acme';
    expect(detectBrands(text, [{ name: 'Acme' }, { name: 'Nestlé' }]).map((b) => b.spans)).toEqual([[{ start: text.indexOf('Acme'), end: text.length }], [{ start: 3, end: 10 }]]);
  });

  it('reports the longer form once when a domain name and its bare name overlap', () => {
    expect(detectBrands('acme.com', [{ name: 'acme.com' }])[0]!.spans).toEqual([{ start: 0, end: 8 }]);
  });
});

describe('brands that are ordinary words', () => {
  const mentioned = (text: string, name: string, others: string[]) => detectBrands(text, [{ name }, ...others.map((o) => ({ name: o }))])[0]!.mentioned;

  it.each([
    ['lower case is the word', 'Close', 'Reps close a deal faster.', []],
    ['capitalised at a sentence start, not followed as a subject', 'Close', 'Close more deals with a CRM.', []],
    ['after "the"', 'Amazon', 'Trips down the Amazon river.', []],
    ['a compound of the word', 'Close', '4. Close-date forecasting', []],
    ['a weekday', 'monday.com', 'Plan on Monday mornings.', []],
    ['in a list item that is a sentence', 'Close', '1. Close the loop with a recap email.', []],
  ])('not counted: %s', (_rule, name, text, others) => expect(mentioned(text, name, others)).toBe(false));

  it.each([
    ['mid-sentence', 'Close', 'Teams that use Close report faster calls.', []],
    ['a domain', 'Close', 'Pricing is on close.com.', []],
    ['a possessive', 'Close', "Close's dialer is built in.", []],
    ['a proper-noun phrase', 'Mini', 'The Mini Cooper is small.', []],
    ['alone in a list item', 'Calm', '1. **Calm** – sleep stories', []],
    ['before an aside in quotes', 'Alpha', '1. Alpha "the leader" for teams', []],
    ['a table cell', 'Wave', '| Tool | Price |\n|---|---|\n| Wave | Free |', []],
    ['a heading', 'Toast', '### Toast\nBuilt for restaurants.', []],
    ['a subject at a sentence start', 'Close', 'Close offers calling and email.', []],
    ['next to another tracked name', 'Calm', 'Calm and Headspace both have sleep stories.', ['Headspace']],
  ])('counted: %s', (_rule, name, text, others) => expect(mentioned(text, name, others)).toBe(true));

  it('counts a weak use once the answer names the brand elsewhere', () => {
    const text = 'Close more deals with a CRM. Sales teams like Close.';
    expect(detectBrands(text, [{ name: 'Close' }])[0]!.spans).toEqual([{ start: 0, end: 5 }, { start: text.lastIndexOf('Close'), end: text.length - 1 }]);
  });

  it('counts a name opening a sentence before an unknown verb only when asked (names given, as for sentiment)', () => {
    const text = 'Height shut down in 2025. Linear is the usual pick.';
    const brands = [{ name: 'Height' }, { name: 'Linear' }];
    expect(detectBrands(text, brands).map((b) => b.mentioned)).toEqual([false, true]);
    expect(detectBrands(text, brands, undefined, { sentenceStarts: true })[0]!.spans).toEqual([{ start: 0, end: 6 }]);
    // Still not in lower case nor after "the".
    expect(detectBrands('height shut down. The Height team left.', brands, undefined, { sentenceStarts: true })[0]!.mentioned).toBe(false);
  });

  it('reads 256 KiB of near-misses: parts that start a name again and again, and a word run on', () => {
    const text = `${'Hub '.repeat(48 * 1024)}${'Close'.repeat(12 * 1024)}${' '.repeat(16 * 1024)}Close`;
    const found = detectBrands(text, [{ name: 'HubSpot', aliases: ['Hub Hub Hub Spot'] }, { name: 'Close' }]);
    // Only the last Close stands apart from a word.
    expect(found.map((b) => [b.mentioned, b.position])).toEqual([[false, null], [true, 1]]);
  });
});
