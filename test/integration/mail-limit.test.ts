import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { notifierService } from '../../services/notifier/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { startStack, type TestStack } from '../support/stack';

// An activate/pause loop cannot flood an inbox: each account gets at most MAIL_ACCOUNT_HOURLY_LIMIT e-mails an hour (issue 15).
let smtp: SmtpPeer;
let stack: TestStack;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  stack = await startStack([billingService, trackerService, gatewayService, notifierService], {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Brandradar <reports@brandradar.example>',
    MAIL_ACCOUNT_HOURLY_LIMIT: '3',
  });
});
afterAll(async () => {
  await stack.stop();
  await smtp.stop();
});

async function accountWithTracker(email: string) {
  const { body } = await stack.admin('POST', '/admin/v1/accounts', { email, creditsMicro: 1_000_000 });
  const key = body.apiKey as string;
  const tracker = { name: 'Loop', cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 }, primitive: 'sentiment', prompts: ['p'], brand: 'Acme', models: ['chatgpt'] };
  const t = (await stack.api('POST', '/api/v1/trackers', { key, body: tracker })).body.tracker;
  const activate = () => stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } });
  const pause = () => stack.api('POST', `/api/v1/trackers/${t.id}/pause`, { key });
  return { activate, pause };
}
const mailsTo = (email: string) => smtp.received.filter((m) => m.envelopeTo.includes(email));

it('sends an account at most its hourly limit of e-mails, whatever it does; other accounts are not affected', async () => {
  const looping = await accountWithTracker('looping@example.com');
  for (let i = 0; i < 4; i++) {
    expect((await looping.activate()).status).toBe(200);
    expect((await looping.pause()).status).toBe(200);
  }
  // Tracker events are handled in order: once the other account's e-mail is here, every loop event was handled.
  const other = await accountWithTracker('other@example.com');
  await other.activate();
  await eventually(async () => mailsTo('other@example.com').length, (n) => n === 1);
  await eventually(async () => mailsTo('looping@example.com').length, (n) => n >= 3);
  expect(mailsTo('looping@example.com')).toHaveLength(3);
});
