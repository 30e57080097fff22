import { brandSentiment, MAX_SENTIMENT_EVIDENCE } from './brand-sentiment';
import { detectBrands, type TrackedBrand } from './detect';

const named = (names: string[]): TrackedBrand[] => names.map((name) => ({ name }));

/** Each name's label, every name read with the others as the names it may be compared with. */
function labels(text: string, names: string[]): Record<string, string | null> {
  return Object.fromEntries(names.map((name) => [name, brandSentiment(text, { name }, named(names.filter((n) => n !== name)))?.label ?? null]));
}

/** The text of each evidence span. */
function evidence(text: string, name: string, others: string[]): string[] {
  return (brandSentiment(text, { name }, named(others))?.evidence ?? []).map((s) => text.slice(s.start, s.end));
}

describe('brandSentiment', () => {
  it("reads the contract's example per name: HubSpot positive, Salesforce negative", () => {
    const text = 'HubSpot is free to start, but Salesforce gets expensive.';
    expect(labels(text, ['HubSpot', 'Salesforce'])).toEqual({ HubSpot: 'positive', Salesforce: 'negative' });
    expect(evidence(text, 'Salesforce', ['HubSpot'])).toEqual(['Salesforce gets expensive.']);
  });

  it('is null when the name is not mentioned', () => {
    expect(brandSentiment('Pipedrive is simple.', { name: 'HubSpot' })).toBeNull();
  });

  it('reverses a comparison for the name on its far side', () => {
    expect(labels('Semrush is cheaper than Ahrefs.', ['Semrush', 'Ahrefs'])).toEqual({ Semrush: 'positive', Ahrefs: 'negative' });
    expect(labels('Unlike Wrike, Asana is intuitive.', ['Asana', 'Wrike'])).toEqual({ Asana: 'positive', Wrike: 'negative' });
    // Only the words before the compared name compare: "and easier to learn" is said of Linear.
    expect(labels('Linear is faster than Jira, and it is easier to learn.', ['Linear', 'Jira'])).toEqual({ Linear: 'positive', Jira: 'negative' });
  });

  it('gives nothing to a name in an aside or an equal comparison', () => {
    expect(labels('Zapier integrates with Slack and is reliable.', ['Zapier', 'Slack'])).toEqual({ Zapier: 'positive', Slack: 'neutral' });
    expect(labels('New Balance is just as soft as Hoka, but sluggish.', ['New Balance', 'Hoka'])).toEqual({ 'New Balance': 'negative', Hoka: 'neutral' });
  });

  it('reads a negated equality as a comparison: "not as polished as Y" favours Y', () => {
    expect(labels("Asana isn't as polished as Linear.", ['Asana', 'Linear'])).toEqual({ Asana: 'negative', Linear: 'positive' });
  });

  it('continues the last named brand through a pronoun or "its" within a paragraph, not past it', () => {
    const text = 'Notion is a wiki and a tracker. It is slow on large pages and its search is clunky.\n\nTrello is a board tool.';
    expect(labels(text, ['Notion', 'Trello'])).toEqual({ Notion: 'negative', Trello: 'neutral' });
    expect(evidence(text, 'Notion', ['Trello'])).toEqual(['It is slow on large pages and its search is clunky.']);
  });

  it('gives a list item to the name of its lead, and sub-items to the item above', () => {
    const text = ['1. **Acme** – Reliable and fast.', '   - Excellent support', '2. **Beta** – Buggy and slow.', '3. **Gamma** – Made in Berlin.'].join('\n');
    expect(labels(text, ['Acme', 'Beta', 'Gamma'])).toEqual({ Acme: 'positive', Beta: 'negative', Gamma: 'neutral' });
  });

  it('weighs what follows "but" about the same name, and reads a bare "but" as a reservation', () => {
    expect(labels('Acme is powerful, but it is expensive and clunky.', ['Acme'])).toEqual({ Acme: 'negative' });
    expect(labels('Acme is good, but it separates in hot coffee.', ['Acme'])).toEqual({ Acme: 'negative' });
    // Praise and blame that cancel out are mixed: neutral.
    expect(labels('Acme is cheaper, though its reporting is weaker.', ['Acme'])).toEqual({ Acme: 'neutral' });
  });

  it('reads "both" as the two names last named together', () => {
    const text = 'Ahrefs or Semrush?\n\n- Cost: Semrush is pricier than Ahrefs.\n- Keyword research: both are excellent.\n- Moz: an older tool.';
    expect(labels(text, ['Ahrefs', 'Semrush', 'Moz'])).toEqual({ Ahrefs: 'positive', Semrush: 'positive', Moz: 'neutral' });
  });

  it('points its evidence at the deciding clauses, weightiest first and at most a few', () => {
    const text = 'Acme is excellent. Acme is fine. Acme is slow. ' + 'Acme is reliable. '.repeat(10);
    const result = brandSentiment(text, { name: 'Acme' })!;
    expect(result.label).toBe('positive');
    expect(result.evidence).toHaveLength(MAX_SENTIMENT_EVIDENCE);
    expect(text.slice(result.evidence[0]!.start, result.evidence[0]!.end)).toBe('Acme is excellent.');
    for (const span of result.evidence) expect(text.slice(span.start, span.end)).not.toContain('slow');
  });

  it('counts a given name opening a sentence before a verb the brand detector does not know', () => {
    const text = 'Height shut down in 2025, frustrating many teams.';
    expect(detectBrands(text, [{ name: 'Height' }])[0]!.mentioned).toBe(false);
    expect(brandSentiment(text, { name: 'Height' })?.label).toBe('negative');
  });

  it.each([
    ['monday.com', 'monday.com is intuitive, but Wrike is clunky.', 'positive'],
    ['$x', '$x is buggy; Acme beats $x on price.', 'negative'],
    ['__proto__', '__proto__ is excellent.', 'positive'],
    ['constructor', 'Acme is slow; constructor is fast.', 'positive'],
    ['🚀 Rocket', '🚀 Rocket is unreliable.', 'negative'],
    ['A'.repeat(200), `${'A'.repeat(200)} is reliable.`, 'positive'],
  ])('reads a hostile name %j as any other', (name, text, label) => {
    expect(brandSentiment(text, { name }, named(['Acme', 'Wrike']))?.label).toBe(label);
  });

  it('is linear in the answer: 200 kB of clauses naming the brand and others in one paragraph', () => {
    const clause = 'Acme is faster than Beta, but its support is slow; it beats Gamma, whose app is buggy, ';
    const text = clause.repeat(Math.ceil(200_000 / clause.length));
    const result = brandSentiment(text, { name: 'Acme' }, named(['Beta', 'Gamma']));
    expect(result?.label).toBeDefined();
    expect(result!.evidence.length).toBeLessThanOrEqual(MAX_SENTIMENT_EVIDENCE);
  });

  it('is linear in the answer: 200 kB of one word, of capitals, of markup and of list items', () => {
    for (const text of ['Unlike Beta ' + 'Acme is cheaper than Beta and Gamma '.repeat(5_500), 'Acme ' + 'a'.repeat(200_000), 'Acme ' + 'Zq'.repeat(100_000), 'Acme ' + '*'.repeat(200_000), '- Acme\n' + '  - it is good\n'.repeat(14_000)]) {
      expect(brandSentiment(text, { name: 'Acme' }, named(['Beta', 'Gamma']))).not.toBeNull();
    }
  });
});
