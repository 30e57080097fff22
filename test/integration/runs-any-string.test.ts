import fc from 'fast-check';
import { LIMITS, MAX_URL_CHARS, SURFACES } from '@brandradar/contracts';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { startStack, type TestStack } from '../support/stack';

/**
 * Issue 12: arbitrary valid user strings (tracker name, brand, competitors, prompts, url,
 * requestToken) go create → activate → manual run → report, and every one comes back exactly as
 * sent. Strings are compared with `===` on well-formed UTF-16, which is the same as comparing their
 * UTF-8 bytes on the wire. No provider keys: every surface is the deterministic simulation, which
 * always answers, so every run ends COMPLETED.
 *
 * A failure prints fast-check's seed and path; rerun it with PROPERTY_SEED=<seed>.
 */
const SEED = Number(process.env.PROPERTY_SEED ?? 12_2026);
const NUM_RUNS = 20;

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack([billingService, trackerService, runnerService, gatewayService]);
});
afterAll(() => stack.stop());

const cadence = { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 };
/**
 * How the API counts characters: every limit (names, prompts, the google_ai_overview prompt rule,
 * url) counts code points, so a name may be 100 emoji (200 UTF-16 units).
 */
const codePoints = (s: string) => [...s].length;
const MAX_NAME = 100;

/** Strings a document store, a JSON object, a path syntax or a query language could mangle. */
const HOSTILE = fc.constantFrom(
  'monday.com', 'a.b.c', '$HOOD', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
  'x.$set', '$where', '{"$gt":""}', '.', '..', '$', 'null', 'undefined', 'NaN', '-0', 'true', '\\', '"', "'",
  '%s%n', '../../etc/passwd', "'; DROP TABLE trackers;--", '<script>alert(1)</script>', 'a\u0001b',
);
/** JavaScript's whitespace (which `trim` removes) and look-alikes it keeps (zero-width space, joiners, Mongolian vowel separator). */
const WHITESPACE = fc.constantFrom(' ', '  ', '\t', '\n', '\r\n', '\v', '\f', '\u00A0', '\u1680', '\u2003', '\u2028', '\u2029', '\u202F', '\u3000', '\uFEFF', '\u200B', '\u200D', '\u180E');
const RIGHT_TO_LEFT = fc.constantFrom('\u05E9\u05DC\u05D5\u05DD', '\u0645\u0631\u062D\u0628\u0627', '\u202Eevil\u202C', '\u200F', '\u200E', '\u05E2\u05D1\u05E8\u05D9\u05EA 123', '\u0627\u0644\u0639\u0631\u0628\u064A\u0629.com');
const COMBINING = fc.oneof(fc.integer({ min: 0x300, max: 0x36f }).map((cp) => String.fromCodePoint(cp)), fc.constantFrom('e\u0301', 'Z\u0351\u036B\u0343\u036A\u0302\u036B\u033D\u034F\u0334\u0319', '\u0915\u094D\u0937'));
const EMOJI = fc.constantFrom('\u{1F680}', '\u{1F469}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}', '\u{1F1FA}\u{1F1F8}', '\u{1F44D}\u{1F3FD}', '1\uFE0F\u20E3', '\u{1F3F3}\uFE0F\u200D\u{1F308}');
/** One piece of a generated string; a string is a few pieces joined. */
const PIECE = fc.oneof(
  HOSTILE,
  WHITESPACE,
  RIGHT_TO_LEFT,
  COMBINING,
  EMOJI,
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
  fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 3 }),
  // Any code point but NUL (refused, below): controls, noncharacters, astral.
  fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }).filter((s) => !s.includes('\u0000')),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 }),
);

const notBlank = (s: string) => s.trim().length > 0;

/** `s` repeated and cut (between code points) to exactly `max` as `count` measures it, padded with dots. */
function filled(s: string, max: number, count: (s: string) => number): string {
  let out = '';
  let n = 0;
  for (const cp of s.repeat(Math.ceil(max / s.length))) {
    if (n + count(cp) > max) break;
    out += cp;
    n += count(cp);
  }
  return out + '.'.repeat(max - n);
}

