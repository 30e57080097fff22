import { ADMIN_QUERIES, PROVISION_USER, SERVICE_ACCESS, inboxPrefix, natsAuthorization, servicePermissions, type ServiceAccess } from './access';
import { BillingQueries } from './billing';
import { EVENTS } from './catalog';
import { DeadLetterEvents } from './dead-letters';
import type { QueryDef } from './messaging';
import { RunQueries } from './run-messages';
import { TrackerNotices, TrackerQueries } from './tracker-messages';
import { WorkflowQueries } from './workflow';

const services = Object.entries(SERVICE_ACCESS) as [string, ServiceAccess][];
const QUERIES: QueryDef[] = [BillingQueries, TrackerQueries, RunQueries, WorkflowQueries].flatMap((qs) => Object.values(qs));
const who = (has: (a: ServiceAccess) => boolean) => services.filter(([, a]) => has(a)).map(([name]) => name);

describe('SERVICE_ACCESS', () => {
  it('has exactly one service answer each query and publish each event (dead letters aside)', () => {
    for (const q of QUERIES) expect([q.subject, who((a) => a.serves.includes(q))]).toEqual([q.subject, [expect.any(String)]]);
    for (const e of EVENTS.filter((e) => e !== DeadLetterEvents.deadLettered)) expect([e.subject, who((a) => a.publishes.includes(e))]).toEqual([e.subject, [expect.any(String)]]);
  });

  it('lets only the gateway ask the admin-only billing queries', () => {
    for (const q of ADMIN_QUERIES) expect([q.subject, who((a) => a.calls.includes(q))]).toEqual([q.subject, ['gateway']]);
  });

  it('names every durable consumer once', () => {
    const durables = services.flatMap(([, a]) => a.consumes.map((c) => `${c.stream.name}/${c.durable}`));
    expect(new Set(durables).size).toBe(durables.length);
  });
});

describe('servicePermissions', () => {
  const runner = servicePermissions('runner', SERVICE_ACCESS.runner);

  it('allows the subjects a service calls and publishes, and answers only with allow_responses', () => {
    expect(runner.publish.allow).toEqual(expect.arrayContaining([BillingQueries.hold.subject, 'run.execute.v1', 'run.finished.v1', DeadLetterEvents.deadLettered.subject]));
    expect(runner.subscribe.allow).toEqual(expect.arrayContaining([RunQueries.answers.subject]));
    expect(runner.allow_responses).toBe(true);
    expect(servicePermissions('scheduler', SERVICE_ACCESS.scheduler).allow_responses).toBeUndefined();
  });

  it("lets a service's replicas send and hear its own notices, and no one else", () => {
    const subject = TrackerNotices.listChanged.subject;
    const tracker = servicePermissions('tracker', SERVICE_ACCESS.tracker);
    expect([tracker.publish.allow, tracker.subscribe.allow]).toEqual([expect.arrayContaining([subject]), expect.arrayContaining([subject])]);
    for (const [name, access] of services.filter(([name]) => name !== 'tracker')) {
      const p = servicePermissions(name, access);
      expect([name, [...p.publish.allow, ...p.subscribe.allow].includes(subject)]).toEqual([name, false]);
    }
  });

  it('allows JetStream only for its own durables, and the work queue deletes only to the consumer of one', () => {
    expect(runner.publish.allow).toEqual(
      expect.arrayContaining([
        '$JS.API.CONSUMER.CREATE.RUN_COMMANDS.runner',
        '$JS.API.CONSUMER.MSG.NEXT.RUN_COMMANDS.runner',
        '$JS.ACK.RUN_COMMANDS.runner.>',
        '$JS.API.STREAM.MSG.DELETE.RUN_COMMANDS',
        '$JS.API.STREAM.INFO.BILLING_EVENTS',
      ]),
    );
    expect(runner.subscribe.allow).toContain('$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.RUN_COMMANDS.runner');
    expect(runner.publish.allow.filter((s) => s.includes('tracker-billing') || s.includes('STREAM.CREATE') || s.includes('STREAM.UPDATE'))).toEqual([]);
    expect(servicePermissions('tracker', SERVICE_ACCESS.tracker).publish.allow.filter((s) => s.includes('MSG.DELETE'))).toEqual([]);
  });

  it('gives each user its own inbox and no wildcard beyond its inbox, acks and the streams it watches', () => {
    for (const [name, access] of services) {
      const p = servicePermissions(name, access);
      const watched = (access.watches ?? []).map((s) => s.name);
      expect(p.subscribe.allow.filter((s) => s.endsWith('>'))).toEqual([`${inboxPrefix(name)}.>`]);
      const wild = p.publish.allow.filter((s) => s.endsWith('>') || s.endsWith('*'));
      expect(wild.filter((s) => !s.startsWith('$JS.ACK.') && !watched.some((w) => s.startsWith('$JS.API.CONSUMER.') && s.includes(`.${w}.`)))).toEqual([]);
    }
  });

  it('lets a watcher make consumers of its own on a stream, but never touch the durables of the services reading it', () => {
    const gateway = servicePermissions('gateway', SERVICE_ACCESS.gateway);
    expect(gateway.publish.allow).toEqual(expect.arrayContaining(['$JS.API.CONSUMER.CREATE.BILLING_EVENTS.>', '$JS.API.CONSUMER.MSG.NEXT.BILLING_EVENTS.*']));
    expect(gateway.publish.deny).toEqual(
      expect.arrayContaining([
        '$JS.API.CONSUMER.CREATE.BILLING_EVENTS.tracker-billing',
        '$JS.API.CONSUMER.CREATE.BILLING_EVENTS.tracker-billing.>',
        '$JS.API.CONSUMER.DURABLE.CREATE.BILLING_EVENTS.tracker-billing',
        '$JS.API.CONSUMER.MSG.NEXT.BILLING_EVENTS.tracker-billing',
        '$JS.API.CONSUMER.DELETE.BILLING_EVENTS.tracker-billing',
      ]),
    );
    expect(servicePermissions('runner', SERVICE_ACCESS.runner).publish.deny).toBeUndefined();
  });
});

describe('natsAuthorization', () => {
  it('has a user per service and the provisioning user, each with the password given', () => {
    const users = natsAuthorization((user) => `$NATS_PASSWORD_${user.toUpperCase()}`);
    expect(users.map((u) => u.user)).toEqual([...Object.keys(SERVICE_ACCESS), PROVISION_USER]);
    expect(users.find((u) => u.user === 'gateway')!.password).toBe('$NATS_PASSWORD_GATEWAY');
    expect(users.find((u) => u.user === PROVISION_USER)!.permissions.publish.allow).toEqual(['$JS.API.>']);
  });
});
