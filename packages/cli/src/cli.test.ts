import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { z } from 'zod';
import { runCli } from './cli';

const PACKAGE_DIR = path.join(__dirname, '..');
const PackageJson = z.object({ version: z.string(), bin: z.object({ brandradar: z.string() }) });
const packageJson = PackageJson.parse(JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')));

/** runCli with its output captured and the environment given (nothing of this process's). */
async function cli(args: string[], env: NodeJS.ProcessEnv = {}, stdin: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' };
  const io = { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) }, stdin: Readable.from(stdin), env };
  const code = await runCli(args, io);
  return { code, ...out };
}

describe('--version', () => {
  it("prints the package's version", async () => {
    expect(await cli(['--version'])).toEqual({ code: 0, stdout: `brandradar ${packageJson.version}\n`, stderr: '' });
  });
});

/** What the fake gateway was asked: method, path, the key it was sent and the JSON body, if any. */
interface Seen {
  request: string;
  apiKey: string | undefined;
  body?: unknown;
}

/**
 * A gateway that knows one key (`brk_good`) and answers the few reads these tests make; each
 * request it gets is recorded in `seen`.
 */
const DEFAULT_ANSWERS: Record<string, unknown> = {
  '/api/v1/account': { account: { id: 'a1', email: 'ann@example.com', name: null, status: 'open', balanceMicro: 0, spendLimitMicroPerMonth: null, spentThisMonthMicro: 0, simulated: false, createdAt: '2026-11-22T09:00:00.000Z' } },
  '/api/v1/trackers': { trackers: [], nextCursor: null },
};

/** A gateway as above; a test may set what a path answers in `answers` (reset before each test). */
async function fakeGateway(): Promise<{ url: string; seen: Seen[]; answers: Record<string, unknown>; close(): void }> {
  const seen: Seen[] = [];
  const answers: Record<string, unknown> = {};
  // The handler's result is not awaited by http: `void` says so.
  const server: Server = createServer((req, res) => void (async () => {
    const apiKey = req.headers.authorization?.replace(/^Bearer /, '');
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    let text = '';
    for await (const chunk of req) text += chunk;
    seen.push({ request: `${req.method} ${req.url}`, apiKey, ...(text ? { body: JSON.parse(text) } : {}) });
    const [status, body] =
      apiKey !== 'brk_good'
        ? [401, { error: { code: 'unauthorized', message: 'unknown API key', requestId: 'r1' } }]
        : pathname in answers
          ? [200, answers[pathname]]
          : [404, { error: { code: 'not_found', message: 'no such path', requestId: 'r2' } }];
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  })());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, answers, close: () => server.close() };
}

let gateway: Awaited<ReturnType<typeof fakeGateway>>;
beforeAll(async () => {
  gateway = await fakeGateway();
});
afterAll(() => gateway.close());
beforeEach(() => {
  gateway.seen.length = 0;
  for (const path of Object.keys(gateway.answers)) delete gateway.answers[path];
  Object.assign(gateway.answers, DEFAULT_ANSWERS);
});

