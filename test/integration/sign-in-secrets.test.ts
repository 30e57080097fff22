// api-contract §15 and docs/security.md: an invitation's and a sign-in link's token exist in clear
// only in the e-mail. Billing stores their hashes; once the notifier has sent (or given up on) the
// e-mail, no store keeps the link: read here from the real stores after sending.
import { MongoClient } from 'mongodb';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { notifierService } from '../../services/notifier/src/service';
import { MAIL_OUTBOX, type OutboxMail } from '../../services/notifier/src/store/mail-outbox';
import { eventually } from '../support/eventually';
import { linkTokenFor, mailsTo } from '../support/sign-in';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { startStack, type TestStack } from '../support/stack';

let stack: TestStack;
let smtp: SmtpPeer;
let mongo: MongoClient;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  stack = await startStack([billingService, notifierService, gatewayService], { SMTP_URL: smtp.url, MAIL_FROM: 'Brandradar <reports@brandradar.test>' });
  mongo = await new MongoClient(process.env.TEST_MONGO_URL!).connect();
}, 120_000);
afterAll(async () => {
  await mongo?.close();
  await stack?.stop();
  await smtp?.stop();
});

/** Every document of every collection of a service's database, as text. */
async function storedText(service: string): Promise<string> {
  const db = mongo.db(stack.dbName(service));
  const texts = await Promise.all((await db.listCollections().toArray()).map(async (c) => JSON.stringify(await db.collection(c.name).find().toArray())));
  return texts.join('\n');
}

it('keeps neither an invitation’s nor a sign-in link’s token in any store once the e-mail is sent', async () => {
  const { apiKey } = await stack.account();
  const owner = (await stack.api('GET', '/api/v1/members', { key: apiKey })).body.members[0].email;
  const invitee = 'invited+__proto__@monday.com';
  expect((await stack.api('POST', '/api/v1/members', { key: apiKey, body: { email: invitee, role: 'viewer' } })).status).toBe(201);
  const seen = mailsTo(smtp, owner);
  expect((await stack.api('POST', '/api/v1/session/email-link', { body: { email: owner } })).status).toBe(202);
  const tokens = [await linkTokenFor(smtp, invitee), await linkTokenFor(smtp, owner, seen)];

  const outbox = mongo.db(stack.dbName('notifier')).collection<OutboxMail>(MAIL_OUTBOX);
  const sent = await eventually(() => outbox.find({ template: { $in: ['member_invited', 'sign_in_link'] } }).toArray(), (mails) => mails.length === 2 && mails.every((m) => m.status === 'sent'));
  // What the outbox still says of them: to whom and when, not what.
  expect(sent.map((m) => ({ template: m.template, to: m.to, text: m.text, html: m.html })).sort((x, y) => x.template.localeCompare(y.template))).toEqual([
    { template: 'member_invited', to: invitee, text: '', html: '' },
    { template: 'sign_in_link', to: owner, text: '', html: '' },
  ]);
  for (const service of ['notifier', 'billing']) {
    const stored = await storedText(service);
    for (const token of tokens) expect({ service, holdsToken: stored.includes(token) || stored.includes(encodeURIComponent(token)) }).toEqual({ service, holdsToken: false });
  }
  // The tokens were real: the link e-mailed still signs in.
  expect((await stack.api('POST', '/api/v1/session', { body: { token: tokens[1] } })).status).toBe(200);
});

it('blanks an invitation the mail server refused for good, too', async () => {
  const { apiKey } = await stack.account();
  smtp.script({ reply: 550 });
  const invited = await stack.api('POST', '/api/v1/members', { key: apiKey, body: { email: 'refused+__proto__@monday.com', role: 'editor' } });
  expect(invited.status).toBe(201);
  const outbox = mongo.db(stack.dbName('notifier')).collection<OutboxMail>(MAIL_OUTBOX);
  const failed = await eventually(() => outbox.findOne({ template: 'member_invited', to: 'refused+__proto__@monday.com' }), (m) => m?.status === 'failed');
  expect({ text: failed!.text, html: failed!.html, lastError: failed!.lastError }).toEqual({ text: '', html: '', lastError: expect.stringContaining('550') });
});
