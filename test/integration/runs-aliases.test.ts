import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { startStack, type TestStack } from '../support/stack';

// No provider keys: every surface is the simulation. Its fixed answers (not drawn per run) to the
// VPN prompt name Proton VPN on every surface, which the tests below need to find.
let stack: TestStack;
beforeAll(async () => {
  stack = await startStack([billingService, trackerService, runnerService, gatewayService], { SIMULATED_VARIATION: 'fixed' });
});
afterAll(() => stack.stop());

const cadence = { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 };
const prompts = ['Is Proton VPN better than NordVPN?'];

interface Answer {
  text: string;
  metrics: { brands: { name: string; mentioned: boolean; position: number | null; spans: { start: number; end: number }[] }[] };
}

async function finishedRun(apiKey: string, body: object): Promise<{ trackerId: string; answers: Answer[] }> {
  const created = await stack.api('POST', '/api/v1/trackers', { key: apiKey, body });
  expect(created.status).toBe(201);
  const t = created.body.tracker;
  expect((await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } })).status).toBe(200);
  const queued = await stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key: apiKey, body: { requestToken: 'aliases' } });
  expect(queued.status).toBe(202);
  const run = await eventually(
    async () => (await stack.api('GET', `/api/v1/trackers/${t.id}/runs/${queued.body.run.id}`, { key: apiKey })).body.run,
    (r) => !['QUEUED', 'RUNNING'].includes(r.status),
  );
  expect(run.status).toBe('COMPLETED');
  return { trackerId: t.id, answers: run.results.flatMap((r: { answers: Answer[] }) => r.answers) };
}

it('counts an alias as its name, with spans that slice the stored answer to what was counted, in runs and the report', async () => {
  const { apiKey } = await stack.account();
  // Names a document store or a JSON object would mangle as keys; aliases are a list, so they are values.
  const aliases = [
    { name: '__proto__', aliases: ['Proton VPN'] },
    { name: '$x', aliases: ['NordVPN', 'Nord'] },
    { name: 'monday.com', aliases: ['x.$set'] },
  ];
  const body = { name: 'VPN aliases', cadence, primitive: 'rankings', prompts, competitors: ['monday.com', '$x', '__proto__'], aliases };
  const { trackerId, answers } = await finishedRun(apiKey, body);

  const proto = answers.map((a) => ({ text: a.text, brand: a.metrics.brands.find((b) => b.name === '__proto__')! }));
  expect(proto.some((p) => p.brand.mentioned)).toBe(true);
  for (const { text, brand } of proto) {
    expect(brand.mentioned).toBe(brand.spans.length > 0);
    for (const span of brand.spans) expect(text.slice(span.start, span.end)).toBe('Proton VPN');
  }
  for (const a of answers) {
    const nord = a.metrics.brands.find((b) => b.name === '$x')!;
    for (const span of nord.spans) expect(a.text.slice(span.start, span.end)).toBe('NordVPN');
  }

  const report = await stack.api('GET', `/api/v1/trackers/${trackerId}/report`, { key: apiKey });
  expect(report.status).toBe(200);
  expect(report.body.tracker.aliases).toEqual(aliases);
  const metrics = report.body.runs[0].metrics;
  expect(metrics.brands.find((b: { name: string }) => b.name === '__proto__').mentions).toBe(proto.filter((p) => p.brand.mentioned).length);
  expect(report.body.runs[0].results.flatMap((r: { answers: Answer[] }) => r.answers)).toEqual(answers);
});

it('keeps sentiment on the brand through its aliases', async () => {
  const { apiKey } = await stack.account();
  const body = { name: 'Sentiment alias', cadence, primitive: 'sentiment', prompts, brand: 'Swiss VPN', aliases: [{ name: 'Swiss VPN', aliases: ['Proton VPN'] }] };
  const { answers } = await finishedRun(apiKey, body);
  const mentioned = answers.filter((a) => a.metrics.brands[0]!.mentioned);
  expect(mentioned.length).toBeGreaterThan(0);
  for (const a of mentioned) expect(a.metrics.brands[0]!.spans.map((s) => a.text.slice(s.start, s.end))).toContain('Proton VPN');
});

describe('alias validation: 400 validation_error naming the path', () => {
  const base = { name: 'Aliases', cadence, primitive: 'compare', prompts, brand: 'Acme', competitors: ['Beta'] };
  it.each([
    ['an unknown name', { aliases: [{ name: 'Gamma', aliases: ['G'] }] }, 'aliases.0.name'],
    ['a name given twice', { aliases: [{ name: 'Acme', aliases: ['A'] }, { name: 'Acme', aliases: ['AC'] }] }, 'aliases.1.name'],
    ['more than 5 aliases', { aliases: [{ name: 'Acme', aliases: ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'] }] }, 'aliases.0.aliases'],
    ['no alias', { aliases: [{ name: 'Acme', aliases: [] }] }, 'aliases.0.aliases'],
    ['an alias over 100 characters', { aliases: [{ name: 'Acme', aliases: ['a'.repeat(101)] }] }, 'aliases.0.aliases.0'],
    ['an alias equal to a tracked name', { aliases: [{ name: 'Acme', aliases: ['beta'] }] }, 'aliases.0.aliases.0'],
    ['one alias for two names', { aliases: [{ name: 'Acme', aliases: ['Same'] }, { name: 'Beta', aliases: ['same'] }] }, 'aliases.1.aliases.0'],
    // Names compare in composed form (NFC): é is one code point or e + U+0301, the same name.
    ['an alias equal to a tracked name in another Unicode form', { competitors: ['Café'], aliases: [{ name: 'Acme', aliases: ['CAFE\u0301'] }] }, 'aliases.0.aliases.0'],
    ['one alias for two names in two Unicode forms', { aliases: [{ name: 'Acme', aliases: ['Crème'] }, { name: 'Beta', aliases: ['cre\u0300me'] }] }, 'aliases.1.aliases.0'],
    ['an unknown field', { aliases: [{ name: 'Acme', aliases: ['A'], weight: 2 }] }, 'aliases.0.weight'],
    ['the object shape keyed by name', { aliases: { Acme: ['A'] } }, 'aliases'],
  ])('%s', async (_case, extra, path) => {
    const { apiKey } = await stack.account();
    const res = await stack.api('POST', '/api/v1/trackers', { key: apiKey, body: { ...base, ...extra } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_error', issues: expect.arrayContaining([expect.objectContaining({ path })]) });
  });

  it('are not for citations trackers', async () => {
    const { apiKey } = await stack.account();
    const body = { name: 'Citations', cadence, primitive: 'citations', prompts, aliases: [] };
    const res = await stack.api('POST', '/api/v1/trackers', { key: apiKey, body });
    expect(res.status).toBe(400);
    expect(res.body.error.issues).toEqual([expect.objectContaining({ path: 'aliases' })]);
  });

  it('a full update without aliases leaves none', async () => {
    const { apiKey } = await stack.account();
    const created = await stack.api('POST', '/api/v1/trackers', { key: apiKey, body: { ...base, aliases: [{ name: 'Beta', aliases: ['Beta Inc'] }] } });
    expect(created.body.tracker.aliases).toEqual([{ name: 'Beta', aliases: ['Beta Inc'] }]);
    const updated = await stack.api('PATCH', `/api/v1/trackers/${created.body.tracker.id}`, { key: apiKey, body: { ...base, models: ['chatgpt'] } });
    expect(updated.status).toBe(200);
    expect(updated.body.tracker.aliases).toEqual([]);
  });
});
