import { randomUUID } from 'node:crypto';
import { eventually } from '../support/eventually';
import { mailsIn, runFinishedMails } from '../support/run-mails';
import { cluster, httpRoute, portForward, readyPod, secretValue, waitForDeployments, type Cluster } from './kube';

/**
 * The SRE smoke suite: against the release in KUBECONFIG's cluster, wait until every Deployment
 * is ready, reach the gateway through a port-forward, and go through the product once:
 * an account (admin API), a tracker created and activated, and, once the run API is served,
 * a manual run followed to its end and its report. Not part of `npm test`. How to run it against
 * kind or any cluster: test/cluster/README.md.
 *
 *   BRANDRADAR_RELEASE    release name (default brandradar)
 *   BRANDRADAR_NAMESPACE  its namespace (default: the context's namespace)
 *   ADMIN_TOKEN           the admin token; default: ADMIN_TOKEN of the release's Secret
 *   BRANDRADAR_SECRET     that Secret's name when secrets.existingSecret is used
 *   SMOKE_READY_TIMEOUT_S how long to wait for the Deployments (default 600)
 *   SMOKE_MAIL_DIR        a folder where the notifier's relay keeps each e-mail as an .eml file (the local cluster's)
 *   GATEWAY_URL, ADMIN_URL the gateway's public and admin ports as this machine reaches them (what
 *                         `npm run cluster -- up` prints); default: a port-forward to a ready gateway pod
 */
const log = (line: string) => process.stdout.write(`[smoke] ${line}\n`);

let c: Cluster;
let gatewayUrl: string;
let adminUrl: string;
let adminToken: string;
const closers: (() => void)[] = [];

interface Answer {
  status: number;
  body: any;
}

async function call(base: string, method: string, path: string, token: string, body?: unknown): Promise<Answer> {
  const res = await fetch(base + path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  c = cluster();
  log(`release ${c.release} in namespace ${c.namespace} (context ${c.kc.getCurrentContext()})`);
  const deployments = await waitForDeployments(c, Number(process.env.SMOKE_READY_TIMEOUT_S ?? 600) * 1000, log);
  log(`ready: ${deployments.map((d) => d.metadata?.name).join(', ')}`);
  const gateway = deployments.find((d) => d.metadata?.labels?.['app.kubernetes.io/component'] === 'gateway');
  if (!gateway) throw new Error('the release has no gateway Deployment');
  if (process.env.GATEWAY_URL && process.env.ADMIN_URL) {
    [gatewayUrl, adminUrl] = [process.env.GATEWAY_URL, process.env.ADMIN_URL];
  } else {
    const ports = new Map((gateway.spec?.template.spec?.containers[0]?.ports ?? []).map((p) => [p.name, p.containerPort]));
    const pod = await readyPod(c, 'gateway');
    const [pub, admin] = [await portForward(c, pod, ports.get('public') ?? 8080), await portForward(c, pod, ports.get('admin') ?? 8081)];
    closers.push(pub.close, admin.close);
    [gatewayUrl, adminUrl] = [pub.url, admin.url];
  }
  log(`gateway Service ${gatewayUrl}, admin API ${adminUrl}`);
  adminToken = process.env.ADMIN_TOKEN ?? (await secretValue(c, 'ADMIN_TOKEN')) ?? '';
  if (!adminToken) throw new Error('no admin token: set ADMIN_TOKEN, or BRANDRADAR_SECRET to the Secret that holds it');
});
afterAll(() => closers.forEach((close) => close()));

/**
 * The front doors the product is tried through: the gateway Service (GATEWAY_URL, or a
 * port-forward) and, where the release has one (ROUTE_URL: the local cluster's), its HTTP route.
 */
const FRONT_DOORS: [string, () => string][] = [['the gateway Service', () => gatewayUrl]];
const routeUrl = process.env.ROUTE_URL;
if (routeUrl) FRONT_DOORS.push(['the HTTP route (Gateway API)', () => routeUrl]);

if (routeUrl) {
  describe('the HTTP route', () => {
    it('is accepted by its Gateway, its backend (the gateway Service) resolved', async () => {
      const route = await httpRoute(c, `${c.release}-gateway`);
      expect(route.status.parents).toEqual([
        expect.objectContaining({
          parentRef: expect.objectContaining({ name: route.spec.parentRefs[0].name }),
          conditions: expect.arrayContaining([expect.objectContaining({ type: 'Accepted', status: 'True' }), expect.objectContaining({ type: 'ResolvedRefs', status: 'True' })]),
        }),
      ]);
    });

    it('routes the public port only: the admin API is not behind it', async () => {
      const statuses = await Promise.all([routeUrl, gatewayUrl, adminUrl].map(async (base) => (await call(base, 'GET', '/admin/v1/rates', adminToken)).status));
      // The public port refuses the admin token as the route does; only the admin port takes it.
      expect(statuses).toEqual([401, 401, 200]);
    });
  });
}

