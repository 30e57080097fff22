import { groundingRedirect, startGroundingRedirectPeer, type GroundingRedirectPeer, type RedirectPeerReply } from '../../../../test/support/peers/grounding-redirects';
import { eventually } from '../../../../test/support/eventually';
import { acceptedLocation, createGroundingRedirectResolver, isGroundingRedirect, onPublisher, withRedirectTargets, type GroundingRedirectSettings } from './grounding-redirects';

const signal = () => new AbortController().signal;
const TARGET = 'https://www.tradingview.com/symbols/NASDAQ-GOOG/';

describe('which URLs are grounding redirects', () => {
  it('is the exact host, over https, under /grounding-api-redirect/', () => {
    expect(isGroundingRedirect(groundingRedirect('AUBnsYv=='))).toBe(true);
    expect(isGroundingRedirect('https://vertexaisearch.cloud.google.com/grounding-api-redirect/x?y=1')).toBe(true);
    for (const other of [
      'http://vertexaisearch.cloud.google.com/grounding-api-redirect/x',
      'https://vertexaisearch.cloud.google.com:8443/grounding-api-redirect/x',
      'https://vertexaisearch.cloud.google.com/other/x',
      'https://evil.vertexaisearch.cloud.google.com/grounding-api-redirect/x',
      'https://vertexaisearch.cloud.google.com.evil.example/grounding-api-redirect/x',
      'https://www.example.com/grounding-api-redirect/x',
      'https://vertexaisearch.cloud.google.com.....',
      'not a url',
    ])
      expect(isGroundingRedirect(other)).toBe(false);
  });
});

describe('which targets are kept', () => {
  it('takes an absolute http(s) URL within the caps of a stored citation', () => {
    expect(acceptedLocation(TARGET)).toBe(TARGET);
    expect(acceptedLocation('http://example.org/a?b=c')).toBe('http://example.org/a?b=c');
    for (const refused of [null, '/relative', 'javascript:alert(1)', 'ftp://example.org/', `https://example.org/${'a'.repeat(2048)}`, 'https://example.org/\u0001', groundingRedirect('again')])
      expect(acceptedLocation(refused)).toBeUndefined();
  });

  it("takes a target on the title's publisher (a subdomain too, www. aside); any target when the title names no host", () => {
    expect(onPublisher(TARGET, 'tradingview.com')).toBe(true);
    expect(onPublisher('https://tradingview.com/', 'www.tradingview.com')).toBe(true);
    expect(onPublisher('https://in.tradingview.com/x', 'TradingView.com ')).toBe(true);
    expect(onPublisher('https://www.google.com/sorry/index', 'tradingview.com')).toBe(false);
    expect(onPublisher('https://nottradingview.com/', 'tradingview.com')).toBe(false);
    expect(onPublisher(TARGET, 'TradingView: GOOG chart')).toBe(true);
    expect(onPublisher(TARGET, null)).toBe(true);
  });
});

