// A tracker's market (`country`, api-contract §12) through the API, with every surface simulated.
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { startStack, type TestStack } from '../support/stack';
import { finishedRun } from '../support/tracker-runs';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack([billingService, trackerService, runnerService, gatewayService]);
});
afterAll(() => stack.stop());

const cadence = { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 };
const compare = { name: 'Acme vs HubSpot', cadence, primitive: 'compare', prompts: ['acme or hubspot?'], models: ['chatgpt', 'perplexity', 'gemini'], brand: 'Acme', competitors: ['HubSpot'] };
const ALL_SURFACES = ['chatgpt', 'claude', 'perplexity', 'gemini', 'google_ai_overview'];
/** The surfaces whose real API takes a market, as the simulation stands for them: all but gemini. */
const LOCALISED_WITH_A_COUNTRY = { chatgpt: true, claude: true, perplexity: true, gemini: false, google_ai_overview: true };

type Run = { id: string; status: string; delta: { previousRunId: string } | null; results: { answers: { model: string; status: string; localised: boolean }[] }[] };

const create = (key: string, body: unknown) => stack.api('POST', '/api/v1/trackers', { key, body });
const replace = (key: string, id: string, body: unknown) => stack.api('PATCH', `/api/v1/trackers/${id}`, { key, body });
const get = async (key: string, id: string) => (await stack.api('GET', `/api/v1/trackers/${id}`, { key })).body.tracker;

async function activate(key: string, id: string): Promise<void> {
  const tracker = await get(key, id);
  const res = await stack.api('POST', `/api/v1/trackers/${id}/activate`, { key, body: { maxCostMicroPerRun: tracker.estimatedCostMicroPerRun } });
  expect(res.status).toBe(200);
}

/** Whether each surface's answers were localised: one value per surface, or the answers disagree. */
function localisedBySurface(run: Run): Record<string, boolean> {
  const answers = run.results.flatMap((r) => r.answers);
  const bySurface = Object.fromEntries(ALL_SURFACES.map((s) => [s, [...new Set(answers.filter((a) => a.model === s).map((a) => a.localised))]]));
  for (const [surface, values] of Object.entries(bySurface)) expect([surface, values.length]).toEqual([surface, 1]);
  return Object.fromEntries(Object.entries(bySurface).map(([s, values]) => [s, values[0]!]));
}

