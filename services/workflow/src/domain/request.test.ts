import { ContentBriefInput, type ContentBriefInput as Input } from '@brandradar/contracts';
import { briefRequest, requestFingerprint } from './request';

const issues = (body: unknown) => {
  const parsed = ContentBriefInput.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('ContentBriefInput (api-contract §6)', () => {
  it('accepts the topic alone and every optional field', () => {
    expect(issues({ topic: 'crm' })).toEqual([]);
    expect(issues({ topic: 'crm', audience: 'founders', brand: 'acme.com', goal: 'rank', country: 'Gb', models: ['claude', 'gemini'], fullSweep: false })).toEqual([]);
  });

  it.each([
    [{ topic: 'a'.repeat(2000) }, []],
    [{ topic: 'a'.repeat(2001) }, [['topic', 'Topic must be at most 2000 characters.']]],
    [{ topic: 'a'.repeat(700), models: ['google_ai_overview'] }, []],
    [{ topic: 'a'.repeat(701), models: ['google_ai_overview'] }, [['topic', 'Topic must be at most 700 characters when Google AI Overviews is asked.']]],
    [{ topic: 'a'.repeat(701), fullSweep: true }, [['topic', 'Topic must be at most 700 characters when Google AI Overviews is asked.']]],
    [{ topic: 'a'.repeat(701), fullSweep: true, models: ['chatgpt'] }, []],
  ])('limits the topic by the surfaces asked: %#', (body, expected) => {
    expect(issues(body)).toEqual(expected);
  });

  it.each([
    [{ topic: '   ' }, 'topic'],
    [{ topic: 'crm', country: 'u' }, 'country'],
    [{ topic: 'crm', country: 'xx' }, 'country'],
    [{ topic: 'crm', country: 'eu' }, 'country'],
    [{ topic: 'crm', models: ['chatgpt', 'claude', 'chatgpt'] }, 'models'],
    [{ topic: 'crm', models: [] }, 'models'],
    [{ topic: 'crm', brand: 'b'.repeat(201) }, 'brand'],
    [{ topic: 'crm', goal: 'g'.repeat(501) }, 'goal'],
    [{ topic: 'crm', fullSweep: null }, 'fullSweep'],
    [{ topic: 'crm', workflow: 'generate_content_brief' }, ''],
  ])('refuses %p at %p', (body, path) => {
    expect(issues(body).map(([p]) => p)).toContain(path);
  });

  it('tells that the United Kingdom is gb', () => {
    expect(issues({ topic: 'crm', country: 'UK' })).toEqual([['country', 'Country "UK" is not an ISO 3166-1 code; the United Kingdom is `gb`.']]);
  });
});

describe('briefRequest', () => {
  it('fills in the defaults: country us, the three default surfaces', () => {
    expect(briefRequest({ topic: 'crm' })).toEqual({
      topic: 'crm',
      audience: null,
      brand: null,
      goal: null,
      country: 'us',
      surfaces: ['chatgpt', 'perplexity', 'gemini'],
      echo: { topic: 'crm', country: 'us', models: ['chatgpt', 'perplexity', 'gemini'] },
    });
  });

  it('echoes what was sent with the country lower-case; models win over fullSweep', () => {
    const input: Input = { fullSweep: true, models: ['claude'], country: 'DE', goal: 'rank', topic: 'crm', audience: 'smb' };
    const r = briefRequest(input);
    expect(r.surfaces).toEqual(['claude']);
    expect(r.echo).toEqual({ topic: 'crm', audience: 'smb', goal: 'rank', country: 'de', models: ['claude'], fullSweep: true });
    expect(Object.keys(r.echo)).toEqual(['topic', 'audience', 'goal', 'country', 'models', 'fullSweep']);
  });

  it('asks all five surfaces on a full sweep without models', () => {
    expect(briefRequest({ topic: 'crm', fullSweep: true }).surfaces).toEqual(['chatgpt', 'claude', 'perplexity', 'gemini', 'google_ai_overview']);
    expect(briefRequest({ topic: 'crm', fullSweep: false }).surfaces).toEqual(['chatgpt', 'perplexity', 'gemini']);
  });
});

describe('requestFingerprint', () => {
  it('is the same for the same body in any key order, and differs for any changed value', () => {
    const a = requestFingerprint({ topic: 'crm', country: 'us', models: ['claude', 'gemini'] });
    expect(requestFingerprint({ models: ['claude', 'gemini'], country: 'us', topic: 'crm' })).toBe(a);
    expect(requestFingerprint({ topic: 'crm', country: 'US', models: ['claude', 'gemini'] })).not.toBe(a);
    expect(requestFingerprint({ topic: 'crm', country: 'us', models: ['gemini', 'claude'] })).not.toBe(a);
    expect(requestFingerprint({ topic: 'crm', country: 'us' })).not.toBe(a);
  });
});