describe('the grounding redirect resolver, against a local stand-in for its host', () => {
  let peer: GroundingRedirectPeer;
  let replies: Record<string, RedirectPeerReply>;
  beforeEach(async () => {
    replies = {};
    peer = await startGroundingRedirectPeer((path) => replies[path] ?? { status: 404 });
  });
  afterEach(() => peer.close());

  const settings = (over: Partial<GroundingRedirectSettings> = {}): GroundingRedirectSettings => ({ enabled: true, origin: peer.origin, timeoutMs: 1500, budgetMs: 2500, ...over });
  const path = (token: string) => `/grounding-api-redirect/${token}`;

  it('asks the configured origin once per redirect, HEAD, keeping its path and query, and follows no further hop', async () => {
    replies[`${path('a')}?q=1`] = { redirect: TARGET };
    replies[path('b')] = { redirect: 'https://example.org/next-hop', status: 301 };
    const targets = await createGroundingRedirectResolver(settings()).targets([`${groundingRedirect('a')}?q=1`, groundingRedirect('b'), groundingRedirect('b')], signal());
    expect(Object.fromEntries(targets)).toEqual({ [`${groundingRedirect('a')}?q=1`]: TARGET, [groundingRedirect('b')]: 'https://example.org/next-hop' });
    expect(peer.requests.sort((x, y) => x.path.localeCompare(y.path))).toEqual([
      { method: 'HEAD', path: `${path('a')}?q=1` },
      { method: 'HEAD', path: path('b') },
    ]);
  });

  it('never asks about a URL that is not a grounding redirect, nor anything when turned off', async () => {
    replies[path('a')] = { redirect: TARGET };
    expect((await createGroundingRedirectResolver(settings()).targets(['https://www.example.com/a', 'https://vertexaisearch.cloud.google.com.....'], signal())).size).toBe(0);
    expect((await createGroundingRedirectResolver(settings({ enabled: false })).targets([groundingRedirect('a')], signal())).size).toBe(0);
    expect(peer.requests).toEqual([]);
  });

  it('keeps the redirect on a 404, a 200, a relative or javascript: Location, or one with no Location', async () => {
    replies[path('ok')] = { status: 200 };
    replies[path('bare')] = { status: 302 };
    replies[path('relative')] = { redirect: '/elsewhere' };
    replies[path('script')] = { redirect: 'javascript:alert(1)' };
    const uris = ['missing', 'ok', 'bare', 'relative', 'script'].map(groundingRedirect);
    expect((await createGroundingRedirectResolver(settings()).targets(uris, signal())).size).toBe(0);
    expect(peer.requests).toHaveLength(5);
  });

  it('gives up on a request past its timeout, and on the rest of the answer past its budget', async () => {
    const hanging = ['1', '2', '3', '4', '5', '6'];
    for (const t of hanging) replies[path(t)] = { hang: true };
    const hung = await createGroundingRedirectResolver(settings({ timeoutMs: 1000, budgetMs: 30_000 })).targets(hanging.map(groundingRedirect), signal());
    expect(hung.size).toBe(0);
    await eventually(async () => peer.requests.length, (n) => n === 6);
    // Four at once, then the last two only once the first gave up after their 1 s timeout.
    const arrived = peer.arrivedAt.map((at) => at - peer.arrivedAt[0]!);
    expect(arrived[3]).toBeLessThan(800);
    expect(arrived[4]).toBeGreaterThanOrEqual(800);

    const started = Date.now();
    await createGroundingRedirectResolver(settings({ timeoutMs: 30_000, budgetMs: 1000 })).targets(hanging.map(groundingRedirect), signal());
    expect(Date.now() - started).toBeLessThan(10_000);
    await eventually(async () => peer.inFlight, (n) => n === 0); // every hung request was closed by the client
    expect(peer.requests).toHaveLength(6 + 4); // the last two never asked
  });

  it('reads only the status line and headers, closing a body that never ends', async () => {
    replies[path('endless')] = { endless: TARGET };
    const targets = await createGroundingRedirectResolver(settings()).targets([groundingRedirect('endless')], signal());
    expect(targets.get(groundingRedirect('endless'))).toBe(TARGET);
    await eventually(async () => peer.endlessClosed, (n) => n === 1, 5_000);
  });

  it('stops at once, keeping every redirect and remembering none, when the caller aborts', async () => {
    replies[path('slow')] = { hang: true };
    const resolver = createGroundingRedirectResolver(settings({ timeoutMs: 10_000, budgetMs: 10_000 }));
    const caller = new AbortController();
    const pending = resolver.targets([groundingRedirect('slow')], caller.signal);
    await eventually(async () => peer.requests.length, (n) => n === 1, 5_000);
    caller.abort();
    expect((await pending).size).toBe(0);
    replies[path('slow')] = { redirect: TARGET };
    expect((await resolver.targets([groundingRedirect('slow')], signal())).get(groundingRedirect('slow'))).toBe(TARGET);
  });

  it('remembers a target for a day and a miss for ten minutes, then asks again', async () => {
    let now = 1_000_000;
    const resolver = createGroundingRedirectResolver(settings(), () => now);
    replies[path('found')] = { redirect: TARGET };
    const uris = [groundingRedirect('found'), groundingRedirect('missing')];
    await resolver.targets(uris, signal());
    expect(peer.requests).toHaveLength(2);

    replies[path('missing')] = { redirect: 'https://example.org/now-there' };
    expect(Object.fromEntries(await resolver.targets(uris, signal()))).toEqual({ [groundingRedirect('found')]: TARGET });
    expect(peer.requests).toHaveLength(2);

    now += 10 * 60 * 1000;
    expect(Object.fromEntries(await resolver.targets(uris, signal()))).toEqual({ [groundingRedirect('found')]: TARGET, [groundingRedirect('missing')]: 'https://example.org/now-there' });
    expect(peer.requests.map((r) => r.path)).toEqual([expect.any(String), expect.any(String), path('missing')]);

    now += 24 * 60 * 60 * 1000;
    await resolver.targets(uris, signal());
    expect(peer.requests).toHaveLength(5);
  });

  it("replaces a citation's and a page read's redirect by its target only when the target is on the titled publisher", async () => {
    replies[path('tv')] = { redirect: TARGET };
    replies[path('sorry')] = { redirect: 'https://www.google.com/sorry/index?continue=x' };
    const tv = { url: groundingRedirect('tv'), title: 'tradingview.com' };
    const sorry = { url: groundingRedirect('sorry'), title: 'angelone.in' };
    const plain = { url: 'https://www.example.com/a', title: 'A' };
    const answer = { model: 'm', citations: [tv, sorry, plain], consultedSources: [tv, sorry, plain] };
    const resolved = await withRedirectTargets(answer, createGroundingRedirectResolver(settings()), signal());
    const expected = [{ url: TARGET, title: 'tradingview.com' }, sorry, plain];
    expect(resolved).toEqual({ model: 'm', citations: expected, consultedSources: expected });
    expect(peer.requests).toHaveLength(2);
  });
});
