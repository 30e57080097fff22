import { isMentioned, mentions } from './mentions';

/** The matched substrings, which is what each rule is about. */
const found = (text: string, name: string) => mentions(text, name).map((m) => text.slice(m.index, m.index + m.length));

describe('mentions', () => {
  describe.each<[rule: string, name: string, text: string, expected: string[]]>([
    ['case-insensitive', 'Acme', 'ACME, acme and Acme', ['ACME', 'acme', 'Acme']],
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
    ['diacritics in the name', 'Nestlé', 'Nestle and nestlé', ['Nestle', 'nestlé']],
    ['decomposed diacritics in the text', 'Nestlé', 'Nestle\u0301 sells', ['Nestle\u0301']],
    ['domain forms count for a plain name', 'Acme', 'See acme.com, www.acme.com or acme.io', ['acme', 'acme', 'acme']],
    ['a subdomain or e-mail of the brand counts', 'Acme', 'blog.acme.com, support@acme.com', ['acme', 'acme']],
    ['a domain of another word does not', 'Acme', 'pacme.com and acmeville.io', []],
    ['name given as a domain matches the domain', 'acme.com', 'Visit https://www.acme.com/pricing', ['acme.com']],
    ['name given as a domain matches the bare name', 'acme.com', 'Acme is popular', ['Acme']],
    ['name given as a domain: bare name on boundaries only', 'acme.com', 'Acmeville', []],
    ['multi-part suffix domain gives its bare name', 'acme.co.uk', 'ACME and acme.co.uk', ['ACME', 'acme.co.uk']],
    ['name given with scheme and www', 'https://www.acme.com/', 'acme.com and Acme', ['acme.com', 'Acme']],
    ['capitalised name with a dot is a name, not a domain', 'Monday.com', 'Monday.com on Monday', ['Monday.com']],
    ['the same name in lower case is a domain', 'monday.com', 'Monday.com on Monday', ['Monday.com', 'Monday']],
    ['name with a dot is not matched on its parts', 'Monday.com', 'Monday com', []],
    ['name ending in punctuation', 'C++', 'C++ and C and C#', ['C++']],
    ['name ending in punctuation: no boundary needed after', 'C++', 'C++17', ['C++']],
    ['name starting with a letter still needs a boundary', 'C++', 'ObjC++', []],
    ['ampersand name', 'AT&T', 'AT&T and at&t, not AT and T or AT&Tx', ['AT&T', 'at&t']],
    ['multi-word name with flexible whitespace', 'Bank of America', 'Bank  of\nAmerica and bank of america', ['Bank  of\nAmerica', 'bank of america']],
    ['multi-word name: words in sequence only', 'Bank of America', 'America, Bank of the West', []],
    ['single-word name does not match the words apart', 'HubSpot', 'Hub Spot and HubSpot', ['HubSpot']],
    ['multi-word name does not match the words run together', 'Hub Spot', 'HubSpot', []],
    ['regex characters in a name are literal', 'A.B (Co)', 'A.B (Co) and AxB (Co)', ['A.B (Co)']],
    ['surrounding whitespace in the name is ignored', '  Acme ', 'Acme', ['Acme']],
    ['empty name matches nothing', '   ', 'anything', []],
    ['non-Latin scripts', 'Яндекс', 'Сервис Яндекс и Яндексмаркет', ['Яндекс']],
  ])('%s', (_rule, name, text, expected) => {
    it(`${JSON.stringify(name)} in ${JSON.stringify(text)}`, () => {
      expect(found(text, name)).toEqual(expected);
    });
  });

  it('reports indices in the original text when folding changes lengths', () => {
    // "İ" lower-cases to two code units; a decomposed "é" is two units that fold to one.
    const text = 'İİ Nestle\u0301 then Acme';
    expect(mentions(text, 'acme')).toEqual([{ index: text.indexOf('Acme'), length: 4 }]);
    expect(mentions(text, 'Nestlé')).toEqual([{ index: 3, length: 7 }]);
  });

  it('reports the longer match once when a domain name and its bare name overlap', () => {
    expect(mentions('acme.com', 'acme.com')).toEqual([{ index: 0, length: 8 }]);
  });

  it('isMentioned is true exactly when there is a mention', () => {
    expect(isMentioned('We like Acme', 'acme')).toBe(true);
    expect(isMentioned('We like Acmeville', 'acme')).toBe(false);
  });
});
