import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { BrandradarApiError, BrandradarClient, BrandradarNetworkError, type CreateTrackerInput } from '@brandradar/client';
import { freePort, REPO_ROOT } from '@brandradar/devstack';
import { startService, type RunningService } from '@brandradar/platform';
import { PEER_API_KEY, startOpenAIPeer, type ProtocolPeer } from '../support/peers/providers';
import { runCli } from '../../packages/cli/src/cli';
import { money } from '../../packages/cli/src/output';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { workflowService } from '../../services/workflow/src/service';
import { startStack, type TestStack } from '../support/stack';

// ChatGPT answers through a local peer speaking OpenAI's protocol (so a test can make it fail); the other surfaces are simulated.
let openai: ProtocolPeer;
let stack: TestStack;
let dir: string;

beforeAll(async () => {
  openai = await startOpenAIPeer();
  stack = await startStack([billingService, trackerService, runnerService, workflowService, gatewayService], { OPENAI_API_KEY: PEER_API_KEY, OPENAI_BASE_URL: openai.baseUrl });
  dir = await mkdtemp(path.join(tmpdir(), 'brandradar-cli-'));
});
afterAll(async () => {
  await stack.stop();
  await openai.close();
});

type RankingsTracker = Extract<CreateTrackerInput, { primitive: 'rankings' }>;

const definition = (over: Partial<RankingsTracker> = {}): RankingsTracker => ({
  name: 'CRM tools',
  cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
  primitive: 'rankings',
  prompts: ['best crm', 'top crm tools'],
  competitors: ['Alpha', 'Beta'],
  models: ['chatgpt', 'perplexity'],
  ...over,
});

async function client(over: Partial<ConstructorParameters<typeof BrandradarClient>[0]> = {}) {
  const { apiKey } = await stack.account();
  return new BrandradarClient({ baseUrl: stack.gatewayUrl, apiKey, ...over });
}

async function apiError(promise: Promise<unknown>): Promise<BrandradarApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof BrandradarApiError)) throw new Error(`expected a BrandradarApiError, got ${String(error)}`);
  return error;
}