describe('login and logout', () => {
  let env: NodeJS.ProcessEnv;
  let file: string;
  beforeEach(async () => {
    const xdg = await mkdtemp(path.join(tmpdir(), 'brandradar-config-'));
    env = { XDG_CONFIG_HOME: xdg };
    file = path.join(xdg, 'brandradar', 'config.json');
  });

  it('checks the key, saves it with the gateway readable by the owner only, and later commands use it', async () => {
    const login = await cli(['login', '--api-key', 'brk_good', '--base-url', gateway.url], env);
    expect(login).toEqual({ code: 0, stdout: `Logged in to ${gateway.url} as ann@example.com; saved in ${file}.\n`, stderr: '' });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ apiKey: 'brk_good', baseUrl: gateway.url });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);

    expect(await cli(['trackers', 'list'], env)).toMatchObject({ code: 0, stdout: 'No trackers.\n' });
    expect(gateway.seen).toEqual([
      { request: 'GET /api/v1/account', apiKey: 'brk_good' },
      { request: 'GET /api/v1/trackers', apiKey: 'brk_good' },
    ]);
  });

  it('saves the gateway itself when given the API\'s URL, ending in /api/v1, as npm start prints it', async () => {
    expect(await cli(['login', '--api-key', 'brk_good', '--base-url', `${gateway.url}/api/v1/`], env)).toMatchObject({ code: 0, stdout: expect.stringContaining(`Logged in to ${gateway.url} as`) });
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ baseUrl: gateway.url });
    expect(await cli(['trackers', 'list', '--base-url', `${gateway.url}/api/v1`, '--api-key', 'brk_good'], env)).toMatchObject({ code: 0 });
    expect(gateway.seen.map((s) => s.request)).toEqual(['GET /api/v1/account', 'GET /api/v1/trackers']);
  });

  it('reads the key from standard input without --api-key', async () => {
    expect(await cli(['login', '--base-url', gateway.url], env, ['brk_good\n'])).toMatchObject({ code: 0 });
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ apiKey: 'brk_good' });
    expect(await cli(['login', '--base-url', gateway.url], env, [''])).toMatchObject({ code: 2, stderr: expect.stringContaining('no API key') });
  });

  it('asks for the key on a terminal without echoing it', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const out = { stdout: '', stderr: '' };
    const io = { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) }, stdin, env };
    stdin.write('brk_good\r'); // typed ahead: kept in the stream until the question reads it
    expect(await runCli(['login', '--base-url', gateway.url], io)).toBe(0);
    expect(out.stderr).toBe('API key (brk_…): \n');
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ apiKey: 'brk_good' });
  });

  it('saves nothing when the gateway refuses the key', async () => {
    expect(await cli(['login', '--api-key', 'brk_bad', '--base-url', gateway.url], env)).toMatchObject({ code: 1, stderr: expect.stringContaining('unauthorized (HTTP 401)') });
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('gives way to the environment, and both to the flags', async () => {
    await cli(['login', '--api-key', 'brk_good', '--base-url', gateway.url], env);
    gateway.seen.length = 0;
    await cli(['trackers', 'list'], { ...env, BRANDRADAR_API_KEY: 'brk_from_env' });
    await cli(['trackers', 'list', '--api-key', 'brk_from_flag'], { ...env, BRANDRADAR_API_KEY: 'brk_from_env' });
    expect(gateway.seen.map((s) => s.apiKey)).toEqual(['brk_from_env', 'brk_from_flag']);
    // The saved gateway is where they went; another one in the environment wins over it.
    await cli(['trackers', 'list'], { ...env, BRANDRADAR_BASE_URL: `${gateway.url}/elsewhere` });
    expect(gateway.seen.at(-1)).toEqual({ request: 'GET /elsewhere/api/v1/trackers', apiKey: 'brk_good' });
  });

  it('logout removes the saved login; commands then have no key', async () => {
    await cli(['login', '--api-key', 'brk_good', '--base-url', gateway.url], env);
    expect(await cli(['logout'], env)).toEqual({ code: 0, stdout: `Removed ${file}.\n`, stderr: '' });
    expect(await cli(['logout'], env)).toEqual({ code: 0, stdout: `Not logged in: there is no ${file}.\n`, stderr: '' });
    expect(await cli(['trackers', 'list', '--base-url', gateway.url], env)).toMatchObject({ code: 2, stderr: expect.stringContaining('run brandradar login') });
  });

  it('says what to do about a config file it cannot read', async () => {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify({ apiKey: 'brk_good' }));
    expect(await cli(['trackers', 'list'], env)).toMatchObject({ code: 2, stderr: expect.stringMatching(/config\.json is not a brandradar login \(.*baseUrl.*\): run brandradar login again/) });
    await writeFile(file, '{');
    expect(await cli(['trackers', 'list'], env)).toMatchObject({ code: 2, stderr: expect.stringContaining('is not valid JSON') });
  });

  it('uses ~/.config without XDG_CONFIG_HOME, and ignores a relative one', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'brandradar-home-'));
    await cli(['login', '--api-key', 'brk_good', '--base-url', gateway.url], { HOME: home, XDG_CONFIG_HOME: 'relative' });
    expect(JSON.parse(await readFile(path.join(home, '.config/brandradar/config.json'), 'utf8'))).toMatchObject({ apiKey: 'brk_good' });
  });
});

/** The fake gateway's address and key, for tests of commands rather than of login. */
const gatewayEnv = () => ({ BRANDRADAR_API_KEY: 'brk_good', BRANDRADAR_BASE_URL: gateway.url });

