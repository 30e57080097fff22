import { detectBrands } from './detect';

const places = (text: string, names: string[]) => {
  const found = detectBrands(text, names.map((name) => ({ name })));
  return Object.fromEntries(names.map((name, i) => [name, found[i]!.position]));
};

describe('positions', () => {
  it('numbered list with bold names and descriptions that mention others', () => {
    const answer = [
      'Here are the top project management tools for remote teams in 2025:',
      '',
      '1. **Asana** – Great for task dependencies; many teams move here from Trello.',
      '2. **Monday.com** – Highly visual boards and automations.',
      '3. **Trello** – Simple Kanban boards, ideal for small teams.',
      '4. **ClickUp** – Feature-rich, though the learning curve is steeper than Asana.',
      '',
      'Overall, Asana offers the best balance, while Jira suits engineering teams.',
    ].join('\n');
    expect(places(answer, ['Asana', 'Trello', 'Monday.com', 'ClickUp', 'Jira', 'Notion'])).toEqual({
      Asana: 1,
      'Monday.com': 2,
      Trello: 3, // not 1: Trello in item 1's description is a comparison, not a place
      ClickUp: 4,
      Jira: null, // mentioned only in prose after the list: the list gives it no place
      Notion: null,
    });
  });

  it('numbers with a closing parenthesis', () => {
    expect(places('1) Beta\n2) Acme\n3) Gamma', ['Acme', 'Gamma'])).toEqual({ Acme: 2, Gamma: 3 });
  });

  it('bulleted lists with -, * and •', () => {
    expect(places('- Acme\n- Beta', ['Beta'])).toEqual({ Beta: 2 });
    expect(places('* Acme\n* Beta\n* Gamma', ['Gamma', 'Acme'])).toEqual({ Gamma: 3, Acme: 1 });
    expect(places('• Acme: cheap\n• Beta: fast', ['Beta'])).toEqual({ Beta: 2 });
  });

  it('headings as items, with their details below them ignored', () => {
    const answer = [
      '## Best CRM software for startups',
      '',
      '### 1. HubSpot CRM',
      'HubSpot is free to start and easier to set up than Salesforce.',
      '- **Pros:** generous free tier, integrates with Zoho',
      '- **Cons:** paid tiers get expensive',
      '',
      '### 2. Pipedrive',
      'Built around the sales pipeline.',
      '',
      '### 3. Salesforce',
      'The enterprise standard.',
      '',
      '## Conclusion',
      'Pick HubSpot unless you need Salesforce-level customisation.',
    ].join('\n');
    expect(places(answer, ['HubSpot', 'Salesforce', 'Pipedrive', 'Zoho'])).toEqual({ HubSpot: 1, Pipedrive: 2, Salesforce: 3, Zoho: null });
  });

  it('headings without numbers', () => {
    expect(places('## Acme\nGood.\n## Beta\nAlso good.', ['Beta', 'Acme'])).toEqual({ Beta: 2, Acme: 1 });
  });

  it('section headings that name no one leave the bullets as the list, counted across sections', () => {
    const answer = ['## Top picks', '- **Acme**: best overall', '- **Beta**: best value', '## Honorable mentions', '- Gamma', '- Delta'].join('\n');
    expect(places(answer, ['Delta', 'Gamma', 'Acme'])).toEqual({ Delta: 4, Gamma: 3, Acme: 1 });
  });

  it('nested bullets are details, not places', () => {
    const answer = ['1. Acme', '   - integrates with Gamma', '   - cheaper than Beta', '2. Beta', '\t- Gamma plugin', '3. Gamma'].join('\n');
    expect(places(answer, ['Acme', 'Beta', 'Gamma'])).toEqual({ Acme: 1, Beta: 2, Gamma: 3 });
  });

  it('counts items in order of appearance, whatever numbers they carry', () => {
    const answer = ['**For small teams**', '1. Acme', '2. Beta', '', '**For enterprises**', '1. Gamma', '2. Acme'].join('\n');
    expect(places(answer, ['Acme', 'Beta', 'Gamma'])).toEqual({ Acme: 1, Beta: 2, Gamma: 3 });
  });

  it('a mixed numbered and bulleted list at the top level is one list', () => {
    expect(places('1. Acme\n2. Beta\n\nOther options:\n- Gamma', ['Gamma'])).toEqual({ Gamma: 3 });
  });

  it('bold numbered items as LLMs write them', () => {
    expect(places('**1. Beta**\nText.\n**2. Acme**\nText.', ['Acme'])).toEqual({ Acme: 2 });
  });

  it('a subject in parentheses or after a colon is not the lead', () => {
    expect(places('1. Acme (formerly Beta)\n2. Gamma: better than Delta\n3. Delta', ['Beta', 'Delta'])).toEqual({ Beta: null, Delta: 3 });
  });

  it('items naming several brands place each of them there', () => {
    expect(places('- Acme and Beta are tied\n- Gamma', ['Beta', 'Acme', 'Gamma'])).toEqual({ Beta: 1, Acme: 1, Gamma: 2 });
  });

  it('a list of other things is not a ranking: order of first mention decides', () => {
    const answer = [
      'When choosing, consider:',
      '- price',
      '- support quality',
      '',
      'Most reviewers prefer Beta, though Acme is cheaper and Gamma has the best support. Acme also has a free plan.',
    ].join('\n');
    expect(places(answer, ['Acme', 'Beta', 'Gamma', 'Delta'])).toEqual({ Acme: 2, Beta: 1, Gamma: 3, Delta: null });
  });

  it('prose answer without a list', () => {
    const answer = "For e-commerce, Shopify is the most popular choice. WooCommerce suits WordPress sites, and BigCommerce scales well. Shopify's app store is the largest.";
    expect(places(answer, ['BigCommerce', 'Shopify', 'WooCommerce'])).toEqual({ BigCommerce: 3, Shopify: 1, WooCommerce: 2 });
  });

  it('names first mentioned at the same spot share a place', () => {
    expect(places('Salesforce Marketing Cloud leads, then Acme.', ['Salesforce', 'Salesforce Marketing Cloud', 'Acme'])).toEqual({
      Salesforce: 1,
      'Salesforce Marketing Cloud': 1,
      Acme: 3,
    });
  });

  it('an empty answer places no one', () => {
    expect(places('', ['Acme'])).toEqual({ Acme: null });
  });

  it('numbers inside prose are not list items', () => {
    expect(places('2024 was big.\n1.5 million users chose Beta over Acme.', ['Acme', 'Beta'])).toEqual({ Acme: 2, Beta: 1 });
  });

  it('reads 256 KiB lines of spaces before a line separator as no item', () => {
    const spaces = ' '.repeat(256 * 1024);
    const answer = [`## ${spaces}\u2028Beta\u2028`, `1. ${spaces}\u2028Beta\u2028`, `- ${spaces}\u2028Beta\u2028`, '## Acme'].join('\n');
    expect(places(answer, ['Acme', 'Beta'])).toEqual({ Acme: 1, Beta: null });
  });

  it('markdown tables: body rows in order, the subject in the first cell or after a rank', () => {
    const answer = ['| Rank | Tool | Price |', '|---|---|---|', '| 1 | Beta | $5 |', '| 2 | Acme | $9 |'].join('\n');
    expect(places(answer, ['Acme', 'Beta'])).toEqual({ Acme: 2, Beta: 1 });
    expect(places('| Tool | Best for |\n|:--|--:|\n| Acme | teams |\n| Beta | solo |', ['Beta'])).toEqual({ Beta: 2 });
  });

  it('an intro naming brands in another order does not decide their places', () => {
    expect(places('People compare Beta, Gamma and Acme.\n- Acme: fast\n- Beta: cheap\n- Gamma: simple', ['Beta', 'Acme', 'Gamma'])).toEqual({ Beta: 2, Acme: 1, Gamma: 3 });
  });

  it('paragraphs led by a bold name are a list', () => {
    expect(places('**Acme** is fast.\n\n**Beta** is cheap.', ['Beta'])).toEqual({ Beta: 2 });
  });

  it('reads 256 KiB rows of empty cells as no items', () => {
    const answer = [`|${' '.repeat(128 * 1024)}|`, `|${' |'.repeat(64 * 1024)}`, '| Acme |'].join('\n');
    expect(places(answer, ['Acme'])).toEqual({ Acme: 1 });
  });

  it('finds the list in 256 KiB of 400 nesting levels and 21,000 top-level items', () => {
    const nested = Array.from({ length: 400 }, (_, depth) => `${' '.repeat(depth)}- detail`);
    const answer = [...nested, ...Array(21_000).fill('- other'), '- Beta', '- Acme'].join('\n');
    // The first nested line is a top-level item too.
    expect(places(answer, ['Acme', 'Beta'])).toEqual({ Acme: 21_003, Beta: 21_002 });
  });
});
