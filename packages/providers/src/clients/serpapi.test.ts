import { PEER_API_KEY, startSerpApiPeer, type ProtocolPeer, type SerpApiPeerOptions } from '../../../../test/support/peers/providers';
import { createSerpApiClient, MAX_OVERVIEW_CHARS } from './serpapi';

const signal = () => new AbortController().signal;

describe('serpapi client (Google AI Overview)', () => {
  let peer: ProtocolPeer;
  const start = async (options?: SerpApiPeerOptions) => {
    peer = await startSerpApiPeer(options);
    return createSerpApiClient({ apiKey: PEER_API_KEY, baseUrl: peer.baseUrl });
  };
  afterEach(() => peer.close());

  it("searches GET /search.json with engine=google, the query, the country, its interface language and the key: localised", async () => {
    const client = await start();
    const answer = await client.ask('best crm for startups', { signal: signal(), country: 'DE' });
    expect(peer.requests[0]).toMatchObject({ method: 'GET', path: '/search.json' });
    expect(peer.requests[0]!.query).toEqual({ engine: 'google', q: 'best crm for startups', gl: 'de', hl: 'de', api_key: PEER_API_KEY });
    expect(answer.localised).toBe(true);
  });

  it.each([
    ['br', 'pt-br'],
    ['tw', 'zh-tw'],
    ['IL', 'iw'],
    ['gb', 'en'],
    ['ng', 'en'],
  ])('asks Google in %s in the interface language %s', async (country, hl) => {
    const client = await start();
    await client.ask('q', { signal: signal(), country });
    expect(peer.requests[0]!.query).toMatchObject({ gl: country.toLowerCase(), hl });
  });

  it('searches from the United States without a country, as it always has, sending no language: not localised', async () => {
    const client = await start();
    const answer = await client.ask('q', { signal: signal() });
    expect(peer.requests[0]!.query).toEqual({ engine: 'google', q: 'q', gl: 'us', api_key: PEER_API_KEY });
    expect(answer.localised).toBe(false);
  });

  it('renders text_blocks (paragraphs, lists) and reads references', async () => {
    const client = await start({ answer: () => ({ text: 'Top picks:\n- Alpha: the leader\n- Beta: runner-up', citations: [{ url: 'https://a.example/', title: 'A' }] }) });
    expect(await client.ask('q', { signal: signal() })).toEqual({
      model: 'google_ai_overview',
      text: 'Top picks:\n- Alpha: the leader\n- Beta: runner-up',
      truncated: false,
      citations: [{ url: 'https://a.example/', title: 'A' }],
      localised: false,
    });
  });

  it('renders nested lists, titled items, expandable blocks and tables', async () => {
    const client = await start();
    const aiOverview = {
      text_blocks: [
        { type: 'heading', snippet: 'Options' },
        { type: 'list', list: [{ title: 'Alpha', snippet: 'fast', list: [{ snippet: 'free plan' }] }] },
        { type: 'expandable', title: 'More', text_blocks: [{ type: 'paragraph', snippet: 'Beta too.' }] },
        { type: 'table', table: [['Name', 'Price'], ['Alpha', '$10']] },
      ],
      references: [],
    };
    peer.replyNext({ status: 200, body: JSON.stringify({ ai_overview: aiOverview }) });
    const answer = await client.ask('q', { signal: signal() });
    expect(answer.text).toBe('Options\n- Alpha: fast\n  - free plan\nMore\nBeta too.\nName | Price\nAlpha | $10');
  });

  it('indents list items deeper than eight levels as the eighth', async () => {
    const client = await start();
    peer.replyNext({ status: 200, body: JSON.stringify({ ai_overview: { text_blocks: [{ type: 'list', list: [nestedItems(10)] }] } }) });
    const answer = await client.ask('q', { signal: signal() });
    expect(answer.text.split('\n')).toEqual(Array.from({ length: 10 }, (_, level) => expectedItemLine(level)));
    expect(answer.truncated).toBe(false);
  });

  it('renders a 256 KiB list nested thousands deep as its first 20,000 characters, indentation capped', async () => {
    const client = await start();
    const levels: string[] = [];
    let bytes = 0;
    for (let level = 0; bytes < 256 * 1024; level++) {
      levels.push(`{"snippet":"item ${level}","list":[`);
      bytes += levels[level]!.length + 2;
    }
    // Built as text: JSON.stringify itself overflows the stack on an object this deep.
    const body = `{"ai_overview":{"text_blocks":[{"type":"list","list":[${levels.join('')}${']}'.repeat(levels.length)}]}]}}`;
    peer.replyNext({ status: 200, body });
    const { text, truncated } = await client.ask('q', { signal: signal() });
    expect(truncated).toBe(true);
    expect(text.length).toBeLessThanOrEqual(MAX_OVERVIEW_CHARS);
    expect(text.length).toBeGreaterThan(MAX_OVERVIEW_CHARS - 40);
    const lines = text.split('\n');
    expect(lines.slice(0, -1)).toEqual(lines.slice(0, -1).map((_, level) => expectedItemLine(level)));
    expect(expectedItemLine(lines.length - 1).startsWith(lines.at(-1)!)).toBe(true);
  });

  it('reports a nested block it cannot read as a permanent malformed_response', async () => {
    const client = await start();
    peer.replyNext({ status: 200, body: JSON.stringify({ ai_overview: { text_blocks: [{ type: 'list', list: [{ snippet: 'Alpha', list: [{ snippet: 5 }] }] }] } }) });
    await expect(client.ask('q', { signal: signal() })).rejects.toMatchObject({ kind: 'permanent', code: 'malformed_response' });
  });

  it("follows a page_token with engine=google_ai_overview, which continues the search in its market", async () => {
    const client = await start({ deferred: true });
    const answer = await client.ask('best crm', { signal: signal(), country: 'fr' });
    expect(peer.requests.map((r) => r.query.engine)).toEqual(['google', 'google_ai_overview']);
    expect(peer.requests[1]!.query).toEqual({ engine: 'google_ai_overview', page_token: 'token-1', api_key: PEER_API_KEY });
    expect(answer.text).toContain('Alpha is the leader');
    expect(answer.citations).toHaveLength(2);
    expect(answer.localised).toBe(true);
  });

  it('reports a query without an AI Overview as a permanent no_ai_overview error', async () => {
    const client = await start({ answer: () => null });
    await expect(client.ask('q', { signal: signal() })).rejects.toMatchObject({ kind: 'permanent', code: 'no_ai_overview' });
  });
});

/** A list item with `depth - 1` items nested under it, one per level: item 0 holds item 1, and so on. */
function nestedItems(depth: number, level = 0): object {
  return { snippet: `item ${level}`, ...(level + 1 < depth && { list: [nestedItems(depth, level + 1)] }) };
}

/** Two spaces per level, at most eight levels. */
const expectedItemLine = (level: number) => `${'  '.repeat(Math.min(level, 8))}- item ${level}`;