describe('options with a fixed set of values', () => {
  const env = gatewayEnv;

  it('take them in any case, and send them as the API spells them', async () => {
    expect(await cli(['trackers', 'list', '--status', 'active'], env())).toMatchObject({ code: 0 });
    expect(await cli(['trackers', 'list', '--status', 'Paused'], env())).toMatchObject({ code: 0 });
    expect(gateway.seen.map((s) => s.request)).toEqual(['GET /api/v1/trackers?status=ACTIVE', 'GET /api/v1/trackers?status=PAUSED']);
  });

  it('refuse --csv with --json (and --pdf with either) on the report and the insights, before asking the gateway', async () => {
    expect(await cli(['report', 't1', '--csv', '--json'], gatewayEnv())).toEqual({ code: 2, stdout: '', stderr: 'brandradar: --csv and --json exclude each other\n' });
    expect(await cli(['insights', 't1', '--csv', '--json'], gatewayEnv())).toEqual({ code: 2, stdout: '', stderr: 'brandradar: --csv and --json exclude each other\n' });
    expect(await cli(['report', 't1', '--pdf', '--csv'], gatewayEnv())).toEqual({ code: 2, stdout: '', stderr: 'brandradar: --pdf and --csv exclude each other\n' });
    expect(await cli(['report', 't1', '--out', 'r.pdf'], gatewayEnv())).toEqual({ code: 2, stdout: '', stderr: 'brandradar: --out goes with --pdf\n' });
    expect(gateway.seen).toEqual([]);
  });

  it('name the values when given another', async () => {
    expect(await cli(['trackers', 'list', '--status', 'running'], env())).toEqual({ code: 2, stdout: '', stderr: 'brandradar: --status must be DRAFT, ACTIVE or PAUSED (in any case)\n' });
    expect(gateway.seen).toEqual([]);
  });
});

describe('--quiet on lists', () => {
  it('prints the ids alone, one a line, and the next page\'s cursor on standard error', async () => {
    gateway.answers['/api/v1/trackers'] = { trackers: [{ id: 't1' }, { id: 't2' }], nextCursor: 'c2' };
    expect(await cli(['trackers', 'list', '-q'], gatewayEnv())).toEqual({ code: 0, stdout: 't1\nt2\n', stderr: 'More: --cursor c2\n' });
    gateway.answers['/api/v1/trackers/t1/report'] = { runs: [{ id: 'r2' }, { id: 'r1' }] };
    expect(await cli(['runs', 'list', 't1', '--quiet', '--limit', '2'], gatewayEnv())).toEqual({ code: 0, stdout: 'r2\nr1\n', stderr: '' });
    expect(gateway.seen.at(-1)?.request).toBe('GET /api/v1/trackers/t1/report?limit=2');
  });

  it('prints the overview\'s tracker ids, asking for the status and page given', async () => {
    gateway.answers['/api/v1/overview'] = { trackers: [{ tracker: { id: 't1' }, headline: null }], nextCursor: null };
    expect(await cli(['overview', '-q', '--status', 'active', '--limit', '5'], gatewayEnv())).toEqual({ code: 0, stdout: 't1\n', stderr: '' });
    expect(gateway.seen.at(-1)?.request).toBe('GET /api/v1/overview?status=ACTIVE&limit=5');
  });

  it('excludes --json', async () => {
    expect(await cli(['trackers', 'list', '-q', '--json'], gatewayEnv())).toMatchObject({ code: 2, stderr: expect.stringContaining('--quiet and --json exclude each other') });
  });
});

describe('account and rates', () => {
  it('print the account and the rate card, or the API\'s JSON', async () => {
    const rates = { version: 3, effectiveAt: '2026-11-22T09:00:00.000Z', surfaces: { chatgpt: 5000, claude: 5000, perplexity: 4000, gemini: 4000, google_ai_overview: 6000 }, workflowSteps: { answers: 15000, citations: 12000, keyword_demand: 16000, questions: 10000, video_trends: 16000 } };
    gateway.answers['/api/v1/rates'] = { rates };
    expect(await cli(['account'], gatewayEnv())).toMatchObject({ code: 0, stdout: expect.stringMatching(/^email: +ann@example\.com$/m) });
    expect(JSON.parse((await cli(['account', '--json'], gatewayEnv())).stdout)).toEqual(DEFAULT_ANSWERS['/api/v1/account']);
    expect(await cli(['rates'], gatewayEnv())).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Rate card 3, effective 2026-11-22T09:00:00\.000Z\.$[\s\S]*^chatgpt +\$0\.05$/m) });
    expect(JSON.parse((await cli(['rates', '--json'], gatewayEnv())).stdout)).toEqual({ rates });
  });
});