/** A valid string of at most `max` as `count` measures it, not blank; sometimes exactly `max` long. */
function validText(max: number, count: (s: string) => number = codePoints) {
  const joined = fc.array(PIECE, { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join(''));
  return fc.oneof({ weight: 4, arbitrary: joined.filter((s) => count(s) <= max && notBlank(s)) }, { weight: 1, arbitrary: joined.filter(notBlank).map((s) => filled(s, max, count)) });
}

/** Names unique as the contract compares them: composed (NFC), trimmed, lower-cased. */
const names = (min: number, max: number) => fc.uniqueArray(validText(MAX_NAME), { minLength: min, maxLength: max, selector: (s) => s.normalize('NFC').trim().toLowerCase() });

/**
 * Absolute http(s) URLs, as the contract asks: after a valid scheme and host, the URL standard
 * takes any path, query and fragment (it percent-encodes what it must, never refuses).
 */
const URL_ARB = fc
  .record({
    scheme: fc.constantFrom('https', 'http', 'HTTPS'),
    host: fc.constantFrom('monday.com', 'a.b.c', '$hood.example', '__proto__.example', 'b\u00FCcher.example', '\u4F8B\u3048.\u30C6\u30B9\u30C8', 'EXAMPLE.com:8080', '127.0.0.1', '[::1]'),
    path: validText(200),
    query: validText(200),
    fragment: validText(200),
  })
  .chain(({ scheme, host, path, query, fragment }) => {
    const url = `${scheme}://${host}/${path}?q=${query}#${fragment}`;
    return fc.constantFrom(url, filled(url, MAX_URL_CHARS, codePoints));
  })
  .filter((url) => codePoints(url) <= MAX_URL_CHARS);

const definition = fc.oneof(
  fc.record({ primitive: fc.constant('rankings'), competitors: names(1, LIMITS.competitors) }),
  names(2, LIMITS.competitors + 1).map(([brand, ...competitors]) => ({ primitive: 'compare', brand, competitors })),
  fc.record({ primitive: fc.constant('sentiment'), brand: validText(MAX_NAME) }),
  fc.record({ primitive: fc.constant('citations'), url: fc.option(URL_ARB) }, { requiredKeys: ['primitive'] }),
);
const trackerBody = fc
  .record({
    name: validText(MAX_NAME),
    // Short enough for every surface: google_ai_overview takes 700 characters.
    prompts: fc.uniqueArray(validText(LIMITS.promptLengthGoogleAiOverview), { minLength: 1, maxLength: 3, selector: (s) => s.normalize('NFC').trim() }),
    models: fc.subarray([...SURFACES], { minLength: 1 }),
    definition,
  })
  .map(({ definition, ...rest }) => ({ ...rest, cadence, ...definition }));

type TrackerBody = { name: string; prompts: string[]; models: string[]; primitive: string; brand?: string; competitors?: string[]; url?: string | null };

/** The names each answer's and the run's metrics list, in order: the brand (if any), then the competitors. */
const trackedNames = (b: TrackerBody) => [...(b.brand === undefined ? [] : [b.brand]), ...(b.competitors ?? [])];
const brandNames = (group: { brands: { name: string }[] }) => group.brands.map((x) => x.name);

/** The run's and its answers' metrics carry the tracker's strings unchanged. */
function expectMetricsKeepStrings(body: TrackerBody, run: any): void {
  const answers = run.results.flatMap((r: { answers: unknown[] }) => r.answers);
  expect(answers).toHaveLength(body.prompts.length * body.models.length);
  const groups = [run.metrics, ...Object.values(run.metrics.bySurface)] as any[];
  switch (body.primitive) {
    case 'rankings':
    case 'compare':
      for (const a of answers) expect(brandNames(a.metrics)).toStrictEqual(trackedNames(body));
      for (const g of groups) expect(brandNames(g)).toStrictEqual(trackedNames(body));
      break;
    case 'sentiment':
      for (const a of answers) expect(brandNames(a.metrics)).toStrictEqual([body.brand]);
      expect(run.metrics.brand).toBe(body.brand);
      break;
    case 'citations':
      for (const a of answers) expect(a.metrics.citesUrl === null).toBe(!body.url);
      for (const g of groups) expect(g.urlCitedRate === null).toBe(!body.url);
      break;
  }
}

async function createActivated(apiKey: string, body: TrackerBody) {
  const created = await stack.api('POST', '/api/v1/trackers', { key: apiKey, body });
  expect(created.status).toBe(201);
  const t = created.body.tracker;
  const activated = await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } });
  expect(activated.status).toBe(200);
  return t;
}

