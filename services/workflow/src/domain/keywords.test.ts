import { seedKeyword } from './keywords';

describe('seedKeyword', () => {
  it('uses a topic that fits as a keyword as it is, lower-case, without punctuation', () => {
    expect(seedKeyword('Project Management Software')).toBe('project management software');
    expect(seedKeyword('  What is GEO?  ')).toBe('what is geo');
    expect(seedKeyword("Don't buy a CRM — yet!")).toBe("don't buy a crm yet");
    expect(seedKeyword('Café-Software für Zahnärzte')).toBe('café-software für zahnärzte');
  });

  it('keeps the first content words of a longer content idea', () => {
    expect(seedKeyword('Write an article about how small agencies can choose the right CRM without overspending on features')).toBe('small agencies choose right crm without');
  });

  it('stays within DataForSEO limits: 80 characters, 10 words', () => {
    const long = seedKeyword('supercalifragilisticexpialidocious '.repeat(5));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.split(' ').length).toBeLessThanOrEqual(10);
    expect(seedKeyword('x'.repeat(2000))).toBe('x'.repeat(80));
  });

  it('falls back to the words themselves when all are stop words', () => {
    expect(seedKeyword('how to do it with the and for me what when where why which who will')).toBe('how to do it with the');
  });
});
