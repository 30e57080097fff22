import { z } from 'zod';
import { CreateAccountInput, CreditInput, RatesInput } from './billing';
import { InsightsQuery } from './insights';
import { fieldLabel } from './messages';
import { ManualRunInput, ReportQuery } from './run';
import { ActivateTrackerInput, CreateTrackerInput, TrackerListQuery, UpdateTrackerInput } from './tracker';
import { CreateWebhookInput, DeliveryListQuery, UpdateWebhookInput } from './webhooks';
import { ContentBriefInput } from './workflow';

// Every rule of the tracker create and update schemas, with the one sentence it answers (issue 34).
const cadence = { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 };
const compare = { name: 'CRM tools', cadence, primitive: 'compare', prompts: ['best CRM'], brand: 'Acme', competitors: ['HubSpot'] };
const citations = { name: 'CRM tools', cadence, primitive: 'citations', prompts: ['best CRM'] };
const rankings = { name: 'CRM tools', cadence, primitive: 'rankings', prompts: ['best CRM'], competitors: ['HubSpot', 'Salesforce'] };
const without = <T extends object>(o: T, key: keyof T) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
const prompts = (n: number) => Array.from({ length: n }, (_, i) => `prompt ${i}`);
const issues = (schema: typeof CreateTrackerInput | typeof UpdateTrackerInput, body: unknown) => {
  const parsed = schema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
};