/** The tracker's user strings as the API shows them, to compare with what was sent. */
const userStrings = (t: any) => ({ name: t.name, prompts: t.prompts, brand: t.brand, competitors: t.competitors, url: t.url });
const sentStrings = (b: TrackerBody) => ({ name: b.name, prompts: b.prompts, brand: b.brand ?? null, competitors: b.competitors ?? [], url: b.url ?? null });

it(`runs trackers of arbitrary valid strings to COMPLETED and reports every string byte for byte (${NUM_RUNS} cases, seed ${SEED})`, async () => {
  await fc.assert(
    fc.asyncProperty(trackerBody, validText(200), async (body: TrackerBody, requestToken) => {
      const { apiKey } = await stack.account();
      const t = await createActivated(apiKey, body);
      expect(userStrings(t)).toStrictEqual(sentStrings(body));

      const queued = await stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key: apiKey, body: { requestToken } });
      expect(queued.status).toBe(202);
      expect(queued.body.run.requestToken).toBe(requestToken);
      const run = await eventually(
        async () => (await stack.api('GET', `/api/v1/trackers/${t.id}/runs/${queued.body.run.id}`, { key: apiKey })).body.run,
        (r) => !['QUEUED', 'RUNNING'].includes(r.status),
      );
      const answers = body.prompts.length * body.models.length;
      expect(run).toMatchObject({ status: 'COMPLETED', requestToken, summary: { answers, succeeded: answers, failed: 0 }, error: null });
      expect(run.results.map((r: { prompt: string }) => r.prompt)).toStrictEqual(body.prompts);
      expectMetricsKeepStrings(body, run);

      const report = await stack.api('GET', `/api/v1/trackers/${t.id}/report`, { key: apiKey });
      expect(report.status).toBe(200);
      expect(userStrings(report.body.tracker)).toStrictEqual(sentStrings(body));
      expect(report.body.runs).toStrictEqual([run]);
    }),
    { seed: SEED, numRuns: NUM_RUNS },
  );
}, 600_000);