describe('trackers pause --help', () => {
  it('says what becomes of the runs, as the contract does', async () => {
    const { code, stdout } = await cli(['trackers', 'pause', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('queued runs do not start');
    expect(stdout).toContain('a run still QUEUED when the pause returns never starts: it ends FAILED with the code\ntracker_not_active');
    expect(stdout).toContain('a RUNNING run finishes and bills its succeeded answers');
  });
});

describe('trackers update', () => {
  const document = JSON.parse(readFileSync(path.join(PACKAGE_DIR, '../client/openapi.json'), 'utf8'));
  const tracker = document.components.schemas.Tracker.example;

  it('sends the file as the whole definition, the flags replacing its fields, and says the tracker is a DRAFT to activate', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'brandradar-update-'));
    const file = path.join(dir, 'tracker.json');
    const definition = { name: 'CRM tools', primitive: 'rankings', prompts: ['best crm'], competitors: ['Alpha'], samplesPerPrompt: 1, cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 } };
    await writeFile(file, JSON.stringify(definition));
    gateway.answers[`/api/v1/trackers/${tracker.id}`] = { tracker: { ...tracker, status: 'DRAFT' } };
    const out = await cli(['trackers', 'update', tracker.id, '--file', file, '--samples', '3'], gatewayEnv());
    expect(out).toMatchObject({ code: 0, stdout: expect.stringMatching(/^status: +DRAFT$[\s\S]*Activate it: brandradar trackers activate /m) });
    expect(gateway.seen).toEqual([{ request: `PATCH /api/v1/trackers/${tracker.id}`, apiKey: 'brk_good', body: { ...definition, samplesPerPrompt: 3 } }]);
  });

  it('wants the file and the tracker', async () => {
    expect(await cli(['trackers', 'update', 't1'], gatewayEnv())).toMatchObject({ code: 2, stderr: expect.stringContaining('--file is required') });
    expect(await cli(['trackers', 'update', '--file', 'x.json'], gatewayEnv())).toMatchObject({ code: 2, stderr: expect.stringContaining('expected <tracker-id>') });
    expect(gateway.seen).toEqual([]);
  });
});

describe('trackers create from flags', () => {
  it('builds the definition from flags, which also replace the fields of a file', async () => {
    gateway.answers['/api/v1/trackers'] = { tracker: JSON.parse(readFileSync(path.join(PACKAGE_DIR, '../client/openapi.json'), 'utf8')).components.schemas.Tracker.example };
    const flags = ['--name', 'CRM tools', '--primitive', 'Rankings', '--prompt', 'best crm', '--prompt', 'top crm', '--competitor', 'Alpha', '--competitor', 'Beta', '--models', 'chatgpt, Claude', '--weekly', '1', '--time', '10:30'];
    expect(await cli(['trackers', 'create', ...flags], gatewayEnv())).toMatchObject({ code: 0 });
    const definition = {
      name: 'CRM tools',
      primitive: 'rankings',
      prompts: ['best crm', 'top crm'],
      competitors: ['Alpha', 'Beta'],
      models: ['chatgpt', 'claude'],
      cadence: { frequency: 'weekly', timezone: 'UTC', time: '10:30', weekday: 1 },
    };
    expect(gateway.seen.at(-1)).toMatchObject({ request: 'POST /api/v1/trackers', body: definition });

    const dir = await mkdtemp(path.join(tmpdir(), 'brandradar-create-'));
    const file = path.join(dir, 'tracker.json');
    await writeFile(file, JSON.stringify({ ...definition, country: 'de' }));
    await cli(['trackers', 'create', '--file', file, '--name', 'Renamed', '--monthly', '15', '--timezone', 'Europe/Berlin'], gatewayEnv());
    expect(gateway.seen.at(-1)?.body).toEqual({ ...definition, country: 'de', name: 'Renamed', cadence: { frequency: 'monthly', timezone: 'Europe/Berlin', time: '09:00', monthday: 15 } });
  });

  it('refuses flags that cannot make a definition', async () => {
    const usage = async (...args: string[]) => (await cli(['trackers', 'create', ...args], gatewayEnv())).stderr;
    expect(await usage('--primitive', 'rankings')).toContain('--file or --name is required');
    expect(await usage('--name', 'N', '--primitive', 'ranking')).toContain('--primitive must be rankings, compare, citations or sentiment');
    expect(await usage('--name', 'N', '--weekly', '1', '--monthly', '2')).toContain('--weekly and --monthly exclude each other');
    expect(await usage('--name', 'N', '--time', '10:00')).toContain('--time and --timezone go with --weekly or --monthly');
    expect(gateway.seen).toEqual([]);
  });
});

