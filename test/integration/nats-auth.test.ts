import { randomBytes, randomUUID } from 'node:crypto';
import { AckPolicy, connect, ErrorCode, JSONCodec, type NatsError } from 'nats';
import { ADMIN_QUERIES, BILLING_EVENTS_STREAM, BillingEvents, BillingQueries, SERVICE_ACCESS, inboxPrefix, type ServiceName } from '@brandradar/contracts';
import { createLogger, loadConfig, natsServers, onEvent, provisionJetStream, query, watchEvents, type NatsLink, type ServiceDefinition } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { notifierService } from '../../services/notifier/src/service';
import { runnerService } from '../../services/runner/src/service';
import { schedulerService } from '../../services/scheduler/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { workflowService } from '../../services/workflow/src/service';
import { eventually } from '../support/eventually';
import { connectAs, natsUserEnv, startStack, startTestNats, type TestStack } from '../support/stack';

/**
 * NATS admits only its users, each with the permissions the contracts' SERVICE_ACCESS gives it:
 * a service's credentials cannot ask another service's admin-only queries, publish its events,
 * answer its subjects or read replies meant for someone else.
 */
let stack: TestStack;
const links = new Map<ServiceName, NatsLink>();
const SERVICES = Object.keys(SERVICE_ACCESS) as ServiceName[];
const json = JSONCodec();

beforeAll(async () => {
  stack = await startStack([billingService]);
  for (const user of SERVICES) links.set(user, await connectAs(stack.nats, `nats-auth-${user}`, user));
});
afterAll(async () => {
  await Promise.all([...links.values()].map((l) => l.nc.close()));
  await stack?.stop();
});

const as = (user: ServiceName) => links.get(user)!;

/** What the server said to a subscription on `subject` as `user`: null while it is allowed. */
function subscribeRefusal(user: ServiceName, subject: string): Promise<NatsError | null> {
  return new Promise((resolve) => {
    const sub = as(user).nc.subscribe(subject, { callback: (err) => err && resolve(err) });
    // A refused subscription is answered before the flush returns; one still open after it was accepted.
    void as(user).nc.flush().then(() => {
      if (!sub.isClosed()) {
        sub.unsubscribe();
        resolve(null);
      }
    });
  });
}

it('refuses a connection without credentials or with a wrong password', async () => {
  await expect(connect({ servers: natsServers(stack.nats.url), reconnect: false })).rejects.toMatchObject({ code: ErrorCode.AuthorizationViolation });
  await expect(connect({ servers: natsServers(stack.nats.url), reconnect: false, user: 'runner', pass: 'not-the-password' })).rejects.toMatchObject({ code: ErrorCode.AuthorizationViolation });
});

it("lets the gateway's user create an account, an API key and credit it", async () => {
  const { account } = await query(as('gateway'), BillingQueries.createAccount, { version: 1, input: { email: `auth-${randomBytes(4).toString('hex')}@example.com`, creditsMicro: 0 } });
  const created = await query(as('gateway'), BillingQueries.createApiKey, { version: 1, accountId: account.id });
  expect(created.apiKey).toMatch(/^brk_/);
  const credited = await query(as('gateway'), BillingQueries.credit, { version: 1, accountId: account.id, amountMicro: 5_000, reference: randomUUID() });
  expect(credited.account.balanceMicro).toBe(5_000);
});

it.each(SERVICES.filter((s) => s !== 'gateway'))("refuses the admin-only billing queries to the %s's user", async (user) => {
  for (const q of ADMIN_QUERIES) {
    const refused = await as(user).nc.request(q.subject, json.encode({ version: 1 }), { timeout: 5_000 }).then(() => null, (e: NatsError) => e);
    expect([q.subject, refused?.code]).toEqual([q.subject, ErrorCode.PermissionsViolation]);
  }
});

