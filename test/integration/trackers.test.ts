import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { startStack, type TestStack } from '../support/stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack([billingService, trackerService, runnerService, gatewayService]);
});
afterAll(() => stack.stop());

const weekly = { frequency: 'weekly', timezone: 'Europe/Berlin', time: '09:00', weekday: 1 };
const monthly = { frequency: 'monthly', timezone: 'America/New_York', time: '23:59', monthday: 31 };
const bodies = {
  rankings: { name: 'CRM rankings', cadence: weekly, primitive: 'rankings', prompts: ['best crm', 'top crm tools', 'crm for startups'], competitors: ['HubSpot', 'Salesforce'] },
  compare: { name: 'Acme vs HubSpot', cadence: weekly, primitive: 'compare', prompts: ['acme or hubspot?'], brand: 'Acme', competitors: ['HubSpot'] },
  citations: { name: 'Who gets cited', cadence: monthly, primitive: 'citations', prompts: ['how to choose a crm'], url: 'https://acme.example/guide' },
  sentiment: { name: 'How Acme sounds', cadence: monthly, primitive: 'sentiment', prompts: ['is acme crm good?'], brand: 'Acme' },
} as const;
type Primitive = keyof typeof bodies;

async function create(key: string, body: unknown) {
  return stack.api('POST', '/api/v1/trackers', { key, body });
}

describe('create', () => {
  let key: string;
  beforeAll(async () => ({ apiKey: key } = await stack.account()));

  it('stores a DRAFT with the estimate of the spec example: 3 prompts × 3 default surfaces = 39,000', async () => {
    const res = await create(key, bodies.rankings);
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`/api/v1/trackers/${res.body.tracker.id}`);
    expect(res.body.tracker).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      ...bodies.rankings,
      aliases: [],
      samplesPerPrompt: 1,
      samplingMode: 'fixed',
      alerts: { significantChange: false },
      country: null,
      status: 'DRAFT',
      brand: null,
      url: null,
      models: ['chatgpt', 'perplexity', 'gemini'],
      estimatedCostMicroPerRun: 39_000,
      maxCostMicroPerRun: null,
      nextRunAt: null,
      lastRunAt: null,
      pauseReason: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const fetched = await stack.api('GET', `/api/v1/trackers/${res.body.tracker.id}`, { key });
    expect(fetched.body).toEqual(res.body);
  });

  it.each([
    ['rankings', { brand: null, url: null }],
    ['compare', { url: null }],
    ['citations', { brand: null, competitors: [] }],
    ['sentiment', { competitors: [], url: null }],
  ] as const)('shows the fields %s does not use as null or []', async (primitive, unused) => {
    const res = await create(key, bodies[primitive]);
    expect(res.status).toBe(201);
    expect(res.body.tracker).toMatchObject(unused);
  });

  it('prices each surface at its rate', async () => {
    const res = await create(key, { ...bodies.sentiment, prompts: ['a', 'b'], models: ['claude', 'google_ai_overview'] });
    expect(res.body.tracker.estimatedCostMicroPerRun).toBe(2 * (5_000 + 6_000));
  });
});

