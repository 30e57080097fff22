import { PROVIDER_ERROR_MESSAGES } from '@brandradar/providers';
import { PEER_API_KEY, startOpenAIPeer, type ProtocolPeer } from '../support/peers/providers';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { notifierService } from '../../services/notifier/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { eventually } from '../support/eventually';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { startStack, type TestStack } from '../support/stack';

// What a provider says about its own failure (organisation ids, quota details, key fragments) stays
// in our logs: runs, reports and e-mails carry a stable code and a short message (issue 15).
let openai: ProtocolPeer;
let smtp: SmtpPeer;
let stack: TestStack;
const LEAKY = 'Incorrect API key provided: sk-proj-AbC1***9xYz. Organization org-7Hq2SecretOrg has exceeded quota 4321.';

beforeAll(async () => {
  openai = await startOpenAIPeer();
  smtp = await startSmtpPeer();
  stack = await startStack([billingService, trackerService, runnerService, gatewayService, notifierService], {
    OPENAI_API_KEY: PEER_API_KEY,
    OPENAI_BASE_URL: openai.baseUrl,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Brandradar <reports@brandradar.example>',
  });
});
afterAll(async () => {
  await stack.stop();
  await Promise.all([openai.close(), smtp.stop()]);
});

it('records a refused provider call as client_error with our own message, in the run, the report and the e-mail', async () => {
  const { apiKey } = await stack.account();
  const body = { name: 'Leaky', cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 }, primitive: 'sentiment', prompts: ['is acme good?'], brand: 'Acme', models: ['chatgpt'] };
  const t = (await stack.api('POST', '/api/v1/trackers', { key: apiKey, body })).body.tracker;
  await stack.api('POST', `/api/v1/trackers/${t.id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: t.estimatedCostMicroPerRun } });
  openai.failNext({ status: 401, message: LEAKY });
  const queued = (await stack.api('POST', `/api/v1/trackers/${t.id}/runs`, { key: apiKey, body: { requestToken: 'leaky' } })).body.run;

  const run = await eventually(
    async () => (await stack.api('GET', `/api/v1/trackers/${t.id}/runs/${queued.id}`, { key: apiKey })).body.run,
    (r) => r && !['QUEUED', 'RUNNING'].includes(r.status),
  );
  expect(run.results[0].answers[0]).toMatchObject({ status: 'failed', error: { code: 'client_error', message: PROVIDER_ERROR_MESSAGES.client_error } });
  const report = JSON.stringify((await stack.api('GET', `/api/v1/trackers/${t.id}/report`, { key: apiKey })).body);
  const mail = await eventually(async () => smtp.received.find((m) => m.text.includes(`/runs/${queued.id}`)), (m) => m !== undefined);
  for (const secret of ['sk-proj', 'org-7Hq2SecretOrg', '4321']) {
    expect(JSON.stringify(run)).not.toContain(secret);
    expect(report).not.toContain(secret);
    expect(mail!.text + mail!.html).not.toContain(secret);
  }
});