describe('the country of a tracker', () => {
  it('is taken in any case and shown lower-case, null when absent', async () => {
    const { apiKey: key } = await stack.account();
    const created = await create(key, { ...compare, country: 'DE' });
    expect(created.status).toBe(201);
    expect(created.body.tracker.country).toBe('de');
    expect((await get(key, created.body.tracker.id)).country).toBe('de');
    expect((await stack.api('GET', '/api/v1/trackers', { key })).body.trackers.map((t: { country: string | null }) => t.country)).toEqual(['de']);

    const without = await create(key, compare);
    expect(without.body.tracker.country).toBeNull();
    expect((await create(key, { ...compare, country: null })).body.tracker.country).toBeNull();
  });

  it('is part of the full replace: a PATCH sets it, and one without it sets it to null', async () => {
    const { apiKey: key } = await stack.account();
    const { id } = (await create(key, { ...compare, country: 'de' })).body.tracker;
    const changed = await replace(key, id, { ...compare, country: 'Fr' });
    expect(changed.status).toBe(200);
    expect(changed.body.tracker.country).toBe('fr');
    const cleared = await replace(key, id, compare);
    expect(cleared.status).toBe(200);
    expect(cleared.body.tracker.country).toBeNull();
    expect((await get(key, id)).country).toBeNull();
    expect((await replace(key, id, { ...compare, country: 'jp' })).body.tracker.country).toBe('jp');
    expect((await replace(key, id, { ...compare, country: null })).body.tracker.country).toBeNull();
  });

  it.each(['uk', 'UK'])('refuses %j with 400 saying that the United Kingdom is gb, on create and on PATCH', async (country) => {
    const { apiKey: key } = await stack.account();
    const refused = await create(key, { ...compare, country });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'validation_error', issues: [{ path: 'country', message: `Country "${country}" is not an ISO 3166-1 code; the United Kingdom is \`gb\`.` }] });
    const tracker = (await create(key, { ...compare, country: 'gb' })).body.tracker;
    expect(tracker.country).toBe('gb');
    const patched = await replace(key, tracker.id, { ...compare, country });
    expect(patched.status).toBe(400);
    expect(patched.body.error.issues).toEqual([{ path: 'country', message: `Country "${country}" is not an ISO 3166-1 code; the United Kingdom is \`gb\`.` }]);
    expect(await get(key, tracker.id)).toEqual(tracker);
  });

  const NOT_TWO_LETTERS = 'Country must be a two-letter ISO 3166-1 code, such as de or us.';
  const unassigned = (code: string) => `Country "${code}" is not an assigned ISO 3166-1 code.`;
  it.each([
    ['a code of no country', 'xx', unassigned('xx')],
    ['a reserved code', 'EU', unassigned('EU')],
    ['a dollar name', '$x', NOT_TWO_LETTERS],
    ['__proto__', '__proto__', NOT_TWO_LETTERS],
    ['constructor', 'constructor', NOT_TWO_LETTERS],
    ['a flag emoji', '\u{1F1E9}\u{1F1EA}', NOT_TWO_LETTERS],
    ['an emoji', '\u{1F600}', NOT_TWO_LETTERS],
    ['200 characters', 'd'.repeat(200), NOT_TWO_LETTERS],
    ['one letter', 'd', NOT_TWO_LETTERS],
    ['a padded code', ' de', NOT_TWO_LETTERS],
    ['an empty string', '', NOT_TWO_LETTERS],
    ['a number', 276, 'Country must be text.'],
    ['true', true, 'Country must be text.'],
    ['an object', { $ne: null }, 'Country must be text.'],
    ['an array', ['de'], 'Country must be text.'],
  ])('refuses %s with 400 and one issue at country, and changes nothing', async (_name, country, message) => {
    const { apiKey: key } = await stack.account();
    const created = await create(key, { ...compare, country });
    expect(created.status).toBe(400);
    expect(created.body.error).toMatchObject({ code: 'validation_error', issues: [{ path: 'country', message }] });
    expect(created.body.error.issues).toHaveLength(1);
    const tracker = (await create(key, { ...compare, country: 'de' })).body.tracker;
    const patched = await replace(key, tracker.id, { ...compare, country });
    expect(patched.status).toBe(400);
    expect(patched.body.error.issues).toEqual([{ path: 'country', message }]);
    expect(await get(key, tracker.id)).toEqual(tracker);
    expect((await stack.api('GET', '/api/v1/trackers', { key })).body.trackers).toHaveLength(1);
  });
});

describe('a run of a tracker with a country', () => {
  it('is localised exactly on the surfaces that honour a country; without one, on none', async () => {
    const { apiKey: key } = await stack.account();
    const localised = (await create(key, { ...compare, models: ALL_SURFACES, country: 'DE' })).body.tracker;
    const plain = (await create(key, { ...compare, name: 'No market', models: ALL_SURFACES })).body.tracker;
    for (const t of [localised, plain]) await activate(key, t.id);

    const inGermany = await finishedRun<Run>(stack, key, localised.id, 'de-1');
    expect(inGermany.status).toBe('COMPLETED');
    expect(localisedBySurface(inGermany)).toEqual(LOCALISED_WITH_A_COUNTRY);
    const nowhere = await finishedRun<Run>(stack, key, plain.id, 'none-1');
    expect(nowhere.status).toBe('COMPLETED');
    expect(localisedBySurface(nowhere)).toEqual(Object.fromEntries(ALL_SURFACES.map((s) => [s, false])));
  });

  it('starts a new series when the country changes: no delta crosses it, and the next run of the market compares with the first', async () => {
    const { apiKey: key } = await stack.account();
    const { id } = (await create(key, { ...compare, models: ['chatgpt', 'gemini'] })).body.tracker;
    await activate(key, id);
    const before = await finishedRun<Run>(stack, key, id, 'before');
    expect(before.delta).toBeNull();
    expect((await finishedRun<Run>(stack, key, id, 'before-2')).delta).toMatchObject({ previousRunId: before.id });

    expect((await replace(key, id, { ...compare, models: ['chatgpt', 'gemini'], country: 'fr' })).status).toBe(200);
    await activate(key, id);
    const first = await finishedRun<Run>(stack, key, id, 'fr-1');
    expect(first.status).toBe('COMPLETED');
    expect(first.delta).toBeNull();
    expect((await finishedRun<Run>(stack, key, id, 'fr-2')).delta).toMatchObject({ previousRunId: first.id });
  });
});