describe('validation', () => {
  let key: string;
  beforeAll(async () => ({ apiKey: key } = await stack.account()));

  const long = (n: number) => 'x'.repeat(n);
  /** `n` characters of one code point and two UTF-16 units each: limits count characters. */
  const emoji = (n: number) => '\u{1F600}'.repeat(n);
  const prompts = (n: number) => Array.from({ length: n }, (_, i) => `prompt ${i}`);
  const valid: [string, unknown][] = [
    ['name of 1 character', { ...bodies.rankings, name: 'a' }],
    ['name of 100 characters', { ...bodies.rankings, name: long(100) }],
    ['1 prompt', { ...bodies.rankings, prompts: prompts(1) }],
    ['30 prompts', { ...bodies.rankings, prompts: prompts(30) }],
    ['a prompt of 2000 characters', { ...bodies.rankings, prompts: [long(2000)] }],
    ['a prompt of 700 characters with google_ai_overview', { ...bodies.rankings, prompts: [long(700)], models: ['google_ai_overview'] }],
    ['a prompt of 2000 emoji (4000 UTF-16 units)', { ...bodies.rankings, prompts: [emoji(2000)] }],
    ['a prompt of 700 emoji (1400 UTF-16 units) with google_ai_overview', { ...bodies.rankings, prompts: [emoji(700)], models: ['google_ai_overview'] }],
    ['weekday 0', { ...bodies.rankings, cadence: { ...weekly, weekday: 0 } }],
    ['weekday 6', { ...bodies.rankings, cadence: { ...weekly, weekday: 6 } }],
    ['monthday 1', { ...bodies.citations, cadence: { ...monthly, monthday: 1 } }],
    ['monthday 31', { ...bodies.citations, cadence: { ...monthly, monthday: 31 } }],
    ['time 00:00', { ...bodies.rankings, cadence: { ...weekly, time: '00:00' } }],
    ['citations with url null', { ...bodies.citations, url: null }],
    ['citations without url', { name: 'c', cadence: monthly, primitive: 'citations', prompts: ['p'] }],
    ['all five models', { ...bodies.rankings, models: ['chatgpt', 'claude', 'perplexity', 'gemini', 'google_ai_overview'] }],
  ];
  it.each(valid)('accepts %s', async (_name, body) => {
    const res = await create(key, body);
    expect(res.status).toBe(201);
    // Free the slot for the next case: pause, then delete.
    await stack.api('POST', `/api/v1/trackers/${res.body.tracker.id}/pause`, { key });
    expect((await stack.api('DELETE', `/api/v1/trackers/${res.body.tracker.id}`, { key })).status).toBe(204);
  });

  const invalid: [string, unknown, string][] = [
    ['an empty name', { ...bodies.rankings, name: '' }, 'name'],
    ['a blank name', { ...bodies.rankings, name: '   ' }, 'name'],
    ['a name of 101 characters', { ...bodies.rankings, name: long(101) }, 'name'],
    ['no prompts', { ...bodies.rankings, prompts: [] }, 'prompts'],
    ['31 prompts', { ...bodies.rankings, prompts: prompts(31) }, 'prompts'],
    ['a prompt of 2001 characters', { ...bodies.rankings, prompts: [long(2001)] }, 'prompts.0'],
    ['a prompt of 701 characters with google_ai_overview', { ...bodies.rankings, prompts: ['ok', long(701)], models: ['chatgpt', 'google_ai_overview'] }, 'prompts.1'],
    ['a prompt of 2001 emoji', { ...bodies.rankings, prompts: [emoji(2001)] }, 'prompts.0'],
    ['a prompt of 701 emoji with google_ai_overview', { ...bodies.rankings, prompts: ['ok', emoji(701)], models: ['chatgpt', 'google_ai_overview'] }, 'prompts.1'],
    ['duplicate prompts', { ...bodies.rankings, prompts: ['same', 'same'] }, 'prompts.1'],
    ['weekday -1', { ...bodies.rankings, cadence: { ...weekly, weekday: -1 } }, 'cadence.weekday'],
    ['weekday 7', { ...bodies.rankings, cadence: { ...weekly, weekday: 7 } }, 'cadence.weekday'],
    ['monthday 0', { ...bodies.citations, cadence: { ...monthly, monthday: 0 } }, 'cadence.monthday'],
    ['monthday 32', { ...bodies.citations, cadence: { ...monthly, monthday: 32 } }, 'cadence.monthday'],
    ['time 24:00', { ...bodies.rankings, cadence: { ...weekly, time: '24:00' } }, 'cadence.time'],
    ['time 9:00', { ...bodies.rankings, cadence: { ...weekly, time: '9:00' } }, 'cadence.time'],
    ['an unknown time zone', { ...bodies.rankings, cadence: { ...weekly, timezone: 'Mars/Olympus_Mons' } }, 'cadence.timezone'],
    ['an offset instead of a zone', { ...bodies.rankings, cadence: { ...weekly, timezone: '+02:00' } }, 'cadence.timezone'],
    ['weekly without weekday', { ...bodies.rankings, cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00' } }, 'cadence.weekday'],
    ['weekly with monthday', { ...bodies.rankings, cadence: { ...weekly, monthday: 3 } }, 'cadence.monthday'],
    ['monthly with weekday', { ...bodies.citations, cadence: { ...monthly, weekday: 3 } }, 'cadence.weekday'],
    ['fullSweep on a tracker', { ...bodies.rankings, fullSweep: true }, 'fullSweep'],
    ['an unknown model', { ...bodies.rankings, models: ['chatgpt', 'bard'] }, 'models.1'],
    ['a repeated model', { ...bodies.rankings, models: ['chatgpt', 'chatgpt'] }, 'models'],
    ['no models', { ...bodies.rankings, models: [] }, 'models'],
    ['an unknown primitive', { ...bodies.rankings, primitive: 'vibes' }, 'primitive'],
    ['competitors equal to the brand', { ...bodies.compare, competitors: ['acme'] }, 'competitors.0'],
    ['duplicate competitors', { ...bodies.rankings, competitors: ['HubSpot', 'hubspot'] }, 'competitors.1'],
    // Composed (NFC) and decomposed forms of é are the same name, and the same prompt.
    ['competitors that differ only in Unicode form', { ...bodies.rankings, competitors: ['Café', 'cafe\u0301'] }, 'competitors.1'],
    ['a competitor equal to the brand in another Unicode form', { ...bodies.compare, brand: 'Café', competitors: ['CAFE\u0301'] }, 'competitors.0'],
    ['prompts that differ only in Unicode form', { ...bodies.rankings, prompts: ['best café', 'best cafe\u0301'] }, 'prompts.1'],
    ['21 competitors', { ...bodies.rankings, competitors: Array.from({ length: 21 }, (_, i) => `c${i}`) }, 'competitors'],
    ['a non-http url', { ...bodies.citations, url: 'ftp://acme.example' }, 'url'],
    ['a relative url', { ...bodies.citations, url: '/guide' }, 'url'],
    ['compare without brand', { ...bodies.compare, brand: undefined }, 'brand'],
    ['compare with brand null', { ...bodies.compare, brand: null }, 'brand'],
    ['rankings without competitors', { ...bodies.rankings, competitors: undefined }, 'competitors'],
    ['sentiment without brand', { ...bodies.sentiment, brand: undefined }, 'brand'],
    ['id (read-only)', { ...bodies.rankings, id: '0b6f5a4e-8d2c-4a5b-9f1e-3c7d2a1b0e9f' }, 'id'],
    ['status (read-only)', { ...bodies.rankings, status: 'ACTIVE' }, 'status'],
    ['estimatedCostMicroPerRun (read-only)', { ...bodies.rankings, estimatedCostMicroPerRun: 1 }, 'estimatedCostMicroPerRun'],
    ['maxCostMicroPerRun (read-only)', { ...bodies.rankings, maxCostMicroPerRun: 1 }, 'maxCostMicroPerRun'],
    ['nextRunAt (read-only)', { ...bodies.rankings, nextRunAt: '2026-12-01T00:00:00.000Z' }, 'nextRunAt'],
    ['a body that is an array', [bodies.rankings], ''],
  ];
  // Fields a primitive does not use must be absent: present even as null or [] is an error.
  const forbidden: [Primitive, string, unknown][] = [
    ['rankings', 'brand', 'Acme'],
    ['rankings', 'brand', null],
    ['rankings', 'url', 'https://acme.example'],
    ['rankings', 'url', null],
    ['compare', 'url', 'https://acme.example'],
    ['compare', 'url', null],
    ['citations', 'brand', 'Acme'],
    ['citations', 'brand', null],
    ['citations', 'competitors', ['HubSpot']],
    ['citations', 'competitors', []],
    ['sentiment', 'competitors', ['HubSpot']],
    ['sentiment', 'competitors', []],
    ['sentiment', 'url', 'https://acme.example'],
    ['sentiment', 'url', null],
  ];
  for (const [primitive, field, value] of forbidden) invalid.push([`${field}: ${JSON.stringify(value)} on ${primitive}`, { ...bodies[primitive], [field]: value }, field]);

  it.each(invalid)('rejects %s with 400 naming the field, and creates nothing', async (_name, body, path) => {
    const res = await create(key, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.issues.map((i: { path: string }) => i.path)).toContain(path);
    const list = await stack.api('GET', '/api/v1/trackers', { key });
    expect(list.body.trackers).toHaveLength(0);
  });

  it.each([
    ['2001 characters', [long(2001)], undefined, 'This prompt must be at most 2000 characters.'],
    ['2001 emoji', [emoji(2001)], undefined, 'This prompt must be at most 2000 characters.'],
    ['701 characters with google_ai_overview', [long(701)], ['google_ai_overview'], 'This prompt must be at most 700 characters when Google AI Overviews is among the surfaces.'],
    ['701 emoji with google_ai_overview', [emoji(701)], ['google_ai_overview'], 'This prompt must be at most 700 characters when Google AI Overviews is among the surfaces.'],
  ])('refuses a prompt of %s with one issue naming the limit that applies', async (_name, prompts, models, message) => {
    const res = await create(key, { ...bodies.rankings, prompts, ...(models && { models }) });
    expect(res.status).toBe(400);
    expect(res.body.error.issues).toEqual([{ path: 'prompts.0', message }]);
  });
});

describe('lifecycle', () => {
  let key: string;
  beforeAll(async () => ({ apiKey: key } = await stack.account(1_000_000)));

  const activate = (id: string, max: unknown) => stack.api('POST', `/api/v1/trackers/${id}/activate`, { key, body: { maxCostMicroPerRun: max } });

  it('activates at the current estimate: ACTIVE, maximum stored, nextRunAt set, balance and runsDryAt', async () => {
    const { body } = await create(key, bodies.rankings);
    const before = Date.now();
    const res = await activate(body.tracker.id, 39_000);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ balanceMicro: 1_000_000, costMicroPerRun: 39_000, tracker: { status: 'ACTIVE', maxCostMicroPerRun: 39_000, pauseReason: null } });
    const next = Date.parse(res.body.tracker.nextRunAt);
    expect(next).toBeGreaterThan(before);
    expect(next - before).toBeLessThanOrEqual(7 * 24 * 3600_000 + 3600_000);
    // Monday 09:00 in Berlin.
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(next)).toBe('Mon 09:00');
    // 1,000,000 covers 25 runs of 39,000; the 26th is the first not covered.
    expect(res.body.runsDryAt).not.toBeNull();
    const weeks = Math.round((Date.parse(res.body.runsDryAt) - next) / (7 * 24 * 3600_000));
    expect(weeks).toBe(25);
  });

  it('answers 409 cost_estimate_changed with the new amount, then accepts that amount', async () => {
    const { body } = await create(key, bodies.compare);
    const wrong = await activate(body.tracker.id, 12_345);
    expect(wrong.status).toBe(409);
    expect(wrong.body.error).toMatchObject({ code: 'cost_estimate_changed', estimatedCostMicroPerRun: 13_000 });
    expect((await stack.api('GET', `/api/v1/trackers/${body.tracker.id}`, { key })).body.tracker.status).toBe('DRAFT');
    const right = await activate(body.tracker.id, wrong.body.error.estimatedCostMicroPerRun);
    expect(right.status).toBe(200);
  });

  it('re-prices at activation after the rate card changed: 409 with the new amount, stored, then 200 with it', async () => {
    const { body } = await create(key, bodies.rankings);
    const { rates } = (await stack.admin('GET', '/admin/v1/rates')).body;
    await stack.admin('PUT', '/admin/v1/rates', { surfaces: { ...rates.surfaces, perplexity: rates.surfaces.perplexity + 1_000 }, workflowSteps: rates.workflowSteps });
    try {
      const stale = await activate(body.tracker.id, 39_000);
      expect(stale.status).toBe(409);
      expect(stale.body.error).toMatchObject({ code: 'cost_estimate_changed', estimatedCostMicroPerRun: 42_000 });
      expect((await stack.api('GET', `/api/v1/trackers/${body.tracker.id}`, { key })).body.tracker).toMatchObject({ status: 'DRAFT', estimatedCostMicroPerRun: 42_000 });
      const fresh = await activate(body.tracker.id, 42_000);
      expect(fresh.status).toBe(200);
      expect(fresh.body).toMatchObject({ costMicroPerRun: 42_000, tracker: { status: 'ACTIVE', maxCostMicroPerRun: 42_000 } });
    } finally {
      await stack.admin('PUT', '/admin/v1/rates', { surfaces: rates.surfaces, workflowSteps: rates.workflowSteps });
    }
  });

  it('answers 402 insufficient_credits when the balance cannot cover one run, and stays DRAFT', async () => {
    const poor = await stack.account(38_999);
    const { body } = await create(poor.apiKey, bodies.rankings);
    const res = await stack.api('POST', `/api/v1/trackers/${body.tracker.id}/activate`, { key: poor.apiKey, body: { maxCostMicroPerRun: 39_000 } });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: 'insufficient_credits', balanceMicro: 38_999, requiredMicro: 39_000 });
    expect((await stack.api('GET', `/api/v1/trackers/${body.tracker.id}`, { key: poor.apiKey })).body.tracker).toMatchObject({ status: 'DRAFT', maxCostMicroPerRun: null, nextRunAt: null });
  });

  it('answers 402 spend_limit_reached when one run would pass the monthly limit', async () => {
    const res = await stack.admin('POST', '/admin/v1/accounts', { email: `limited-${Date.now()}@example.com`, creditsMicro: 1_000_000, spendLimitMicroPerMonth: 10_000 });
    const limitedKey = res.body.apiKey as string;
    const { body } = await create(limitedKey, bodies.rankings);
    const act = await stack.api('POST', `/api/v1/trackers/${body.tracker.id}/activate`, { key: limitedKey, body: { maxCostMicroPerRun: 39_000 } });
    expect(act.status).toBe(402);
    expect(act.body.error).toMatchObject({ code: 'spend_limit_reached', spendLimitMicro: 10_000, spentMicro: 0 });
  });

  it('treats a repeated activation with the same amount as a safe retry, and refuses another amount', async () => {
    const { body } = await create(key, bodies.sentiment);
    const first = await activate(body.tracker.id, 13_000);
    const again = await activate(body.tracker.id, 13_000);
    expect(again.status).toBe(200);
    expect(again.body.tracker).toEqual(first.body.tracker);
    const other = await activate(body.tracker.id, 14_000);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('invalid_state');
  });

  it('lets concurrent activations all succeed with one activation', async () => {
    const { body } = await create(key, bodies.citations);
    const results = await Promise.all(Array.from({ length: 8 }, () => activate(body.tracker.id, 13_000)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.body.tracker.updatedAt)).size).toBe(1);
  });

  it('returns an updated ACTIVE tracker to DRAFT with the authorization cleared', async () => {
    const { body } = await create(key, bodies.compare);
    await activate(body.tracker.id, 13_000);
    const update = { ...bodies.compare, name: 'Renamed', prompts: ['a', 'b'], models: ['claude'] };
    const res = await stack.api('PATCH', `/api/v1/trackers/${body.tracker.id}`, { key, body: update });
    expect(res.status).toBe(200);
    expect(res.body.tracker).toMatchObject({ ...update, status: 'DRAFT', maxCostMicroPerRun: null, nextRunAt: null, pauseReason: null, estimatedCostMicroPerRun: 10_000, createdAt: body.tracker.createdAt });
  });

  it('requires every field in a full update', async () => {
    const { body } = await create(key, bodies.citations);
    const missingModels = await stack.api('PATCH', `/api/v1/trackers/${body.tracker.id}`, { key, body: bodies.citations });
    expect(missingModels.status).toBe(400);
    expect(missingModels.body.error.issues.map((i: { path: string }) => i.path)).toContain('models');
    const { url: _url, ...withoutUrl } = bodies.citations;
    const missingUrl = await stack.api('PATCH', `/api/v1/trackers/${body.tracker.id}`, { key, body: { ...withoutUrl, models: ['chatgpt'] } });
    expect(missingUrl.status).toBe(400);
    expect(missingUrl.body.error.issues.map((i: { path: string }) => i.path)).toContain('url');
    const unchanged = await stack.api('GET', `/api/v1/trackers/${body.tracker.id}`, { key });
    expect(unchanged.body).toEqual(body);
  });

  it('pauses from ACTIVE and DRAFT, answers PAUSED unchanged, and resumes by activation', async () => {
    const active = (await create(key, bodies.rankings)).body.tracker;
    await activate(active.id, 39_000);
    const paused = await stack.api('POST', `/api/v1/trackers/${active.id}/pause`, { key });
    expect(paused.status).toBe(200);
    expect(paused.body.tracker).toMatchObject({ status: 'PAUSED', pauseReason: null, nextRunAt: null });
    const again = await stack.api('POST', `/api/v1/trackers/${active.id}/pause`, { key });
    expect(again.body).toEqual(paused.body);
    const resumed = await activate(active.id, 39_000);
    expect(resumed.body.tracker).toMatchObject({ status: 'ACTIVE', pauseReason: null, maxCostMicroPerRun: 39_000 });
    expect(resumed.body.tracker.nextRunAt).not.toBeNull();

    const draft = (await create(key, bodies.sentiment)).body.tracker;
    expect((await stack.api('POST', `/api/v1/trackers/${draft.id}/pause`, { key })).body.tracker.status).toBe('PAUSED');
  });

  it('deletes only a PAUSED tracker', async () => {
    const t = (await create(key, bodies.rankings)).body.tracker;
    const draft = await stack.api('DELETE', `/api/v1/trackers/${t.id}`, { key });
    expect(draft.status).toBe(409);
    expect(draft.body.error).toMatchObject({ code: 'tracker_not_paused', status: 'DRAFT' });
    await activate(t.id, 39_000);
    expect((await stack.api('DELETE', `/api/v1/trackers/${t.id}`, { key })).body.error.code).toBe('tracker_not_paused');
    await stack.api('POST', `/api/v1/trackers/${t.id}/pause`, { key });
    const gone = await stack.api('DELETE', `/api/v1/trackers/${t.id}`, { key });
    expect(gone.status).toBe(204);
    expect(gone.body).toBeUndefined();
    expect((await stack.api('GET', `/api/v1/trackers/${t.id}`, { key })).status).toBe(404);
    expect((await stack.api('DELETE', `/api/v1/trackers/${t.id}`, { key })).status).toBe(404);
  });
});