describe('webhooks', () => {
  const url = 'https://hooks.example.com/brandradar?team=$x&name=monday.com';
  const at = '2026-11-28T08:00:00.000Z';
  const webhook = { id: 'w1', url, events: ['run.finished', 'tracker.paused'], description: '__proto__ 📣', status: 'enabled', disabledReason: null, disabledAt: null, createdAt: at, updatedAt: at };
  const secret = 'whsec_c2VjcmV0LXNob3duLW9uY2U=';

  it('create sends the URL, each event as the API spells it and the description, and prints the secret once with a warning', async () => {
    gateway.answers['/api/v1/webhooks'] = { webhook, secret };
    const description = `__proto__ 📣 ${'x'.repeat(180)}`;
    const out = await cli(['webhooks', 'create', '--url', url, '--event', 'run.finished', '--event', 'Tracker.Paused', '--description', description], gatewayEnv());
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(new RegExp(`^secret: +${secret.replace(/[+=]/g, '\\$&')}$`, 'm'));
    expect(out.stdout).toContain('The secret will not be shown again');
    expect(out.stdout).toMatch(/^url: +https:\/\/hooks\.example\.com\/brandradar\?team=\$x&name=monday\.com$/m);
    expect(gateway.seen).toEqual([{ request: 'POST /api/v1/webhooks', apiKey: 'brk_good', body: { url, events: ['run.finished', 'tracker.paused'], description } }]);
    expect(JSON.parse((await cli(['webhooks', 'create', '--url', url, '--event', 'run.finished', '--json'], gatewayEnv())).stdout)).toEqual({ webhook, secret });
  });

  it('create refuses an event the API has not, naming those it has, before asking the gateway', async () => {
    const out = await cli(['webhooks', 'create', '--url', url, '--event', 'run.started'], gatewayEnv());
    expect(out).toEqual({ code: 2, stdout: '', stderr: expect.stringContaining('--event must be one of run.finished, run.significant_change, tracker.activated') });
    expect(gateway.seen).toEqual([]);
  });

  it('list prints a table with the status in words, or the ids alone', async () => {
    const failing = { ...webhook, id: 'w2', status: 'disabled', disabledReason: 'failing', disabledAt: '2026-11-28T09:00:00.000Z' };
    gateway.answers['/api/v1/webhooks'] = { webhooks: [webhook, failing] };
    const out = await cli(['webhooks', 'list'], gatewayEnv());
    expect(out.stdout).toMatch(/^ID +URL +EVENTS +STATUS +CREATED$/m);
    expect(out.stdout).toMatch(/^w1 .* run\.finished,tracker\.paused +enabled /m);
    expect(out.stdout).toMatch(/^w2 .* disabled: every delivery failed for 3 days /m);
    expect(await cli(['webhooks', 'list', '-q'], gatewayEnv())).toEqual({ code: 0, stdout: 'w1\nw2\n', stderr: '' });
  });

  it('enable and disable change the status alone; delete says what it deleted', async () => {
    gateway.answers['/api/v1/webhooks/w1'] = { webhook: { ...webhook, status: 'disabled', disabledReason: 'by_account' } };
    expect(await cli(['webhooks', 'disable', 'w1'], gatewayEnv())).toEqual({ code: 0, stdout: `${url} (w1) is disabled by the account.\n`, stderr: '' });
    gateway.answers['/api/v1/webhooks/w1'] = { webhook };
    expect(await cli(['webhooks', 'enable', 'w1'], gatewayEnv())).toMatchObject({ code: 0, stdout: `${url} (w1) is enabled.\n` });
    expect(await cli(['webhooks', 'delete', 'w1'], gatewayEnv())).toEqual({ code: 0, stdout: 'Deleted w1.\n', stderr: '' });
    expect(gateway.seen.map((s) => [s.request, s.body])).toEqual([
      ['PATCH /api/v1/webhooks/w1', { status: 'disabled' }],
      ['PATCH /api/v1/webhooks/w1', { status: 'enabled' }],
      ['DELETE /api/v1/webhooks/w1', undefined],
    ]);
  });

  it("deliveries prints a page of the log as the API orders it, each with how its last attempt went, and the next page's cursor", async () => {
    const id = (n: number) => `msg_${String(n).repeat(32)}`;
    const attempt = { at: '2026-11-28T09:00:00.000Z', durationMs: 120 };
    gateway.answers['/api/v1/webhooks/w1/deliveries'] = {
      deliveries: [
        { id: id(3), webhookId: 'w1', type: 'run.finished', status: 'pending', createdAt: '2026-11-28T09:02:00.000Z', nextAttemptAt: '2026-11-28T09:07:00.000Z', attempts: [{ ...attempt, outcome: 'failed', httpStatus: null, error: 'connection refused\n\u001b[31m' }] },
        { id: id(2), webhookId: 'w1', type: 'tracker.paused', status: 'failed', createdAt: '2026-11-28T09:01:00.000Z', nextAttemptAt: null, attempts: [{ ...attempt, outcome: 'failed', httpStatus: 500, error: 'HTTP 500' }, { ...attempt, outcome: 'failed', httpStatus: 503, error: 'HTTP 503' }] },
        { id: id(1), webhookId: 'w1', type: 'run.finished', status: 'succeeded', createdAt: '2026-11-28T09:00:00.000Z', nextAttemptAt: null, attempts: [{ ...attempt, outcome: 'succeeded', httpStatus: 204, error: null }] },
      ],
      nextCursor: 'c2',
    };
    const out = await cli(['webhooks', 'deliveries', 'w1', '--limit', '3'], gatewayEnv());
    expect(out.stdout.split('\n')).toEqual([
      'ID                                    TYPE            STATUS     ATTEMPTS  LAST                     NEXT',
      '------------------------------------  --------------  ---------  --------  -----------------------  ------------------------',
      // The error's control characters (a terminal would obey an escape sequence) are spaces.
      `${id(3)}  run.finished    pending    1         connection refused [31m  2026-11-28T09:07:00.000Z`,
      `${id(2)}  tracker.paused  failed     2         HTTP 503                 –`,
      `${id(1)}  run.finished    succeeded  1         HTTP 204                 –`,
      '',
      'More: --cursor c2',
      '',
    ]);
    expect(gateway.seen.at(-1)?.request).toBe('GET /api/v1/webhooks/w1/deliveries?limit=3');
    expect(await cli(['webhooks', 'deliveries', 'w1', '-q', '--cursor', 'c2'], gatewayEnv())).toEqual({ code: 0, stdout: `${id(3)}\n${id(2)}\n${id(1)}\n`, stderr: 'More: --cursor c2\n' });
    expect(gateway.seen.at(-1)?.request).toBe('GET /api/v1/webhooks/w1/deliveries?cursor=c2');
  });

  it('redeliver asks for the delivery again and says how to follow it', async () => {
    const delivery = { id: `msg_${'a'.repeat(32)}`, webhookId: 'w1', type: 'run.finished', status: 'pending', createdAt: '2026-11-28T09:00:00.000Z', nextAttemptAt: '2026-11-28T10:00:00.000Z', attempts: [] };
    gateway.answers[`/api/v1/webhooks/w1/deliveries/${delivery.id}/redeliver`] = { delivery };
    expect(await cli(['webhooks', 'redeliver', 'w1', delivery.id], gatewayEnv())).toEqual({
      code: 0,
      stdout: `Delivery ${delivery.id} (run.finished) is pending again; follow it: brandradar webhooks deliveries w1\n`,
      stderr: '',
    });
    expect(gateway.seen.map((s) => s.request)).toEqual([`POST /api/v1/webhooks/w1/deliveries/${delivery.id}/redeliver`]);
  });
});

