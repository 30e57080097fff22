import { citationDomain, domainLabel, isGroundingRedirect, normalizeUrl, registrableDomain, samePage } from './urls';

describe('normalizeUrl', () => {
  it.each<[rule: string, input: string, expected: string | null]>([
    ['lower-cases scheme and host, keeps the path case', 'HTTPS://Blog.ACME.com/Guide', 'https://blog.acme.com/Guide'],
    ['drops www.', 'https://www.acme.com/a', 'https://acme.com/a'],
    ['drops the default https port', 'https://acme.com:443/a', 'https://acme.com/a'],
    ['drops the default http port', 'http://acme.com:80/a', 'http://acme.com/a'],
    ['keeps other ports', 'https://acme.com:8443/a', 'https://acme.com:8443/a'],
    ['drops the trailing slash', 'https://acme.com/pricing/', 'https://acme.com/pricing'],
    ['drops the root slash', 'https://acme.com/', 'https://acme.com'],
    ['drops utm_* parameters in any case', 'https://acme.com/a?utm_source=chatgpt.com&UTM_Medium=x', 'https://acme.com/a'],
    ['drops gclid and fbclid', 'https://acme.com/a?gclid=1&fbclid=2&id=7', 'https://acme.com/a?id=7'],
    ['sorts the remaining parameters by name, then value', 'https://acme.com/a?b=2&a=9&a=1', 'https://acme.com/a?a=1&a=9&b=2'],
    ['drops text fragments', 'https://acme.com/a#:~:text=best%20crm', 'https://acme.com/a'],
    ['drops other fragments', 'https://acme.com/a#section-2', 'https://acme.com/a'],
    ['drops user info', 'https://user:secret@acme.com/a', 'https://acme.com/a'],
    ['trims whitespace', '  https://acme.com/a  ', 'https://acme.com/a'],
    ['internationalised host in ASCII form', 'https://Bücher.de/x', 'https://xn--bcher-kva.de/x'],
    ['all together', 'HTTPS://WWW.Acme.com:443/Path/?utm_source=x&b=2&a=1&gclid=3#:~:text=hi', 'https://acme.com/Path?a=1&b=2'],
    ['not a URL', 'acme pricing page', null],
    ['relative URL', '/pricing', null],
    ['not http(s)', 'mailto:sales@acme.com', null],
  ])('%s', (_rule, input, expected) => {
    expect(normalizeUrl(input)).toBe(expected);
  });

  it('drops a 256 KiB run of trailing slashes and keeps one that does not end the path', () => {
    const run = '/'.repeat(256 * 1024);
    expect(normalizeUrl(`https://acme.com/pricing${run}`)).toBe('https://acme.com/pricing');
    expect(normalizeUrl(`https://acme.com/${run}pricing`)).toBe(`https://acme.com/${run}pricing`);
  });

  it('gives one form for URLs that mean the same page', () => {
    const forms = ['https://www.acme.com/pricing/?utm_campaign=x', 'HTTPS://acme.com:443/pricing#plans', 'https://acme.com/pricing?fbclid=abc'];
    expect(new Set(forms.map(normalizeUrl))).toEqual(new Set(['https://acme.com/pricing']));
  });
});

describe('registrableDomain', () => {
  it.each([
    ['blog.acme.co.uk', 'acme.co.uk'],
    ['acme.co.uk', 'acme.co.uk'],
    ['www.acme.com', 'acme.com'],
    ['a.b.c.acme.com', 'acme.com'],
    ['shop.acme.com.au', 'acme.com.au'],
    ['news.example.kawasaki.jp', 'news.example.kawasaki.jp'], // wildcard rule *.kawasaki.jp
    ['www.city.kawasaki.jp', 'city.kawasaki.jp'], // its exception !city.kawasaki.jp
    ['alice.github.io', 'alice.github.io'], // private suffix: each user is a different publisher
    ['bob.github.io', 'bob.github.io'],
    ['ACME.com.', 'acme.com'],
    ['127.0.0.1', '127.0.0.1'],
    ['localhost', 'localhost'],
  ])('%s → %s', (host, expected) => {
    expect(registrableDomain(host)).toBe(expected);
  });
});

describe('domainLabel', () => {
  it.each<[string, string | null]>([
    ['acme.com', 'acme'],
    ['www.acme.co.uk', 'acme'],
    ['acme.notatld', null],
    ['localhost', null],
  ])('%s → %s', (host, expected) => {
    expect(domainLabel(host)).toBe(expected);
  });
});

describe('samePage', () => {
  it.each<[string, string, boolean]>([
    ['http://acme.com/pricing/', 'https://www.acme.com/pricing?utm_source=x#plans', true],
    ['https://acme.com/pricing', 'https://acme.com/Pricing', false],
    ['https://acme.com/a?x=1', 'https://acme.com/a?x=2', false],
    ['https://acme.com/', 'not a url', false],
  ])('%s and %s → %s', (a, b, expected) => {
    expect(samePage(a, b)).toBe(expected);
  });
});

describe('citationDomain', () => {
  const redirect = 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQGx3mN0aBc';
  it.each<[what: string, citation: { url: string; title: string | null }, expected: string | null]>([
    ['a page: its registrable domain', { url: 'https://blog.acme.co.uk/post', title: 'Acme blog' }, 'acme.co.uk'],
    ["a Gemini grounding redirect: the publisher its title names, never google.com", { url: redirect, title: 'tradingview.com' }, 'tradingview.com'],
    ['… a title with www. and a subdomain counts for the registrable domain', { url: redirect, title: 'www.news.bbc.co.uk' }, 'bbc.co.uk'],
    ['… a title that is no domain leaves the redirect host', { url: redirect, title: 'Best CRM tools of 2026' }, 'google.com'],
    ['… a title with no known suffix leaves the redirect host', { url: redirect, title: 'acme.notasuffix' }, 'google.com'],
    ['a resolved redirect: its target', { url: 'https://www.tradingview.com/markets/', title: 'tradingview.com' }, 'tradingview.com'],
    ['a title that looks like a domain on an ordinary page does not count', { url: 'https://acme.com/', title: 'other.org' }, 'acme.com'],
    ['hostile titles', { url: redirect, title: '__proto__' }, 'google.com'],
    ['not an http(s) URL', { url: 'ftp://acme.com/', title: 'acme.com' }, null],
  ])('%s', (_, citation, expected) => {
    expect(citationDomain(citation)).toBe(expected);
  });

  it('reads a title of 10,000 dots and letters in linear time, as no domain', () => {
    expect(citationDomain({ url: redirect, title: 'a.'.repeat(5_000) })).toBe('google.com');
  });

  it('tells grounding redirects from pages', () => {
    expect([isGroundingRedirect(redirect), isGroundingRedirect('https://acme.com/'), isGroundingRedirect('not a url')]).toEqual([true, false, false]);
  });
});
