/**
 * Through the real services: a tracker's life over the public API, and the
 * e-mails its owner receives on the SMTP peer.
 */
import type { NatsLink } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { formatPercent } from '../../services/notifier/src/domain/format';
import { notifierService } from '../../services/notifier/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { mailSettled } from '../support/mail-settled';
import { connectAs, startStack, type TestStack } from '../support/stack';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';

let stack: TestStack;
let peer: SmtpPeer;
let link: NatsLink;

beforeAll(async () => {
  peer = await startSmtpPeer();
  stack = await startStack([billingService, trackerService, runnerService, notifierService, gatewayService], {
    SMTP_URL: peer.url,
    MAIL_FROM: 'Brandradar <reports@brandradar.test>',
    MAIL_POLL_MS: '100',
    OUTBOX_SWEEP_MS: '200',
  });
  link = await connectAs(stack.nats, 'notifier-e2e-test');
});
afterAll(async () => {
  await link?.nc.close();
  await stack?.stop();
  await peer?.stop();
});

const body = {
  name: 'CRM tools, EU buyers',
  cadence: { frequency: 'weekly', timezone: 'Europe/Berlin', time: '09:00', weekday: 1 },
  primitive: 'compare',
  prompts: ['best crm', 'crm for startups', 'cheap crm'],
  brand: 'Acme',
  competitors: ['HubSpot'],
};

it('e-mails the account owner on activation, a finished run, the pause and the deletion', async () => {
  const { apiKey, accountId } = await stack.account();
  const email = (await stack.api('GET', '/api/v1/account', { key: apiKey })).body.account.email as string;
  const created = (await stack.api('POST', '/api/v1/trackers', { key: apiKey, body })).body.tracker;
  const path = `/api/v1/trackers/${created.id}`;
  const activated = await stack.api('POST', `${path}/activate`, { key: apiKey, body: { maxCostMicroPerRun: created.estimatedCostMicroPerRun } });
  expect(activated.status).toBe(200);
  expect((await stack.api('POST', `${path}/runs`, { key: apiKey, body: { requestToken: `run-${accountId}` } })).status).toBe(202);
  const report = await eventually(() => stack.api('GET', `${path}/report`, { key: apiKey }), (r) => ['COMPLETED', 'PARTIAL', 'FAILED'].includes(r.body.runs[0]?.status));
  const run = report.body.runs[0];
  const overview = await stack.api('GET', '/api/v1/overview', { key: apiKey });
  expect((await stack.api('POST', `${path}/pause`, { key: apiKey })).status).toBe(200);
  expect((await stack.api('DELETE', path, { key: apiKey })).status).toBe(204);

  const mails = await eventually(async () => peer.received.filter((m) => m.envelopeTo.includes(email)), (m) => m.length >= 4);
  await mailSettled(link, [stack.running.get('notifier')!.opsPort]); // and nothing more arrives
  const byTemplate = new Map(peer.received.filter((m) => m.envelopeTo.includes(email)).map((m) => [m.headers.get('x-brandradar-template'), m]));
  expect(mails).toHaveLength(4);
  expect([...byTemplate.keys()].sort()).toEqual(['run_finished', 'tracker_activated', 'tracker_deleted', 'tracker_paused']);
  for (const mail of byTemplate.values()) expect(mail.headers.get('to')).toBe(email);

  const activation = byTemplate.get('tracker_activated')!;
  expect(activation.subject).toBe('Tracker "CRM tools, EU buyers" is active');
  expect(activation.text).toContain('Accepted maximum per run: $0.39 (39,000 micro-units)');
  expect(activation.text).toMatch(/Next run: +Monday \d{1,2} \w+ \d{4}, 09:00 CES?T \(Europe\/Berlin\)/);

  const finished = byTemplate.get('run_finished')!;
  expect(finished.subject).toBe(`Run of "CRM tools, EU buyers" ${run.status === 'PARTIAL' ? 'partly completed' : run.status.toLowerCase()}: ${run.summary.succeeded} of ${run.summary.answers} answers`);
  expect(finished.text).toContain(`${run.summary.succeeded} succeeded, ${run.summary.failed} failed, of ${run.summary.answers}`);
  expect(finished.text).toMatch(new RegExp(`Billed: +\\$0\\.\\d+ \\(${run.billedCostMicro.toLocaleString('en-US')} micro-units\\)`));
  // The e-mail states the overview's headline figure of the same run (one rule for both).
  const headline = overview.body.trackers.find((t: { tracker: { id: string } }) => t.tracker.id === created.id).headline;
  expect(headline).toMatchObject({ measure: 'shareOfVoice', name: 'Acme', points: [{ runId: run.id }] });
  const [{ value, n }] = headline.points;
  expect(finished.text).toMatch(new RegExp(`Acme share of voice: +${formatPercent(value).replace('.', '\\.')} \\(\\d+ of ${n} mentions of the tracked names\\)`));
  expect(finished.text).toContain('no earlier comparable run to compare with yet');

  expect(byTemplate.get('tracker_paused')!.subject).toBe('Tracker "CRM tools, EU buyers" is paused: paused by you');
  expect(byTemplate.get('tracker_deleted')!.subject).toBe('Tracker "CRM tools, EU buyers" was deleted');
});
