import { fixtureReply, PEER_API_KEY, startSerpApiPeer, type ProtocolPeer, type SerpApiPeerOptions } from '../../../../test/support/peers/providers';
import { MAX_OVERVIEW_BLOCKS, MAX_OVERVIEW_CHARS } from './ai-overview';
import { createSerpApiClient } from './serpapi';

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

  it('renders headings and expandable titles as Markdown headings, nested lists as indented bullets, tables as Markdown tables', async () => {
    const client = await start();
    const aiOverview = {
      text_blocks: [
        { type: 'heading', snippet: 'Options' },
        { type: 'list', list: [{ title: 'Alpha', snippet: 'fast', list: [{ snippet: 'free plan' }] }] },
        { type: 'expandable', title: 'More', subtitle: 'for teams', text_blocks: [{ type: 'paragraph', snippet: 'Beta too.' }] },
        { type: 'table', table: [['Name', 'Price'], ['Alpha | Pro', 10]] },
      ],
      references: [],
    };
    peer.replyNext({ status: 200, body: JSON.stringify({ ai_overview: aiOverview }) });
    const answer = await client.ask('q', { signal: signal() });
    expect(answer.text).toBe('## Options\n- Alpha: fast\n  - free plan\n## More\nfor teams\nBeta too.\n| Name | Price |\n| --- | --- |\n| Alpha \\| Pro | 10 |');
  });

  it("keeps a line break inside the provider's text from forging a list item", async () => {
    const client = await start();
    peer.replyNext({ status: 200, body: JSON.stringify({ ai_overview: { text_blocks: [{ type: 'paragraph', snippet: 'Alpha leads.\n- Beta: the best' }] } }) });
    expect((await client.ask('q', { signal: signal() })).text).toBe('Alpha leads. - Beta: the best');
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

  it(`stops after ${MAX_OVERVIEW_BLOCKS} blocks, however short, saying the text was cut`, async () => {
    const client = await start();
    const items = Array.from({ length: MAX_OVERVIEW_BLOCKS + 10 }, (_, i) => ({ snippet: String(i % 10) }));
    peer.replyNext({ status: 200, body: JSON.stringify({ ai_overview: { text_blocks: [{ type: 'list', list: items }] } }) });
    const { text, truncated } = await client.ask('q', { signal: signal() });
    expect(truncated).toBe(true);
    // The list block itself is the first block read.
    expect(text.split('\n')).toHaveLength(MAX_OVERVIEW_BLOCKS - 1);
  });

  it('bounds a hostile overview: a comparison of thousands of products, huge cells and endless products and stories', async () => {
    const client = await start();
    const labels = Array.from({ length: 5_000 }, (_, i) => `Product ${i}`);
    const hostile = {
      text_blocks: [{ type: 'comparison', product_labels: labels, comparison: [{ feature: 'x'.repeat(50_000), values: labels }] }],
      products: Array.from({ length: 10_000 }, (_, i) => ({ title: `Gadget ${i}` })),
      top_stories: Array.from({ length: 10_000 }, (_, i) => ({ title: `Story ${i}` })),
      references: Array.from({ length: 1_000 }, (_, i) => ({ link: `https://news${i}.example/`, title: 't' })),
    };
    peer.replyNext({ status: 200, body: JSON.stringify({ ai_overview: hostile }) });
    const answer = await client.ask('q', { signal: signal() });
    expect(answer.truncated).toBe(true);
    expect(answer.text.length).toBeLessThanOrEqual(MAX_OVERVIEW_CHARS);
    expect(answer.text).not.toContain('Gadget');
    expect(answer.citations).toHaveLength(20);
  });

  it('passes over a block or an item of a shape it cannot read, and keeps the rest of the overview', async () => {
    const client = await start();
    const overview = {
      text_blocks: [{ type: 'list', list: [{ snippet: 'Alpha', list: [{ snippet: 5 }, { snippet: 'Beta' }] }] }],
      products: [{ price: '$5' }, { title: 'Gamma Pro' }],
      top_stories: [{ title: 7 }, { title: 'Delta raises prices' }],
    };
    peer.replyNext({ status: 200, body: JSON.stringify({ ai_overview: overview }) });
    const answer = await client.ask('q', { signal: signal() });
    expect(answer.text).toBe(['- Alpha', '  - Beta', '- Gamma Pro', '- Delta raises prices'].join('\n'));
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

  describe('bodies in the documented shapes (test/fixtures/providers/serpapi)', () => {
    const ask = async (...fixtures: string[]) => {
      const client = await start();
      peer.replyNext(...fixtures.map((name) => fixtureReply('serpapi', name)));
      return client.ask('q', { signal: signal() });
    };
    const cited = (...pairs: [string, string][]) => pairs.map(([url, title]) => ({ url, title }));

    it('reads the typical result: paragraphs, lists with and without titles, every reference', async () => {
      expect(await ask('typical-reference')).toEqual({
        model: 'google_ai_overview',
        text: [
          'The best CRM for a small business depends on budget and how much the team sells by phone or email. HubSpot, Zoho CRM and Pipedrive are recommended most often.',
          'Popular options include:',
          '- HubSpot CRM: A free plan with contact management, deal pipelines and email tracking; paid hubs add automation.',
          '- Zoho CRM: Affordable paid plans with strong customisation and a free tier for up to three users.',
          '- Pipedrive: A visual sales pipeline built for small sales teams that close deals by stage.',
          'When choosing, consider:',
          '- How many users need access, since most CRMs price per seat.',
          '- Which tools it must connect to, such as Gmail, Outlook or Slack.',
        ].join('\n'),
        truncated: false,
        citations: cited(
          ['https://zapier.com/blog/best-crm-app/', 'The 9 best CRM software for small business in 2026'],
          ['https://www.forbes.com/advisor/business/software/best-crm-small-business/', 'Best CRM Software of 2026'],
          ['https://www.g2.com/compare/hubspot-sales-hub-vs-pipedrive', 'HubSpot vs Pipedrive: Which CRM Is Right for You?'],
          ['https://www.salesforce.com/crm/how-to-choose-crm/', 'How to Choose a CRM'],
        ),
        localised: false,
      });
    });

    it('reads lists nested three deep as indented bullets', async () => {
      const { text, citations } = await ask('nested-lists-inferred');
      expect(text).toBe(
        [
          'Moving from Salesforce to HubSpot takes a few stages:',
          '- Export your data: Use Salesforce Data Loader or the HubSpot Salesforce connector.',
          '  - Data Loader: Exports objects to CSV files.',
          '    - Accounts, contacts and opportunities each export to their own file.',
          '  - HubSpot connector: Syncs records directly without files.',
          '- Map fields: Match Salesforce fields to HubSpot properties before importing.',
          '- Import and check: Import into HubSpot, then compare record counts with Salesforce.',
        ].join('\n'),
      );
      expect(citations.map((c) => c.title)).toEqual(['Migrate from Salesforce to HubSpot', 'Salesforce to HubSpot migration checklist']);
    });

    it('reads expandable sections: their titles as headings, their subtitles, their blocks', async () => {
      const { text, citations } = await ask('expandable-inferred');
      expect(text).toBe(
        [
          'Several CRMs include email marketing, so you do not need a separate tool.',
          '## HubSpot Marketing Hub',
          'Best for inbound marketing',
          'Drag-and-drop emails, automation and reporting share one contact database.',
          '- Free plan sends up to 2,000 emails a month.',
          '## Brevo',
          'Best value for high email volume',
          'Brevo, formerly Sendinblue, prices by emails sent rather than by contacts.',
          '## Zoho CRM with Zoho Campaigns',
          'Best for teams already on Zoho',
          'Campaigns syncs with Zoho CRM modules for segmented sends.',
        ].join('\n'),
      );
      expect(citations.map((c) => c.url)).toEqual([
        'https://www.emailtooltester.com/en/blog/crm-with-email-marketing/',
        'https://www.brevo.com/pricing/',
        'https://www.zoho.com/campaigns/crm-integration.html',
      ]);
    });

    it('reads a table as a Markdown table', async () => {
      const { text, citations } = await ask('table-inferred');
      expect(text).toBe(
        [
          'Free CRM plans differ mostly in users and contacts:',
          '| CRM | Free users | Contacts |',
          '| --- | --- | --- |',
          '| HubSpot | Up to 2 | 1,000,000 |',
          '| Zoho CRM | Up to 3 | 5,000 records |',
          '| Bitrix24 | Unlimited | Unlimited |',
          'Paid plans remove these limits and add automation.',
        ].join('\n'),
      );
      expect(citations).toHaveLength(2);
    });

    it('reads a comparison as a table with a row per product: every label, feature and value', async () => {
      const { text, citations } = await ask('comparison-inferred');
      expect(text).toBe(
        [
          'HubSpot is easiest to start with, Salesforce scales furthest and Pipedrive is the simplest pipeline tool for small sales teams.',
          '|  | Starting price | Best for | Ease of use | Customisation |',
          '| --- | --- | --- | --- | --- |',
          '| HubSpot Sales Hub | Free; paid from $20/seat | Inbound marketing and sales | Very easy | Moderate |',
          '| Salesforce Sales Cloud | From $25/user | Large, complex sales teams | Steep learning curve | Extensive |',
          '| Pipedrive | From $14/seat | Small teams focused on deals | Very easy | Limited |',
          '## Which to choose',
          '- Choose HubSpot: if marketing and sales should share one free CRM.',
          '- Choose Salesforce: if you need deep customisation and many integrations.',
          '- Choose Pipedrive: if you want a simple visual pipeline.',
        ].join('\n'),
      );
      expect(citations.map((c) => c.title)).toEqual(['HubSpot vs Salesforce: 2026 comparison', 'Salesforce vs HubSpot vs Pipedrive', 'Pipedrive review']);
    });

    it("reads the overview's products: each one's name, price and seller", async () => {
      const { text } = await ask('products-inferred');
      expect(text).toBe(
        [
          'For running, look for a secure fit, sweat resistance and good battery life. Popular picks include:',
          '- Beats Powerbeats Pro 2: $249.99, Best Buy',
          '- Shokz OpenRun Pro 2: $179.95, Shokz',
          '- Jabra Elite 8 Active Gen 2: $229.99, Amazon.com',
        ].join('\n'),
      );
    });

    it("reads the overview's top stories: each headline with its publisher and age", async () => {
      const { text, citations } = await ask('top-stories-inferred');
      expect(text).toBe(
        [
          'Salesforce reported quarterly revenue above expectations, helped by demand for its AI agents.',
          '- Salesforce beats revenue estimates as Agentforce deals grow: Reuters, 3 hours ago',
          '- Salesforce raises full-year outlook; shares rise after hours: CNBC, 4 hours ago',
        ].join('\n'),
      );
      expect(citations).toEqual(cited(['https://www.reuters.com/technology/salesforce-beats-revenue-estimates-2026-12-03/', 'Salesforce beats revenue estimates as Agentforce deals grow']));
    });

    it('follows the page token of a search that defers its overview, with exactly that token', async () => {
      const answer = await ask('page-token-search', 'page-token-overview');
      const token = (JSON.parse(fixtureReply('serpapi', 'page-token-search').body) as { ai_overview: { page_token: string } }).ai_overview.page_token;
      expect(peer.requests[1]!.query).toEqual({ engine: 'google_ai_overview', page_token: token, api_key: PEER_API_KEY });
      expect(answer).toEqual({
        model: 'google_ai_overview',
        text: [
          'Real estate agents often choose a CRM built for property deals:',
          '- Follow Up Boss: Lead routing from portals such as Zillow and Realtor.com.',
          '- LionDesk: Text and video email follow-ups at a low price.',
          '- kvCORE: An all-in-one platform with IDX websites for brokerages.',
        ].join('\n'),
        truncated: false,
        citations: cited(
          ['https://www.realtor.com/marketing/resources/best-real-estate-crm/', 'Best real estate CRM of 2026'],
          ['https://www.theclose.com/best-real-estate-crm/', 'Follow Up Boss vs LionDesk vs kvCORE'],
        ),
        localised: false,
      });
    });

    it("reports Google's \"can't generate an AI overview\" as no_ai_overview, with its words", async () => {
      await expect(ask('error-reference')).rejects.toMatchObject({ kind: 'permanent', code: 'no_ai_overview', message: "Can't generate an AI overview right now. Try again later." });
    });
  });
});

/** A list item with `depth - 1` items nested under it, one per level: item 0 holds item 1, and so on. */
function nestedItems(depth: number, level = 0): object {
  return { snippet: `item ${level}`, ...(level + 1 < depth && { list: [nestedItems(depth, level + 1)] }) };
}

/** Two spaces per level, at most eight levels. */
const expectedItemLine = (level: number) => `${'  '.repeat(Math.min(level, 8))}- item ${level}`;