describe('names at the 100-character limit, counted in code points as the API does', () => {
  const ROCKETS = (n: number) => '\u{1F680}'.repeat(n); // one code point, two UTF-16 units each
  const compare = (brand: string, competitors: string[]) => ({ name: 'Limits', cadence, primitive: 'compare', prompts: ['best rockets'], models: ['chatgpt'], brand, competitors });

  it('runs a compare tracker whose names are exactly 100 characters (200 UTF-16 units for emoji) and reports them unchanged', async () => {
    const { apiKey } = await stack.account();
    const body = compare(ROCKETS(100), ['N'.repeat(100), `${'\u05D0'.repeat(98)}\u0301\u0301`]);
    const t = await createActivated(apiKey, body);
    const queued = await stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key: apiKey, body: { requestToken: 'limit-100' } });
    const run = await eventually(
      async () => (await stack.api('GET', `/api/v1/trackers/${t.id}/runs/${queued.body.run.id}`, { key: apiKey })).body.run,
      (r) => !['QUEUED', 'RUNNING'].includes(r.status),
    );
    expect(run.status).toBe('COMPLETED');
    expectMetricsKeepStrings(body, run);
    expect(userStrings((await stack.api('GET', `/api/v1/trackers/${t.id}/report`, { key: apiKey })).body.tracker)).toStrictEqual(sentStrings(body));
  });

  it('refuses names over 100 characters, such as the issue\'s 200-character ones, with 400 and changes nothing', async () => {
    const { apiKey } = await stack.account();
    const t = await createActivated(apiKey, compare('Acme', ['Beta']));
    const before = (await stack.api('GET', '/api/v1/trackers', { key: apiKey })).body;
    for (const name of ['N'.repeat(200), 'N'.repeat(101), ROCKETS(101)]) {
      const attempts = [
        ['POST', '/api/v1/trackers', { ...compare('Acme', [name]), name: 'Another' }, 'competitors.0'],
        ['POST', '/api/v1/trackers', { ...compare(name, ['Beta']), name: 'Another' }, 'brand'],
        ['POST', '/api/v1/trackers', { ...compare('Acme', ['Beta']), name }, 'name'],
        ['PATCH', `/api/v1/trackers/${t.id}`, compare('Acme', ['Beta', name]), 'competitors.1'],
      ] as const;
      for (const [method, path, body, field] of attempts) {
        const refused = await stack.api(method, path, { key: apiKey, body });
        expect(refused).toMatchObject({ status: 400, body: { error: { code: 'validation_error', issues: [expect.objectContaining({ path: field })] } } });
      }
    }
    expect((await stack.api('GET', '/api/v1/trackers', { key: apiKey })).body).toStrictEqual(before);
  });

  it('refuses lone surrogates (JSON "\\ud800" without its pair) in every text field with 400 naming it, and changes nothing', async () => {
    const { apiKey } = await stack.account();
    const t = await createActivated(apiKey, compare('Acme', ['Beta']));
    const before = (await stack.api('GET', '/api/v1/trackers', { key: apiKey })).body;
    const another = { ...compare('Acme', ['Beta']), name: 'Another' };
    const attempts = [
      ['POST', '/api/v1/trackers', { ...another, name: 'a\uD800b' }, 'name'],
      ['POST', '/api/v1/trackers', { ...another, prompts: ['p \uDFFF'] }, 'prompts.0'],
      ['POST', '/api/v1/trackers', { ...another, brand: 'B\uD83D' }, 'brand'],
      // A pair the wrong way round is two lone surrogates.
      ['POST', '/api/v1/trackers', { ...another, competitors: ['\uDE00\uD83D'] }, 'competitors.0'],
      ['POST', '/api/v1/trackers', { ...another, aliases: [{ name: 'Acme', aliases: ['Acme\uD800'] }] }, 'aliases.0.aliases.0'],
      ['PATCH', `/api/v1/trackers/${t.id}`, { ...compare('Acme', ['Beta']), name: '\uDBFF' }, 'name'],
      ['POST', `/api/v1/trackers/${t.id}/runs`, { requestToken: 'token-\uD800' }, 'requestToken'],
    ] as const;
    for (const [method, path, body, field] of attempts) {
      const refused = await stack.api(method, path, { key: apiKey, body });
      expect(refused).toMatchObject({ status: 400, body: { error: { code: 'validation_error', issues: [expect.objectContaining({ path: field, message: expect.stringContaining('lone surrogate') })] } } });
    }
    expect((await stack.api('GET', '/api/v1/trackers', { key: apiKey })).body).toStrictEqual(before);
    expect((await stack.api('GET', `/api/v1/trackers/${t.id}/report`, { key: apiKey })).body.runs).toEqual([]);
  });

  it('refuses the NUL character (U+0000) in names and prompts with 400 and changes nothing', async () => {
    const { apiKey } = await stack.account();
    const t = await createActivated(apiKey, compare('Acme', ['Beta']));
    const before = (await stack.api('GET', '/api/v1/trackers', { key: apiKey })).body;
    const nul = 'a\u0000bmonday.com';
    const attempts = [
      ['POST', '/api/v1/trackers', { ...compare(nul, ['Beta']), name: 'Another' }, 'brand'],
      ['POST', '/api/v1/trackers', { ...compare('Acme', ['Beta']), name: nul }, 'name'],
      ['POST', '/api/v1/trackers', { ...compare('Acme', ['Beta']), name: 'Another', prompts: [`best ${nul}`] }, 'prompts.0'],
      ['PATCH', `/api/v1/trackers/${t.id}`, compare('Acme', ['Beta', nul]), 'competitors.1'],
    ] as const;
    for (const [method, path, body, field] of attempts) {
      const refused = await stack.api(method, path, { key: apiKey, body });
      expect(refused).toMatchObject({ status: 400, body: { error: { code: 'validation_error', issues: [expect.objectContaining({ path: field, message: expect.stringContaining('U+0000') })] } } });
    }
    expect((await stack.api('GET', '/api/v1/trackers', { key: apiKey })).body).toStrictEqual(before);
  });
});