describe.each(FRONT_DOORS)('brandradar release smoke test through %s', (door, url) => {
  let publicUrl: string;
  let apiKey: string;
  let trackerId: string;
  let estimate: number;
  let finishedRunId: string | undefined;
  beforeAll(() => {
    publicUrl = url();
    log(`${door}: ${publicUrl}`);
  });

  it('serves the public API reference', async () => {
    const res = await fetch(`${publicUrl}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('creates an account with credits on the admin API', async () => {
    const res = await call(adminUrl, 'POST', '/admin/v1/accounts', adminToken, { email: `smoke-${randomUUID().slice(0, 8)}@example.com`, creditsMicro: 5_000_000 });
    expect(res.status).toBe(201);
    apiKey = res.body.apiKey;
    expect(apiKey).toMatch(/^brk_/);
  });

  it('creates a tracker (DRAFT)', async () => {
    const res = await call(publicUrl, 'POST', '/api/v1/trackers', apiKey, {
      name: 'smoke test',
      cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
      primitive: 'rankings',
      prompts: ['best crm for a small team'],
      competitors: ['HubSpot', 'Salesforce'],
    });
    expect(res.status).toBe(201);
    expect(res.body.tracker.status).toBe('DRAFT');
    trackerId = res.body.tracker.id;
    estimate = res.body.tracker.estimatedCostMicroPerRun;
  });

  it('activates it at its estimate', async () => {
    const res = await call(publicUrl, 'POST', `/api/v1/trackers/${trackerId}/activate`, apiKey, { maxCostMicroPerRun: estimate });
    expect(res.status).toBe(200);
    expect(res.body.tracker.status).toBe('ACTIVE');
  });

  it('runs it and reports the run, once the run API is served', async () => {
    const doc = (await (await fetch(`${publicUrl}/api/v1/openapi.json`)).json()) as { paths?: Record<string, unknown> };
    if (!doc.paths?.['/api/v1/trackers/{id}/runs']) {
      log('the gateway does not serve /api/v1/trackers/{id}/runs yet: run and report skipped');
      return;
    }
    const started = await call(publicUrl, 'POST', `/api/v1/trackers/${trackerId}/runs`, apiKey, { requestToken: randomUUID() });
    expect([200, 202]).toContain(started.status);
    const runId = started.body.run.id;
    // Live providers take a while: poll every 3 s for up to 5 minutes.
    const run = await eventually(
      async () => (await call(publicUrl, 'GET', `/api/v1/trackers/${trackerId}/runs/${runId}`, apiKey)).body.run,
      (r) => !['QUEUED', 'RUNNING'].includes(r.status),
      5 * 60_000,
      3_000,
    );
    log(`run ${runId}: ${run.status}, billed ${run.billedCostMicro} of ${run.estimatedCostMicro}`);
    expect(['COMPLETED', 'PARTIAL']).toContain(run.status);
    const report = await call(publicUrl, 'GET', `/api/v1/trackers/${trackerId}/report?limit=1`, apiKey);
    expect(report.status).toBe(200);
    expect(report.body.runs[0].id).toBe(runId);
    finishedRunId = runId;
  });

  it("e-mails the account its run's result once, through the notifier (where the suite can read the relay's mailbox)", async () => {
    const mailDir = process.env.SMOKE_MAIL_DIR;
    if (!mailDir || !finishedRunId) {
      log('SMOKE_MAIL_DIR is not set (the local cluster sets it), or no run ended: the e-mail is not checked');
      return;
    }
    const runId = finishedRunId;
    const perRun = await eventually(async () => runFinishedMails(mailsIn(mailDir)), (mails) => mails.has(runId), 2 * 60_000, 1_000);
    expect(perRun.get(runId)).toBe(1);
  });

  it('generates a content brief', async () => {
    const res = await call(publicUrl, 'POST', '/api/v1/workflows/content-brief', apiKey, { topic: 'crm for a small team', models: ['chatgpt'] });
    expect(res.status).toBe(200);
    expect(typeof res.body.suggestedPrompt).toBe('string');
    log(`content brief billed ${res.body.billedCostMicro} micro-dollars`);
  });

  afterAll(async () => {
    // Leave nothing scheduled: pause the tracker (deleting it needs no run in flight).
    if (trackerId) await call(publicUrl, 'POST', `/api/v1/trackers/${trackerId}/pause`, apiKey).catch(() => undefined);
  });
});