describe('audit', () => {
  const entry = (n: number, actor: object, extra: object = {}) => ({ id: `e${n}`, time: `2026-11-28T08:00:0${n}.000Z`, requestId: `req-${n}`, actor, action: 'createApiKey', method: 'POST', target: {}, status: 201, errorCode: null, ...extra });

  it('prints who did what, newest first, each name on one line, and asks for the page given', async () => {
    gateway.answers['/api/v1/audit'] = {
      entries: [
        entry(2, { kind: 'key', id: '3f9a1c2b7d4e', name: '__proto__\n$x 🚀' }, { status: 403, errorCode: 'insufficient_scope', target: { id: 't1' } }),
        entry(1, { kind: 'member', id: 'm1', name: 'ann@monday.com' }),
        entry(0, { kind: 'operator', id: 'admin-token', name: 'operator' }, { action: 'adminCreditAccount', status: 200 }),
      ],
      nextCursor: 'c2',
    };
    const out = await cli(['audit', '--limit', '3'], gatewayEnv());
    expect(out.code).toBe(0);
    expect(gateway.seen.at(-1)?.request).toBe('GET /api/v1/audit?limit=3');
    expect(out.stdout.split('\n').slice(2, 5)).toEqual([
      expect.stringMatching(/^2026-11-28T08:00:02\.000Z +key __proto__ \$x 🚀 \(3f9a1c2b7d4e\) +createApiKey +id=t1 +403 insufficient_scope +req-2$/),
      expect.stringMatching(/^2026-11-28T08:00:01\.000Z +ann@monday\.com +createApiKey +– +201 +req-1$/),
      expect.stringMatching(/^2026-11-28T08:00:00\.000Z +operator +adminCreditAccount +– +200 +req-0$/),
    ]);
    expect(out.stdout).toContain('More: --cursor c2');
    expect(JSON.parse((await cli(['audit', '--json'], gatewayEnv())).stdout)).toEqual(gateway.answers['/api/v1/audit']);
  });
});

