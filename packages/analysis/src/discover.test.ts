import { discoverNames, nameKey, readingOf } from './discover';

const names = (text: string, tracked: string[] = [], aliases: Record<string, string[]> = {}) =>
  discoverNames(
    text,
    tracked.map((name) => ({ name, aliases: aliases[name] ?? [] })),
  ).map((d) => d.name);

describe('discoverNames', () => {
  it('takes the subjects of list items, headings, table rows and bold spans, each once, in text order', () => {
    const text = [
      'The CRMs small teams pick most:',
      '',
      '1. **Zoho CRM** – cheap and broad.',
      '2. Freshsales: built-in phone.',
      '',
      '### Attio – best for startups',
      '',
      '| Rank | CRM | Price |',
      '|---|---|---|',
      '| 1 | Copper | $9 |',
      '| 2 | Insightly | $29 |',
      '',
      'For teams on Google Workspace, **Pipedrive** is lighter, and **Zoho CRM** again; **Folk** is a word alone.',
    ].join('\n');
    expect(names(text)).toEqual(['Zoho CRM', 'Freshsales', 'Attio', 'Copper', 'Insightly', 'Pipedrive']);
  });

  it('points at the name as written: text.slice(start, end)', () => {
    const text = '- **[Monday Sales CRM](https://monday.com/crm)** — visual pipelines\n- __Nestlé__';
    const found = discoverNames(text, []);
    expect(found.map((d) => text.slice(d.start, d.end))).toEqual(['Monday Sales CRM', 'Nestlé']);
    expect(found.map((d) => d.name)).toEqual(['Monday Sales CRM', 'Nestlé']);
  });

  it('leaves out labels, categories and sentences that lead items', () => {
    const text = [
      '**Pricing**: from $12 a month.',
      '- **Ease of use** – good',
      '- Pros: fast',
      '### Cons',
      'Step 1: Export your contacts',
      '**Best for:** small teams',
      '### Key Features',
      '**Bottom line:** pick one.',
      '#### Why it stands out',
      '- Choose a tool that fits your budget',
      '**Open-Source Options**',
      '## The Best CRMs for Small Business in 2025',
      '| Feature | Yes |',
      '|---|---|',
      '| Free plan | Yes |',
      '| Price | $0 |',
    ].join('\n');
    expect(names(text)).toEqual([]);
  });

  it('leaves out tracked names, their aliases and their products, in any spelling', () => {
    const text = '1. **HubSpot CRM** – free\n2. **Hub Spot** again\n3. **ProtonVPN**\n4. **Pipedrive**';
    expect(names(text, ['HubSpot', 'Proton VPN'], { 'Proton VPN': ['ProtonVPN'] })).toEqual(['Pipedrive']);
  });

  it('folds case, diacritics and spacing into one key', () => {
    expect(nameKey('Hub Spot')).toBe(nameKey('HubSpot'));
    expect(nameKey('Nestlé')).toBe(nameKey('NESTLE'));
    const text = '- **Hub Spot** – one\n- **HubSpot** – the same';
    expect(names(text)).toEqual(['Hub Spot']);
  });

  it('reads coined names as names, capitalised ordinary words as words, labels and phrases as neither', () => {
    const readings = (leads: string[]) => leads.map((lead) => [lead, readingOf(lead)]);
    const names = ['N26', 'iPhone 15', 'Monday.com', 'Marcus by Goldman Sachs', '1Password', 'Fitbod', 'Honeywell Home evohome', 'HP Spectre x360 14'];
    expect(readings(names)).toEqual(names.map((lead) => [lead, 'name']));
    const words = ['Close', 'Waking Up', 'Down Dog', 'Wave'];
    expect(readings(words)).toEqual(words.map((lead) => [lead, 'words']));
    const labels = ['Step 1', '2025', 'Ease of use', 'Best for small teams', 'Key Features', 'pricing', 'Our Top Picks', 'Receipts', 'Charging', 'Best all-in-one workspaces'];
    expect(readings(labels)).toEqual(labels.map((lead) => [lead, null]));
  });

  it('takes capitalised ordinary words only among names: a list of labels gives none', () => {
    const names = '- **Strength**\n  - **Future** – a coach\n  - **Fitbod** – generated plans\n- **Yoga**\n  - **Down Dog** – flows';
    expect(discoverNames(names, []).map((d) => d.name)).toEqual(['Future', 'Fitbod', 'Down Dog']);
    const withTracked = '### Headspace\nCourses.\n\n### Waking Up\nPhilosophy.\n\n### Comparing costs\nLast.';
    expect(discoverNames(withTracked, [{ name: 'Headspace' }]).map((d) => d.name)).toEqual(['Waking Up']);
  });

  it('leaves out places and people', () => {
    const text = '- **Vinted** – no fees\n- **Depop** – vintage\n\nBest districts:\n- **Paris** – Le Marais\n- **New York** – SoHo\n\nWriters like **Casey Newton** use **Buttondown**.';
    expect(discoverNames(text, []).map((d) => d.name)).toEqual(['Vinted', 'Depop', 'Buttondown']);
  });

  it('takes hostile text as text', () => {
    const text = ['- **__proto__**', '- **$x**', '- **monday.com**', `- **${'A'.repeat(200)}**`, '- **🚀 Rocket**', `${'*'.repeat(50_000)}x`].join('\n');
    expect(names(text)).toEqual(['monday.com']);
    expect(discoverNames(text, [{ name: '__proto__' }, { name: '$x' }]).map((d) => d.name)).toEqual(['monday.com']);
  });
});