const create: [string, unknown, [string, string][]][] = [
  ['an empty name', { ...compare, name: '' }, [['name', 'Name is required.']]],
  ['a blank name', { ...compare, name: '   ' }, [['name', 'Name must not be blank.']]],
  [
    'an empty name and a repeated prompt (one message each, in one answer)',
    { ...compare, name: '', prompts: ['best CRM', 'best CRM'] },
    [
      ['name', 'Name is required.'],
      ['prompts.1', 'This prompt repeats another.'],
    ],
  ],
  ['a name of 101 characters with NUL', { ...compare, name: `${'x'.repeat(100)}\u0000` }, [['name', 'Name must be at most 100 characters.']]],
  ['a missing name', without(compare, 'name'), [['name', 'Name is required.']]],
  ['a name that is no text', { ...compare, name: 7 }, [['name', 'Name must be text.']]],
  ['a name of 101 characters', { ...compare, name: 'x'.repeat(101) }, [['name', 'Name must be at most 100 characters.']]],
  ['a name with NUL', { ...compare, name: 'a\u0000b' }, [['name', 'Name must not contain the NUL character (U+0000).']]],
  ['a name with a lone surrogate', { ...compare, name: 'a\ud800' }, [['name', 'Name must not contain a lone surrogate (U+D800–U+DFFF without its pair), which is no character.']]],
  ['an unknown primitive', { ...compare, primitive: 'mentions' }, [['primitive', 'What to measure must be one of rankings, compare, citations, sentiment.']]],
  ['no prompts', { ...compare, prompts: [] }, [['prompts', 'Add at least one prompt.']]],
  ['31 prompts', { ...compare, prompts: prompts(31) }, [['prompts', 'Add at most 30 prompts.']]],
  ['an empty prompt', { ...compare, prompts: ['best CRM', ''] }, [['prompts.1', 'This prompt is empty.']]],
  ['a blank prompt', { ...compare, prompts: [' '] }, [['prompts.0', 'This prompt must not be blank.']]],
  ['a prompt of 2001 characters', { ...compare, prompts: ['x'.repeat(2001)] }, [['prompts.0', 'This prompt must be at most 2000 characters.']]],
  [
    'a prompt of 701 characters for Google AI Overviews',
    { ...compare, models: ['google_ai_overview'], prompts: ['x'.repeat(701)] },
    [['prompts.0', 'This prompt must be at most 700 characters when Google AI Overviews is among the surfaces.']],
  ],
  ['a prompt repeated after trimming', { ...compare, prompts: ['best CRM', ' best CRM '] }, [['prompts.1', 'This prompt repeats another.']]],
  ['a prompt repeated exactly', { ...compare, prompts: ['best CRM', 'best CRM'] }, [['prompts.1', 'This prompt repeats another.']]],
  ['a competitor repeated exactly', { ...compare, competitors: ['HubSpot', 'HubSpot'] }, [['competitors.1', 'This competitor repeats another.']]],
  ['a missing brand', without(compare, 'brand'), [['brand', 'Brand is required for compare trackers.']]],
  ['a null brand', { ...compare, brand: null }, [['brand', 'Brand is required for compare trackers.']]],
  ['an empty brand', { ...compare, brand: '' }, [['brand', 'Brand is required.']]],
  ['a brand on rankings', { ...rankings, brand: 'Acme' }, [['brand', 'Brand is not used by rankings trackers; leave the field out.']]],
  ['missing competitors', without(compare, 'competitors'), [['competitors', 'Competitors are required for compare trackers.']]],
  ['no competitors', { ...compare, competitors: [] }, [['competitors', 'Add at least one competitor.']]],
  ['21 competitors', { ...compare, competitors: prompts(21) }, [['competitors', 'Add at most 20 competitors.']]],
  ['an empty competitor', { ...compare, competitors: [''] }, [['competitors.0', 'This competitor is empty.']]],
  ['a competitor that is the brand', { ...compare, competitors: ['HubSpot', 'acme'] }, [['competitors.1', 'Competitors must differ from your brand.']]],
  ['a competitor repeated in another case', { ...compare, competitors: ['HubSpot', 'hubspot'] }, [['competitors.1', 'This competitor repeats another.']]],
  ['competitors on citations', { ...citations, competitors: ['HubSpot'] }, [['competitors', 'Competitors are not used by citations trackers; leave the field out.']]],
  ['no surfaces', { ...compare, models: [] }, [['models', 'Choose between 1 and 5 surfaces.']]],
  ['six surfaces', { ...compare, models: ['chatgpt', 'claude', 'perplexity', 'gemini', 'google_ai_overview', 'chatgpt'] }, [['models', 'Choose between 1 and 5 surfaces.']]],
  ['a surface twice', { ...compare, models: ['chatgpt', 'chatgpt'] }, [['models', 'Choose each surface once.']]],
  ['an unknown surface', { ...compare, models: ['bing'] }, [['models.0', 'This surface must be one of "chatgpt", "claude", "perplexity", "gemini", "google_ai_overview".']]],
  ['a relative url', { ...citations, url: '/pricing' }, [['url', 'URL must be an absolute http(s) address, e.g. https://example.com.']]],
  ['a url of 2049 characters', { ...citations, url: `https://a.example/${'x'.repeat(2032)}` }, [['url', 'URL must be at most 2048 characters.']]],
  ['a url on compare', { ...compare, url: 'https://acme.example' }, [['url', 'URL is not used by compare trackers; leave the field out.']]],
  ['aliases on citations', { ...citations, aliases: [] }, [['aliases', 'Aliases are not used by citations trackers; leave the field out.']]],
  ['aliases of an untracked name', { ...compare, aliases: [{ name: 'Zoho', aliases: ['Zoho CRM'] }] }, [['aliases.0.name', 'Aliases must name the brand or one of the competitors, exactly as listed.']]],
  [
    'aliases of one name twice',
    { ...compare, aliases: [{ name: 'Acme', aliases: ['Acme CRM'] }, { name: 'Acme', aliases: ['AcmeCRM'] }] },
    [['aliases.1.name', 'This name has aliases in an earlier entry.']],
  ],
  ['an alias that is a tracked name', { ...compare, aliases: [{ name: 'Acme', aliases: ['hubspot'] }] }, [['aliases.0.aliases.0', 'This alias is already a tracked name.']]],
  ['an alias repeated', { ...compare, aliases: [{ name: 'Acme', aliases: ['Acme CRM', 'acme crm'] }] }, [['aliases.0.aliases.1', 'This alias repeats another.']]],
  ['no aliases for a name', { ...compare, aliases: [{ name: 'Acme', aliases: [] }] }, [['aliases.0.aliases', 'Add between 1 and 5 other names.']]],
  ['six aliases for a name', { ...compare, aliases: [{ name: 'Acme', aliases: prompts(6) }] }, [['aliases.0.aliases', 'Add between 1 and 5 other names.']]],
  ['0 samples', { ...compare, samplesPerPrompt: 0 }, [['samplesPerPrompt', 'Samples per prompt must be from 1 to 10.']]],
  ['11 samples', { ...compare, samplesPerPrompt: 11 }, [['samplesPerPrompt', 'Samples per prompt must be from 1 to 10.']]],
  ['1.5 samples', { ...compare, samplesPerPrompt: 1.5 }, [['samplesPerPrompt', 'Samples per prompt must be a whole number.']]],
  ['an unknown sampling mode', { ...compare, samplingMode: 'smart' }, [['samplingMode', 'Sampling must be one of "fixed", "adaptive".']]],
  ['alerts without their switch', { ...compare, alerts: {} }, [['alerts.significantChange', 'The significant-change alert is required.']]],
  ['an unknown field', { ...compare, force: true }, [['', 'Field "force" is not allowed here.']]],
  ['an unknown time zone', { ...compare, cadence: { ...cadence, timezone: 'Mars/Olympus' } }, [['cadence.timezone', 'Time zone must be an IANA time zone name, e.g. Europe/Berlin.']]],
  ['a time past midnight', { ...compare, cadence: { ...cadence, time: '24:00' } }, [['cadence.time', 'Time must be HH:mm between 00:00 and 23:59.']]],
  ['a weekly cadence without its day', { ...compare, cadence: without(cadence, 'weekday') }, [['cadence.weekday', 'Weekday is required.']]],
  ['weekday 7', { ...compare, cadence: { ...cadence, weekday: 7 } }, [['cadence.weekday', 'Weekday must be from 0 (Sunday) to 6 (Saturday).']]],
  [
    'monthday 32',
    { ...compare, cadence: { frequency: 'monthly', timezone: 'UTC', time: '09:00', monthday: 32 } },
    [['cadence.monthday', 'Day of the month must be from 1 to 31.']],
  ],
];

