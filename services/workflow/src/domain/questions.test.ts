import { collectQuestions, isQuestion } from './questions';

describe('isQuestion', () => {
  it.each([
    ['what is a crm', true],
    ['How do CRMs work', true],
    ['is hubspot free', true],
    ['crm pricing?', true],
    ['crm pricing', false],
    ['whatsapp crm', false],
  ])('%p: %p', (search, expected) => expect(isQuestion(search)).toBe(expected));
});

describe('collectQuestions', () => {
  const paa = (question: string) => ({ question, answer: 'A.', url: 'https://example.com/a', domain: 'example.com' });

  it('lists People Also Ask first, then question-like related searches, each once', () => {
    const { questions, relatedSearches } = collectQuestions('crm', [paa('What is a CRM?'), paa('What is a CRM'), paa(' How much is a CRM? ')], [
      'what is a crm?',
      'is a crm worth it',
      'crm examples',
      'crm examples',
      'crm pricing',
    ]);
    expect(questions).toEqual([
      { question: 'What is a CRM?', source: 'people_also_ask', answer: 'A.', url: 'https://example.com/a', domain: 'example.com' },
      { question: 'How much is a CRM?', source: 'people_also_ask', answer: 'A.', url: 'https://example.com/a', domain: 'example.com' },
      { question: 'is a crm worth it', source: 'related_searches', answer: null, url: null, domain: null },
    ]);
    expect(relatedSearches).toEqual(['crm examples', 'crm pricing']);
  });

  it('keeps variants of a question-like query as related searches, not questions', () => {
    const { questions, relatedSearches } = collectQuestions('how to choose a crm', [], ['how to choose a crm for startups', 'how to choose a crm?', 'why use a crm']);
    expect(questions.map((q) => q.question)).toEqual(['how to choose a crm?', 'why use a crm']);
    expect(relatedSearches).toEqual(['how to choose a crm for startups']);
  });

  it('ignores a 256 KiB run of trailing question marks, and keeps one inside the question', () => {
    const marks = '?'.repeat(256 * 1024);
    const { questions } = collectQuestions('crm', [paa(`why${marks}crm`), paa(`why${marks}crm${marks}`)], []);
    expect(questions.map((q) => q.question.length)).toEqual([3 + marks.length + 3]);
  });
});