describe('limits and listing', () => {
  it('lets exactly 25 of 26 concurrent creates succeed', async () => {
    const { apiKey } = await stack.account();
    const results = await Promise.all(Array.from({ length: 26 }, (_, i) => create(apiKey, { ...bodies.rankings, name: `t${i}` })));
    // Every status, so a failure shows what the others got.
    expect(results.map((r) => r.status).sort()).toEqual([...Array(25).fill(201), 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body.error.code).toBe('tracker_limit_reached');
    // Deleting one frees a slot.
    const list = await stack.api('GET', '/api/v1/trackers?limit=100', { key: apiKey });
    expect(list.body.trackers).toHaveLength(25);
    const victim = list.body.trackers[0].id;
    await stack.api('POST', `/api/v1/trackers/${victim}/pause`, { key: apiKey });
    await stack.api('DELETE', `/api/v1/trackers/${victim}`, { key: apiKey });
    expect((await create(apiKey, bodies.rankings)).status).toBe(201);
    expect((await create(apiKey, bodies.rankings)).status).toBe(409);
  });

  it('lists newest first, page by page, filtered by status', async () => {
    const { apiKey } = await stack.account();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create(apiKey, { ...bodies.rankings, name: `n${i}` })).body.tracker.id);
    await stack.api('POST', `/api/v1/trackers/${ids[1]}/pause`, { key: apiKey });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { trackers: { id: string }[]; nextCursor: string | null } } = await stack.api('GET', `/api/v1/trackers?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { key: apiKey });
      expect(page.body.trackers.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.trackers.map((t) => t.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    const paused = await stack.api('GET', '/api/v1/trackers?status=PAUSED', { key: apiKey });
    expect(paused.body).toEqual({ trackers: [expect.objectContaining({ id: ids[1], status: 'PAUSED' })], nextCursor: null });
  });

  it('lists trackers at their size limits page by page, a page holding fewer than `limit` when its trackers would not fit one message', async () => {
    const { apiKey } = await stack.account();
    // 30 prompts of 2,000 emoji: about 240 KB of JSON each, so five are past NATS's 1 MiB.
    const prompts = (t: number) => Array.from({ length: 30 }, (_, i) => `${t}.${i} ${'😀'.repeat(1_990)}`);
    const ids: string[] = [];
    for (let t = 0; t < 5; t++) {
      const res = await create(apiKey, { ...bodies.rankings, name: `big ${t}`, prompts: prompts(t), models: ['chatgpt'] });
      expect(res.status).toBe(201);
      ids.push(res.body.tracker.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { trackers: { id: string }[]; nextCursor: string | null } } = await stack.api('GET', `/api/v1/trackers${cursor ? `?cursor=${cursor}` : ''}`, { key: apiKey });
      expect(page.status).toBe(200);
      expect(page.body.trackers.length).toBeGreaterThan(0);
      seen.push(...page.body.trackers.map((t) => t.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });

  // `limit` is decimal digits only: what Number() would also read (hex, exponents, spaces, signs) is refused.
  it.each(['limit=0', 'limit=101', 'limit=abc', 'limit=0x10', 'limit=1e1', 'limit=%205', 'limit=%2B5', 'limit=1.5', 'limit=', 'status=RUNNING', 'cursor=garbage', 'colour=blue'])(
    'rejects the query %s with 400',
    async (q) => {
      const { apiKey } = await stack.account();
      const res = await stack.api('GET', `/api/v1/trackers?${q}`, { key: apiKey });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.issues).toEqual([expect.objectContaining({ path: q.split('=')[0] })]);
    },
  );

  it('reads a limit with leading zeros as decimal (007 is 7)', async () => {
    const { apiKey } = await stack.account();
    for (let i = 0; i < 3; i++) expect((await create(apiKey, { ...bodies.rankings, name: `t${i}` })).status).toBe(201);
    const res = await stack.api('GET', '/api/v1/trackers?limit=002', { key: apiKey });
    expect(res.status).toBe(200);
    expect(res.body.trackers).toHaveLength(2);
    expect(res.body.nextCursor).toEqual(expect.any(String));
  });
});

describe('closed accounts', () => {
  it('may read but not change anything: 403 account_closed, and nothing changes', async () => {
    const { apiKey, accountId } = await stack.account();
    const t = (await create(apiKey, bodies.rankings)).body.tracker;
    await stack.admin('POST', `/admin/v1/accounts/${accountId}/close`);
    for (const [method, path, body] of [
      ['POST', '/api/v1/trackers', bodies.compare],
      ['PATCH', `/api/v1/trackers/${t.id}`, { ...bodies.rankings, models: ['chatgpt'] }],
      ['POST', `/api/v1/trackers/${t.id}/activate`, { maxCostMicroPerRun: 39_000 }],
      ['POST', `/api/v1/trackers/${t.id}/pause`, undefined],
      ['DELETE', `/api/v1/trackers/${t.id}`, undefined],
    ] as const) {
      const res = await stack.api(method, path, { key: apiKey, body });
      expect([method, path, res.status, res.body.error.code]).toEqual([method, path, 403, 'account_closed']);
    }
    const list = await stack.api('GET', '/api/v1/trackers', { key: apiKey });
    expect(list.status).toBe(200);
    expect(list.body.trackers).toEqual([t]);
  });
});

describe('accounts are isolated', () => {
  it("answers every id-taking endpoint for another account's tracker exactly like an unknown id", async () => {
    const owner = await stack.account();
    const other = await stack.account();
    const t = (await create(owner.apiKey, bodies.compare)).body.tracker;
    const unknown = '3f1c7d34-4cda-4c1c-9d4b-6a4c1f0e2b11';
    const calls: [string, string, unknown][] = [
      ['GET', '', undefined],
      ['PATCH', '', { ...bodies.compare, models: ['chatgpt'] }],
      ['POST', '/activate', { maxCostMicroPerRun: 13_000 }],
      ['POST', '/pause', undefined],
      ['DELETE', '', undefined],
    ];
    for (const [method, suffix, body] of calls) {
      const theirs = await stack.api(method, `/api/v1/trackers/${t.id}${suffix}`, { key: other.apiKey, body });
      const none = await stack.api(method, `/api/v1/trackers/${unknown}${suffix}`, { key: other.apiKey, body });
      expect([method + suffix, theirs.status]).toEqual([method + suffix, 404]);
      expect(JSON.stringify(theirs.body)).toBe(JSON.stringify(none.body));
    }
    // Nothing the other account sent changed the tracker.
    expect((await stack.api('GET', `/api/v1/trackers/${t.id}`, { key: owner.apiKey })).body.tracker).toEqual(t);
    expect((await stack.api('GET', '/api/v1/trackers', { key: other.apiKey })).body.trackers).toEqual([]);
  });
});