const update: [string, unknown, [string, string][]][] = [
  ['missing surfaces', compare, [['models', 'Surfaces are required in a full update.']]],
  ['a missing url on citations', { ...citations, models: ['chatgpt'] }, [['url', 'URL is required in a full update of a citations tracker (send null for none).']]],
  ['an empty name', { ...compare, models: ['chatgpt'], name: '' }, [['name', 'Name is required.']]],
];

describe('tracker list query messages', () => {
  it.each([
    [{ limit: '0' }, [['limit', 'Limit must be a whole number from 1 to 100, in decimal digits.']]],
    [{ limit: '101' }, [['limit', 'Limit must be a whole number from 1 to 100, in decimal digits.']]],
    [{ limit: '0x10' }, [['limit', 'Limit must be a whole number from 1 to 100, in decimal digits.']]],
    [{ cursor: 'abc' }, [['cursor', 'Cursor is not one this API issued; use nextCursor of the previous page.']]],
    [{ status: 'GONE' }, [['status', 'Status must be one of "DRAFT", "ACTIVE", "PAUSED".']]],
  ])('%j', (query, expected) => {
    const parsed = TrackerListQuery.safeParse(query);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual(expected);
  });
});

describe('tracker validation messages', () => {
  it('accepts the bodies the rules start from', () => {
    expect([issues(CreateTrackerInput, compare), issues(CreateTrackerInput, citations), issues(CreateTrackerInput, rankings)]).toEqual([[], [], []]);
    expect(issues(UpdateTrackerInput, { ...citations, models: ['chatgpt'], url: null })).toEqual([]);
  });

  it.each(create)('create: %s', (_name, body, expected) => {
    expect(issues(CreateTrackerInput, body)).toEqual(expected);
  });

  it.each(update)('update: %s', (_name, body, expected) => {
    expect(issues(UpdateTrackerInput, body)).toEqual(expected);
  });

  it('answers every field with at most one message (zod would add a second for an empty text)', () => {
    const all = [...create, ...update].flatMap(([, , expected]) => expected);
    for (const [, , expected] of [...create, ...update]) expect(new Set(expected.map(([path]) => path)).size).toBe(expected.length);
    for (const [, message] of all) expect(message).toMatch(/^[A-Z].*\.$/);
  });
});

describe('webhook messages', () => {
  const issuesOf = (schema: z.ZodType, body: unknown) => {
    const parsed = schema.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
  };
  const hook = { url: 'https://hooks.example.com/brandradar', events: ['run.finished'] };

  it.each([
    ['no events', { ...hook, events: [] }, [['events', 'Events must list at least 1.']]],
    ['an unknown event', { ...hook, events: ['run.started'] }, [['events.0', expect.stringMatching(/^This event must be one of "run.finished", /)]]],
    ['a description of 201 characters', { ...hook, description: 'x'.repeat(201) }, [['description', 'Description must be at most 200 characters.']]],
    ['a missing url', { events: hook.events }, [['url', 'URL is required.']]],
  ])('create: %s', (_name, body, expected) => {
    expect(issuesOf(CreateWebhookInput, body)).toEqual(expected);
  });
});

describe('field names in messages', () => {
  /** The fields of every body and query a user sends, tracker ones included. */
  const inputs = { CreateTrackerInput, UpdateTrackerInput, TrackerListQuery, ActivateTrackerInput, ManualRunInput, ReportQuery, InsightsQuery, ContentBriefInput, CreateAccountInput, CreditInput, RatesInput, CreateWebhookInput, UpdateWebhookInput, DeliveryListQuery };
  /** Every property name in the schema's JSON Schema, nested ones (the cadence's) included. */
  const keysOf = (schema: z.ZodType): string[] => {
    const keys = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'properties' && typeof value === 'object' && value !== null) Object.keys(value).forEach((k) => keys.add(k));
        walk(value);
      }
    };
    walk(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
    return [...keys];
  };

  it.each(Object.entries(inputs))('names each field of %s as the app does, never as "Field …"', (_name, schema: z.ZodType) => {
    const keys = keysOf(schema);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => fieldLabel([key]).text.startsWith('Field "'))).toEqual([]);
  });
});