describe('digest', () => {
  const digest = { enabled: false, weekday: 1, time: '09:00', timezone: 'UTC', recipients: ['ann@example.com'], attachPdf: false };

  it('shows the setting and changes only the options given, sending the whole setting back', async () => {
    gateway.answers['/api/v1/account/digest'] = { digest, nextSendAt: null };
    expect((await cli(['digest', 'show'], gatewayEnv())).stdout).toBe('status:      off\nsent:        Mondays at 09:00 (UTC)\nrecipients:  ann@example.com\nreport PDFs: not attached\nnext e-mail: –\n');
    await cli(['digest', 'set', '--enable', '--weekday', 'fri', '--recipients', 'a@x.com, $x@monday.com', '--attach-pdf'], gatewayEnv());
    expect(gateway.seen.at(-1)).toEqual({ request: 'PUT /api/v1/account/digest', apiKey: 'brk_good', body: { ...digest, enabled: true, weekday: 5, recipients: ['a@x.com', '$x@monday.com'], attachPdf: true } });
    expect((await cli(['digest', 'set', '--enable', '--disable'], gatewayEnv())).code).toBe(2);
    expect((await cli(['digest', 'set', '--weekday', 'someday'], gatewayEnv())).code).toBe(2);
  });
});

describe('completion bash', () => {
  /** What bash completes for the words typed so far (the last one being completed), with the script `completion bash` prints. */
  async function completes(...typed: string[]): Promise<string[]> {
    const { stdout } = await cli(['completion', 'bash']);
    const words = ['brandradar', ...typed].map((w) => `'${w}'`).join(' ');
    const shell = `${stdout}\nCOMP_WORDS=(${words}); COMP_CWORD=${typed.length}; _brandradar; printf '%s\\n' "\${COMPREPLY[@]}"`;
    return execFileSync('bash', ['-c', shell], { encoding: 'utf8' }).split('\n').filter((l) => l !== '');
  }

  it('completes commands, a group\'s commands and each command\'s flags, from the same tables as the help', async () => {
    expect(await completes('tr')).toEqual(['trackers']);
    expect(await completes('trackers', 'l')).toEqual(['list']);
    expect(await completes('trackers', 'list', '--st')).toEqual(['--status']);
    expect(await completes('insights', 'a')).toEqual(['add']);
    expect(await completes('insights', 'some-id', '--ru')).toEqual(['--runs']);
    expect(await completes('report', 'some-id', '--')).toEqual(expect.arrayContaining(['--json', '--csv']));
    expect(await completes('runs', 'start', 'some-id', '--w')).toEqual(['--wait']);
    expect(await completes('completion', 'b')).toEqual(['bash']);
    expect(await completes('webhooks', 'de')).toEqual(['delete', 'deliveries']);
    expect(await completes('webhooks', 'create', '--ev')).toEqual(['--event']);
  });

  it('is written for bash only', async () => {
    expect(await cli(['completion', 'fish'])).toMatchObject({ code: 2, stderr: expect.stringContaining('written for bash') });
  });
});