it("refuses another service's events: rates published by the runner's user", async () => {
  const rates = await query(as('gateway'), BillingQueries.getRates, { version: 1 });
  const payload = { version: 1, eventId: randomUUID(), occurredAt: new Date().toISOString(), rates: rates.rates };
  await expect(as('runner').js.publish(BillingEvents.ratesPublished.subject, json.encode(payload))).rejects.toMatchObject({ code: ErrorCode.PermissionsViolation });
});

it("refuses to let a service's user answer another service's queries or read others' replies", async () => {
  expect((await subscribeRefusal('runner', BillingQueries.createApiKey.subject))?.code).toBe(ErrorCode.PermissionsViolation);
  expect((await subscribeRefusal('runner', '_INBOX.>'))?.code).toBe(ErrorCode.PermissionsViolation);
  expect((await subscribeRefusal('runner', `${inboxPrefix('gateway')}.>`))?.code).toBe(ErrorCode.PermissionsViolation);
  expect((await subscribeRefusal('tracker', '>'))?.code).toBe(ErrorCode.PermissionsViolation);
  // What it may do stays possible: its own inbox.
  expect(await subscribeRefusal('runner', `${inboxPrefix('runner')}.x`)).toBeNull();
});

it("lets the gateway's user watch billing's events for itself, but not read or change the tracker's durable", async () => {
  const gateway = as('gateway');
  const seen: string[] = [];
  const watch = await watchEvents(gateway, BILLING_EVENTS_STREAM, [onEvent(BillingEvents.accountClosed, (e) => seen.push(e.accountId))], createLogger('watch', 'silent'), () => undefined);
  try {
    const { account } = await query(gateway, BillingQueries.createAccount, { version: 1, input: { email: `watch-${randomBytes(4).toString('hex')}@example.com`, creditsMicro: 0 } });
    await query(gateway, BillingQueries.closeAccount, { version: 1, accountId: account.id });
    await eventually(async () => seen, (ids) => ids.includes(account.id));
  } finally {
    await watch.stop();
  }
  await expect(gateway.jsm.consumers.info(BILLING_EVENTS_STREAM.name, 'tracker-billing')).rejects.toMatchObject({ code: ErrorCode.PermissionsViolation });
  await expect(gateway.jsm.consumers.delete(BILLING_EVENTS_STREAM.name, 'tracker-billing')).rejects.toMatchObject({ code: ErrorCode.PermissionsViolation });
  await expect(
    gateway.jsm.consumers.add(BILLING_EVENTS_STREAM.name, { durable_name: 'tracker-billing', ack_policy: AckPolicy.None, filter_subject: BillingEvents.ratesPublished.subject }),
  ).rejects.toMatchObject({ code: ErrorCode.PermissionsViolation });
});

it("refuses stream administration to a service's user: streams are the provisioning user's", async () => {
  const fresh = await startTestNats('nats-auth-fresh');
  const billing = await connectAs(fresh, 'nats-auth-billing', 'billing');
  try {
    await expect(provisionJetStream(billing, 1, [])).rejects.toMatchObject({ code: ErrorCode.PermissionsViolation });
  } finally {
    await billing.nc.close();
    await fresh.stop();
  }
});

it('describes the durable consumers each service declares', () => {
  const defs: Record<ServiceName, ServiceDefinition<any>> = {
    gateway: gatewayService,
    billing: billingService,
    tracker: trackerService,
    scheduler: schedulerService,
    runner: runnerService,
    workflow: workflowService,
    notifier: notifierService,
  };
  const env = { ...stack.env, SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Brandradar <a@example.com>' };
  for (const user of SERVICES) {
    const def = defs[user];
    const declared = (def.consumers?.(loadConfig(user, def.configSchema, { ...env, ...natsUserEnv(stack.nats, user) })) ?? []).map((c) => `${c.stream.name}/${c.durable}`);
    const described = SERVICE_ACCESS[user].consumes.map((c) => `${c.stream.name}/${c.durable}`);
    expect([user, declared.sort()]).toEqual([user, described.sort()]);
  }
});