describe('the generated client', () => {
  it('is what openapi-typescript makes of the live document (a stale client fails here)', async () => {
    const live = await fetch(`${stack.gatewayUrl}/api/v1/openapi.json`);
    expect(live.status).toBe(200);
    const documentFile = path.join(dir, 'openapi.json');
    const typesFile = path.join(dir, 'api.ts');
    await writeFile(documentFile, await live.text());
    const generator = path.join(REPO_ROOT, 'node_modules/openapi-typescript/bin/cli.js');
    const { code, stderr } = await run(process.execPath, [generator, documentFile, '--output', typesFile]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    const checkedIn = await readFile(path.join(REPO_ROOT, 'packages/client/src/generated/api.ts'), 'utf8');
    // On failure: npx tsc -b && npm run generate -w @brandradar/client
    expect(await readFile(typesFile, 'utf8')).toBe(checkedIn);
  });

  it('creates, activates with the estimate confirmed, runs once per request token, waits and reports', async () => {
    const api = await client();
    const tracker = await api.createTracker(definition());
    expect(tracker).toMatchObject({ status: 'DRAFT', estimatedCostMicroPerRun: 2 * (5_000 + 4_000) });

    const changed = await apiError(api.activateTracker(tracker.id, tracker.estimatedCostMicroPerRun + 1));
    expect(changed).toMatchObject({ status: 409, code: 'cost_estimate_changed', details: { estimatedCostMicroPerRun: tracker.estimatedCostMicroPerRun } });
    const activation = await api.activateTracker(tracker.id, Number(changed.details.estimatedCostMicroPerRun));
    expect(activation).toMatchObject({ tracker: { status: 'ACTIVE' }, costMicroPerRun: 18_000 });

    const first = await api.startRun(tracker.id);
    expect(first).toMatchObject({ replayed: false, run: { status: 'QUEUED', requestToken: expect.any(String) } });
    const again = await api.startRun(tracker.id, { requestToken: first.run.requestToken! });
    expect(again).toMatchObject({ replayed: true, run: { id: first.run.id } });

    const seen: string[] = [];
    const done = await api.waitForRun(tracker.id, first.run.id, { intervalMs: 50, onProgress: (r) => seen.push(r.status) });
    expect(done).toMatchObject({ status: 'COMPLETED', summary: { answers: 4, succeeded: 4 }, billedCostMicro: 18_000 });
    expect(seen.at(-1)).toBe('COMPLETED');
    const report = await api.report(tracker.id, { limit: 5 });
    expect(report.runs.map((r) => r.id)).toEqual([first.run.id]);
    expect(await api.account()).toMatchObject({ balanceMicro: 1_000_000 - 18_000 });
  });

  it('throws typed errors in the contract shape on 4xx', async () => {
    const api = await client();
    const missing = await apiError(api.getTracker('00000000-0000-4000-8000-000000000000'));
    expect(missing).toMatchObject({ name: 'BrandradarApiError', status: 404, code: 'not_found', requestId: expect.any(String) });
    const invalid = await apiError(api.createTracker(definition({ cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 9 } })));
    expect(invalid).toMatchObject({ status: 400, code: 'validation_error', issues: expect.arrayContaining([expect.objectContaining({ path: expect.stringContaining('weekday') })]) });
    const badKey = new BrandradarClient({ baseUrl: stack.gatewayUrl, apiKey: 'brk_nope' });
    expect(await apiError(badKey.account())).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('gives up on an attempt that gets no answer, retrying it only when repeating it is safe', async () => {
    // A server that takes each request and never answers: without a timeout the client would wait forever.
    const requests: string[] = [];
    const silent = createServer((socket) => socket.once('data', (d) => requests.push(d.toString().split(' ', 2).join(' '))));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const api = new BrandradarClient({ baseUrl, apiKey: 'brk_x', timeoutMs: 300, retry: { maxRetries: 1, fallbackDelayMs: 10 } });
      const read = await api.account().catch((e: unknown) => e);
      expect(read).toBeInstanceOf(BrandradarNetworkError);
      expect((read as Error).message).toMatch(`could not reach ${baseUrl}: no answer within 0.3 s`);
      const create = await api.createTracker(definition()).catch((e: unknown) => e);
      expect(create).toBeInstanceOf(BrandradarNetworkError);
      // The read twice (a retry), the create once: the first attempt may have created the tracker.
      expect(requests).toEqual(['GET /api/v1/account', 'GET /api/v1/account', 'POST /api/v1/trackers']);
    } finally {
      silent.close();
    }
  });

  describe('on a gateway with a low rate limit', () => {
    let limited: RunningService;
    let baseUrl: string;
    beforeAll(async () => {
      const [port, adminPort] = [await freePort(), await freePort()];
      // One request per second, one at a time: the second of two quick requests gets 429 with Retry-After: 1.
      limited = await startService(gatewayService, stack.serviceEnv('gateway', { GATEWAY_PORT: String(port), ADMIN_PORT: String(adminPort), RATE_LIMIT_PER_MINUTE: '60', RATE_LIMIT_BURST: '1' }));
      baseUrl = `http://127.0.0.1:${port}`;
    });
    afterAll(() => limited.stop());

    it('waits what Retry-After says and then succeeds', async () => {
      const retries: { delayMs: number; status: number | null }[] = [];
      const api = await client({ baseUrl, onRetry: ({ delayMs, status }) => retries.push({ delayMs, status }) });
      const started = Date.now();
      const accounts = [await api.account(), await api.account(), await api.account()];
      expect(accounts.map((a) => a.id)).toEqual(Array(3).fill(accounts[0]!.id));
      expect(retries.length).toBeGreaterThanOrEqual(1);
      expect(retries).toEqual(retries.map(() => ({ delayMs: 1000, status: 429 })));
      expect(Date.now() - started).toBeGreaterThanOrEqual(retries.length * 1000);
    });

    it('throws rate_limited once its retries are spent', async () => {
      const api = await client({ baseUrl, retry: { maxRetries: 0 } });
      const results = await Promise.allSettled([api.account(), api.account(), api.account()]);
      const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
      expect(refused.length).toBeGreaterThanOrEqual(1);
      for (const e of refused) expect(e).toMatchObject({ status: 429, code: 'rate_limited', details: {} });
    });
  });
});

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { PATH: process.env.PATH, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.end();
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the brandradar CLI', () => {
  const main = path.join(REPO_ROOT, 'packages/cli/dist/main.js');
  let env: NodeJS.ProcessEnv;
  /** The binary itself, a process of its own: its exit code is what runCli returned. */
  const binary = (...args: string[]) => run(process.execPath, [main, ...args], env);
  /** What the binary runs (runCli with the process's streams), in this process: about 0.3 s of CPU less per command than a node process. Not a terminal. */
  const cli = async (...args: string[]): Promise<Outcome> => {
    const out = { stdout: '', stderr: '' };
    const io = { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) }, stdin: Readable.from([]), env };
    const code = await runCli(args, io);
    return { code, ...out };
  };
  beforeAll(async () => {
    const { apiKey } = await stack.account();
    env = { BRANDRADAR_API_KEY: apiKey, BRANDRADAR_BASE_URL: stack.gatewayUrl };
  });

  it('has --help on every command, and exits 2 on bad usage', async () => {
    const top = await binary('--help');
    expect(top).toMatchObject({ code: 0, stdout: expect.stringContaining('Exit codes:') });
    const commands = [...top.stdout.matchAll(/^ {2}((?:trackers |webhooks |runs |members |keys |digest |insights )?[a-z]+) {2,}/gm)].map((m) => m[1]!);
    expect(commands).toEqual([
      'trackers list',
      'trackers create',
      'trackers update',
      'trackers show',
      'trackers activate',
      'trackers pause',
      'trackers reanalyze',
      'trackers delete',
      'webhooks list',
      'webhooks create',
      'webhooks get',
      'webhooks enable',
      'webhooks disable',
      'webhooks delete',
      'webhooks deliveries',
      'webhooks redeliver',
      'runs list',
      'runs start',
      'runs wait',
      'runs show',
      'members list',
      'members invite',
      'members change',
      'members remove',
      'keys list',
      'keys create',
      'keys revoke',
      'digest show',
      'digest set',
      'overview',
      'report',
      'insights',
      'insights add',
      'brief',
      'account',
      'rates',
      'audit',
      'mcp',
      'login',
      'logout',
      'completion',
    ]);
    for (const command of commands) {
      const help = await cli(...command.split(' '), '--help');
      expect(help).toMatchObject({ code: 0, stdout: expect.stringContaining(`Usage: brandradar ${command} `) });
    }
    expect(await cli('trackers', '--help')).toMatchObject({ code: 0, stdout: expect.stringContaining('Usage: brandradar trackers <list|create|update|show|activate|pause|reanalyze|delete>') });
    expect(await binary()).toMatchObject({ code: 2 });
    expect(await cli('trackers', 'frobnicate')).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command: trackers frobnicate') });
    expect(await cli('trackers', 'list', '--colour')).toMatchObject({ code: 2, stderr: expect.stringContaining("Unknown option '--colour'") });
    expect(await cli('trackers', 'show')).toMatchObject({ code: 2, stderr: expect.stringContaining('expected <tracker-id>') });
    // `insights` is a command and the group of `insights add`.
    expect(await cli('insights')).toMatchObject({ code: 2, stderr: expect.stringContaining('expected <tracker-id>, got none') });
    expect(await cli('insights', 'add', 'only-the-tracker')).toMatchObject({ code: 2, stderr: expect.stringContaining('expected <tracker-id> <name>') });
    // A config folder of its own: a login saved on this machine would otherwise supply the key.
    const noKey = await run(process.execPath, [main, 'trackers', 'list', '--base-url', stack.gatewayUrl], { XDG_CONFIG_HOME: dir });
    expect(noKey).toMatchObject({ code: 2, stderr: expect.stringContaining('BRANDRADAR_API_KEY') });
  });

  it("says what was wrong with a definition in the API's words, each field once, with where it is in the file", async () => {
    const file = path.join(dir, 'invalid.json');
    await writeFile(file, JSON.stringify(definition({ name: '', prompts: [] })));
    const { code, stderr } = await cli('trackers', 'create', '--file', file);
    expect(code).toBe(1);
    expect(stderr).toContain('\n  Name is required. (at name)\n');
    expect(stderr).toContain('\n  Add at least one prompt. (at prompts)\n');
  });

  it('creates a read key printed once, lists and revokes it; invites a member, changes their role and removes them', async () => {
    const created = await cli('keys', 'create', '--name', 'Wall 📺 $x __proto__', '--scope', 'read', '--expires', '30d');
    expect(created).toMatchObject({ code: 0, stdout: expect.stringContaining('The key will not be shown again') });
    const apiKey = /^api key: +(brk_\S+)$/m.exec(created.stdout)![1]!;
    const keyId = apiKey.slice(4, 16);
    expect((await stack.api('GET', '/api/v1/trackers', { key: apiKey })).status).toBe(200);
    expect((await stack.api('POST', '/api/v1/trackers', { key: apiKey, body: {} })).body.error).toMatchObject({ code: 'insufficient_scope', requiredScope: 'manage' });
    const listed = await cli('keys', 'list');
    expect([listed.stdout.includes(keyId), listed.stdout.includes('Wall 📺 $x __proto__'), listed.stdout.includes(apiKey)]).toEqual([true, true, false]);
    expect((await cli('keys', 'list', '-q')).stdout.split('\n')).toContain(keyId);
    expect(await cli('keys', 'revoke', keyId)).toMatchObject({ code: 0, stdout: `Revoked ${keyId}.\n` });
    expect((await stack.api('GET', '/api/v1/trackers', { key: apiKey })).status).toBe(401);
    expect(await cli('keys', 'create', '--name', 'x', '--scope', 'root')).toMatchObject({ code: 2, stderr: expect.stringContaining('--scope must be one of read, run, manage, admin') });

    const invited = await cli('members', 'invite', "o'brien@monday.com", '--role', 'viewer', '--json');
    const member = JSON.parse(invited.stdout).member;
    expect(member).toMatchObject({ email: "o'brien@monday.com", role: 'viewer', status: 'invited' });
    expect((await cli('members', 'change', member.id, '--role', 'EDITOR')).stdout).toMatch(/^role: +editor$/m);
    expect((await cli('members', 'list')).stdout).toContain("o'brien@monday.com");
    expect(await cli('members', 'remove', member.id)).toMatchObject({ code: 0, stdout: `Removed ${member.id}.\n` });
    expect(await cli('members', 'invite', 'x@example.com')).toMatchObject({ code: 2, stderr: expect.stringContaining('--role is required') });
  });

  it('manages a tracker from creation to deletion, runs it and reports', async () => {
    const file = path.join(dir, 'tracker.json');
    await writeFile(file, JSON.stringify(definition({ name: 'From the CLI' })));
    const created = await cli('trackers', 'create', '--file', file, '--json');
    expect(created.code).toBe(0);
    const { id } = JSON.parse(created.stdout).tracker;

    expect(await cli('trackers', 'list')).toMatchObject({ code: 0, stdout: expect.stringMatching(new RegExp(`^${id}\\s+From the CLI\\s+DRAFT\\s+rankings\\s+\\$0\\.18`, 'm')) });
    expect(await cli('trackers', 'show', id)).toMatchObject({ code: 0, stdout: expect.stringMatching(/estimate per run:\s+\$0\.18/) });
    // Not a terminal, no --yes: nothing is activated.
    expect(await cli('trackers', 'activate', id)).toMatchObject({ code: 2, stderr: expect.stringContaining('pass --yes or --max-cost') });
    expect(await cli('trackers', 'activate', id, '--max-cost', '17999')).toMatchObject({ code: 1, stderr: expect.stringMatching(/cost_estimate_changed \(HTTP 409\)[\s\S]*estimatedCostMicroPerRun: 18000/) });
    expect(await cli('trackers', 'activate', id, '--yes')).toMatchObject({ code: 0, stdout: expect.stringContaining('at $0.18 per run') });

    const started = await cli('runs', 'start', id, '--request-token', 'cli-run-1', '--json');
    expect(started.code).toBe(0);
    const { run: queued, replayed } = JSON.parse(started.stdout);
    expect(replayed).toBe(false);
    const repeated = await cli('runs', 'start', id, '--request-token', 'cli-run-1');
    expect(repeated).toMatchObject({ code: 0, stdout: expect.stringContaining(`run ${queued.id} `) });
    expect(repeated.stdout).toContain('(an earlier request with this token)');

    const waited = await cli('runs', 'wait', id, queued.id);
    expect(waited).toMatchObject({ code: 0, stdout: expect.stringMatching(/COMPLETED 4\/4 answers \(4 succeeded, 0 failed\), billed \$0\.18/) });
    // Not a terminal: plain lines, one per change, the last the finished run.
    const progress = waited.stderr.trim().split('\n');
    expect(progress.at(-1)).toMatch(/COMPLETED/);
    expect(waited.stderr).not.toContain('\r');

    expect(await cli('runs', 'show', id, queued.id)).toMatchObject({ code: 0, stdout: expect.stringContaining('COMPLETED') });
    const table = await cli('report', id);
    expect(table).toMatchObject({ code: 0, stdout: expect.stringMatching(/MENTION RATE\n[\s\S]*manual\s+COMPLETED\s+4\/4\s+\$0\.18\s+Alpha \d/) });
    const report = await cli('report', id, '--json', '--limit', '1');
    expect(JSON.parse(report.stdout).runs.map((r: { id: string }) => r.id)).toEqual([queued.id]);
    // The same run as CSV: the header, then rows of that run only.
    const csv = (await cli('report', id, '--csv', '--limit', '1')).stdout.split('\r\n');
    expect(csv[0]).toBe('run_id,finished_at,analysis_version,surface,name,metric,value,n,clusters,low,high');
    expect(csv.slice(1, -1).every((row) => row.startsWith(`${queued.id},`))).toBe(true);
    expect(csv.slice(1, -1).length).toBeGreaterThan(0);
    // As a PDF: written to the file named, whose path is printed; the client gives the same document's bytes.
    const pdfFile = path.join(dir, 'weekly.pdf');
    expect(await cli('report', id, '--pdf', '--out', pdfFile, '--limit', '1')).toMatchObject({ code: 0, stdout: `${pdfFile}\n` });
    expect((await readFile(pdfFile)).subarray(0, 5).toString()).toBe('%PDF-');
    const bytes = await new BrandradarClient({ baseUrl: stack.gatewayUrl, apiKey: env.BRANDRADAR_API_KEY! }).reportPdf(id, { limit: 1 });
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    // The run's headline: the rankings tracker's leading name, its share of voice with interval and sample; one run, so no change.
    expect(await cli('overview', '--status', 'active')).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^From the CLI\s+rankings\s+ACTIVE\s+(Alpha|Beta): share of voice \S+ \(\S+, n=\d+(, \d+ cells)?\)\s+—/m),
    });
    expect(await cli('overview', '-q', '--status', 'active')).toMatchObject({ code: 0, stdout: expect.stringContaining(`${id}\n`) });

    expect(await cli('trackers', 'delete', id)).toMatchObject({ code: 1, stderr: expect.stringContaining('tracker_not_paused (HTTP 409)') });
    expect(await cli('trackers', 'pause', id)).toMatchObject({ code: 0, stdout: expect.stringContaining('Paused From the CLI') });
    expect(await cli('trackers', 'delete', id)).toMatchObject({ code: 0 });
    expect(await cli('trackers', 'show', id)).toMatchObject({ code: 1, stderr: expect.stringContaining('not_found (HTTP 404)') });
  });

  it('sets samples per prompt with flags, which replace the file\'s, and shows them on the tracker and its runs', async () => {
    const file = path.join(dir, 'sampled.json');
    await writeFile(file, JSON.stringify(definition({ name: 'Sampled', samplesPerPrompt: 2 })));
    const created = await cli('trackers', 'create', '--file', file, '--samples', '3', '--adaptive');
    expect(created).toMatchObject({ code: 0, stdout: expect.stringMatching(/answers per run:\s+up to 12 \(2 prompts × 2 surfaces × 2–3 samples, adaptive\)/) });
    expect(created.stdout).toMatch(/estimate per run:\s+\$0\.54 at most/); // 2 prompts × 3 samples × (5,000 + 4,000)
    const id = /^id:\s+(\S+)$/m.exec(created.stdout)![1]!;
    expect(await cli('trackers', 'activate', id, '--yes')).toMatchObject({ code: 0, stdout: expect.stringContaining('at $0.54 per run') });
    const started = await cli('runs', 'start', id, '--wait', '--json');
    const { run } = JSON.parse(started.stdout);
    expect(run).toMatchObject({ status: 'COMPLETED', samplesPerPrompt: 3, samplingMode: 'adaptive' });
    const shown = await cli('runs', 'show', id, run.id);
    expect(shown).toMatchObject({ code: 0, stdout: expect.stringContaining(`${run.summary.answers} answers (2 prompts × 2 surfaces × 2–3 samples, adaptive)`) });
    expect(shown.stdout).toMatch(/^NAME\s+MENTION RATE\s+95% INTERVAL\s+SAMPLE\s+STABILITY/m);
    expect(shown.stdout).toMatch(/^Alpha .* stable in \d of 4 cells, /m);
    expect((await cli('report', id)).stdout).toMatch(/The latest measured run \(.*\), \d+ answers \(2 prompts × 2 surfaces × 2–3 samples, adaptive\):\nNAME/);

    // The range of N is the API's to check; the CLI checks only that the flags make sense.
    expect(await cli('trackers', 'create', '--file', file, '--samples', '11')).toMatchObject({ code: 1, stderr: expect.stringMatching(/validation_error \(HTTP 400\)[\s\S]*samplesPerPrompt/) });
    expect(await cli('trackers', 'create', '--file', file, '--samples', 'two')).toMatchObject({ code: 2, stderr: expect.stringContaining('--samples must be a whole number') });
    expect(await cli('trackers', 'create', '--file', file, '--adaptive', '--fixed')).toMatchObject({ code: 2, stderr: expect.stringContaining('--adaptive and --fixed exclude each other') });
  });

  it('reanalyses a tracker after an edit of names only, free: its earlier run reports the new competitor', async () => {
    const api = new BrandradarClient({ baseUrl: stack.gatewayUrl, apiKey: env.BRANDRADAR_API_KEY! });
    const tracker = await api.createTracker(definition({ name: 'Renamed' }));
    await api.activateTracker(tracker.id, tracker.estimatedCostMicroPerRun);
    const { run } = await api.startRun(tracker.id);
    await api.waitForRun(tracker.id, run.id, { intervalMs: 50 });
    // A competitor more and nothing else: the series is kept. The tracker is a DRAFT again, which a reanalysis allows.
    await api.updateTracker(tracker.id, { ...definition({ name: 'Renamed', competitors: ['Alpha', 'Beta', 'Gamma'] }), models: tracker.models });
    const balance = (await api.account()).balanceMicro;

    const waited = await cli('trackers', 'reanalyze', tracker.id, '--request-token', 'cli-reanalysis-1', '--wait');
    expect(waited).toMatchObject({ code: 0, stdout: expect.stringMatching(/ COMPLETED 1\/1 runs recomputed with analysis version \S+\n$/) });
    // Not a terminal: plain lines, one per change, the last the finished job.
    expect(waited.stderr.trim().split('\n').at(-1)).toMatch(/ COMPLETED 1\/1 runs/);
    expect(waited.stderr).not.toContain('\r');
    // The same token answers the same job, now finished, instead of queuing another.
    const again = await cli('trackers', 'reanalyze', tracker.id, '--request-token', 'cli-reanalysis-1', '--json');
    const { reanalysis, replayed } = JSON.parse(again.stdout);
    expect({ code: again.code, replayed, status: reanalysis.status, runs: reanalysis.runs }).toEqual({ code: 0, replayed: true, status: 'COMPLETED', runs: { total: 1, done: 1 } });
    expect(await api.getReanalysis(tracker.id, reanalysis.id)).toEqual(reanalysis);

    const report = await api.report(tracker.id);
    expect(report.analysisVersions).toEqual([reanalysis.analysisVersion]);
    expect(report.runs).toMatchObject([{ id: run.id, analysisVersion: reanalysis.analysisVersion, metrics: { brands: [{ name: 'Alpha' }, { name: 'Beta' }, { name: 'Gamma' }] } }]);
    const table = await cli('report', tracker.id);
    expect(table).toMatchObject({ code: 0, stdout: expect.stringMatching(/Alpha \d.*, Gamma \d/) });
    expect(table.stdout).not.toContain('mixes analysis versions');
    expect((await api.account()).balanceMicro).toBe(balance);
  });

  it('shows the names the answers put forward, and adds one as a competitor: the tracker active again, its earlier run recomputed with it', async () => {
    const api = new BrandradarClient({ baseUrl: stack.gatewayUrl, apiKey: env.BRANDRADAR_API_KEY! });
    // Simulated surfaces, whose CRM answers list more products than the tracker tracks.
    const tracker = await api.createTracker({ ...definition({ name: 'Discovering', prompts: ['best crm for a small team', 'top crm tools'], models: ['perplexity', 'gemini'] }), primitive: 'compare', brand: 'HubSpot', competitors: ['Salesforce'] });
    await api.activateTracker(tracker.id, tracker.estimatedCostMicroPerRun);
    const { run } = await api.startRun(tracker.id);
    await api.waitForRun(tracker.id, run.id, { intervalMs: 50 });

    const shown = await cli('insights', tracker.id);
    expect(shown).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Insights from the newest run \(4 answers\)\.\n/) });
    expect(shown.stdout).toMatch(/^NAME\s+ANSWERS\s+RATE \(95% INTERVAL\)\s+SURFACES\n/m);
    const { insights } = JSON.parse((await cli('insights', tracker.id, '--runs', '10', '--json')).stdout);
    const [first] = insights.discoveredNames;
    expect(first).toMatchObject({ n: 4, examples: expect.arrayContaining([expect.objectContaining({ runId: run.id })]) });
    // Its row, then the line of an answer with the name marked.
    expect(shown.stdout).toMatch(new RegExp(`^${first.name}\\s+${first.answers}/4\\s+.*\\n {2}(perplexity|gemini), "[^"]+": .*»${first.name}«`, 'm'));
    expect(shown.stdout).toMatch(/\nChanges between runs do not establish cause\.\n$/);
    // The same lists as CSV: a row per name, search (Gemini reports its searches) and site read but not cited.
    const csv = (await cli('insights', tracker.id, '--runs', '10', '--csv')).stdout.split('\r\n');
    expect(csv[0]).toBe('list,item,answers,n,rate,clusters,low,high,surfaces,consulted,cited');
    expect(insights.searches.length).toBeGreaterThan(0);
    expect(csv.slice(1, -1).map((row) => row.split(',')[0])).toEqual([
      ...insights.discoveredNames.map(() => 'discoveredNames'),
      ...insights.searches.map(() => 'searches'),
      ...insights.consultedNotCited.map(() => 'consultedNotCited'),
    ]);
    expect(await cli('insights', tracker.id, '--runs', '11')).toMatchObject({ code: 1, stderr: expect.stringMatching(/validation_error \(HTTP 400\)[\s\S]*runs/) });

    const added = await cli('insights', 'add', tracker.id, first.name);
    expect(added).toMatchObject({ code: 0, stdout: expect.stringContaining(`Added ${first.name} to the competitors of Discovering (${tracker.id}).\nIt is ACTIVE again at ${money(tracker.estimatedCostMicroPerRun)} per run.\n`) });
    const token = /--request-token (\S+) --wait$/m.exec(added.stdout)![1]!;
    expect(await cli('trackers', 'reanalyze', tracker.id, '--request-token', token, '--wait')).toMatchObject({ code: 0, stdout: expect.stringMatching(/ COMPLETED 1\/1 runs recomputed/) });
    expect(await api.getTracker(tracker.id)).toMatchObject({ status: 'ACTIVE', competitors: ['Salesforce', first.name] });
    const report = await api.report(tracker.id);
    expect(report.runs[0]!.metrics).toMatchObject({ brands: [{ name: 'HubSpot' }, { name: 'Salesforce' }, { name: first.name }] });
    // Tracked now: no longer discovered.
    expect((await api.getInsights(tracker.id)).discoveredNames.map((d) => d.name)).not.toContain(first.name);

    // A sentiment tracker has no competitors: refused before anything changes.
    const sentiment = await api.createTracker({ name: 'Mood', cadence: tracker.cadence, primitive: 'sentiment', brand: 'HubSpot', prompts: ['is hubspot good'], models: ['gemini'] });
    expect(await cli('insights', 'add', sentiment.id, 'Zoho')).toMatchObject({ code: 1, stderr: expect.stringContaining('no_competitors: “Mood” is a sentiment tracker, which has no competitors') });
    expect(await api.getTracker(sentiment.id)).toEqual(sentiment);
  });

  it('creates a tracker that alerts on a significant change, for a market, with flags', async () => {
    const file = path.join(dir, 'market.json');
    await writeFile(file, JSON.stringify(definition({ name: 'For Germany' })));
    const created = await cli('trackers', 'create', '--file', file, '--alert-significant-change', '--country', 'DE');
    expect(created).toMatchObject({ code: 0, stdout: expect.stringMatching(/alerts:\s+e-mail on a significant change\ncountry:\s+de\n/) });
    const plain = await cli('trackers', 'create', '--file', file, '--json');
    expect(JSON.parse(plain.stdout).tracker).toMatchObject({ alerts: { significantChange: false }, country: null });
    // The code is the API's to check.
    expect(await cli('trackers', 'create', '--file', file, '--country', 'uk')).toMatchObject({ code: 1, stderr: expect.stringMatching(/validation_error \(HTTP 400\)[\s\S]*Country "uk" .*`gb`\. \(at country\)/) });
  });


  it('exits 3 when the run it waits for ends FAILED', async () => {
    const api = new BrandradarClient({ baseUrl: stack.gatewayUrl, apiKey: env.BRANDRADAR_API_KEY! });
    const tracker = await api.createTracker(definition({ prompts: ['only one'], models: ['chatgpt'] }));
    await api.activateTracker(tracker.id, tracker.estimatedCostMicroPerRun);
    openai.failNext({ status: 400 }); // permanent: not retried, so the run's only answer fails
    const waited = await cli('runs', 'start', tracker.id, '--wait');
    expect(waited).toMatchObject({ code: 3, stdout: expect.stringMatching(/FAILED 1\/1 answers \(0 succeeded, 1 failed\), billed \$0\.00: no_answers/) });
  });

  it('shows progress as one updating line on a terminal', async () => {
    const api = new BrandradarClient({ baseUrl: stack.gatewayUrl, apiKey: env.BRANDRADAR_API_KEY! });
    const tracker = await api.createTracker(definition({ name: 'On a terminal' }));
    await api.activateTracker(tracker.id, tracker.estimatedCostMicroPerRun);
    let stdout = '';
    let stderr = '';
    const io = { stdout: { write: (t: string) => (stdout += t) }, stderr: { isTTY: true, write: (t: string) => (stderr += t) }, stdin: process.stdin, env };
    expect(await runCli(['runs', 'start', tracker.id, '--wait'], io)).toBe(0);
    // eslint-disable-next-line no-control-regex -- the terminal's escape sequence (erase the line) is what it checks
    expect(stderr).toMatch(/^\r\x1b\[2Krun \S+ QUEUED/);
    // eslint-disable-next-line no-control-regex -- as above
    expect(stderr).toMatch(/\r\x1b\[2Krun \S+ COMPLETED [^\n]*\n$/);
    expect(stderr.split('\n')).toHaveLength(2);
    expect(stdout).toMatch(/COMPLETED/);
  });

  it('writes a content brief as Markdown to a file', async () => {
    const out = path.join(dir, 'brief.md');
    const written = await cli('brief', '--topic', 'choosing a CRM', '--models', 'chatgpt,gemini', '--out', out);
    expect(written).toMatchObject({ code: 0, stdout: '', stderr: expect.stringContaining(`Wrote ${out}`) });
    const markdown = await readFile(out, 'utf8');
    expect(markdown).toMatch(/^# Content brief: choosing a CRM\n/);
    expect([...markdown.matchAll(/^## (\/v1\/\S+)$/gm)].map((m) => m[1])).toEqual(['/v1/ai/answers', '/v1/ai/citations', '/v1/keywords/demand', '/v1/questions', '/v1/video/trends']);
    const toStdout = await cli('brief', '--topic', 'choosing a CRM', '--json');
    expect(JSON.parse(toStdout.stdout)).toMatchObject({ status: 'workflow_result', input: { topic: 'choosing a CRM' } });
  });

  it('exits 4, not 0, when the gateway closes each connection the moment it accepts it', async () => {
    // Node 20's fetch usually never settles then; the binary must not end as if it had succeeded.
    // (When fetch does see the reset, as it may on a loaded machine, the retries end in "could not reach".)
    const closing = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => closing.listen(0, '127.0.0.1', resolve));
    try {
      const result = await binary('trackers', 'list', '--base-url', `http://127.0.0.1:${(closing.address() as AddressInfo).port}`);
      expect(result).toMatchObject({ code: 4, stderr: expect.stringMatching(/closed the connection without an answer|could not reach/) });
    } finally {
      closing.close();
    }
  });

  it('exits 4 when the gateway cannot be reached', async () => {
    // A port of the test's own that drops every request unanswered (a port found free and closed
    // again may be taken by another process before the CLI connects).
    const dropping = createServer((socket) => socket.once('data', () => socket.destroy()));
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    const closed = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}`;
    try {
      const unreachable = await binary('trackers', 'list', '--base-url', closed);
      expect(unreachable).toMatchObject({ code: 4, stderr: expect.stringContaining(`could not reach ${closed}`) });
    } finally {
      dropping.close();
    }
  });
});
