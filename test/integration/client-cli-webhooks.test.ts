import { Readable } from 'node:stream';
import { BrandradarApiError, BrandradarClient } from '@brandradar/client';
import { runCli } from '../../packages/cli/src/cli';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { notifierService } from '../../services/notifier/src/service';
import { startStack, type TestStack } from '../support/stack';

// The client's webhook methods and `brandradar webhooks …` against the real gateway and notifier (issue 35).
let stack: TestStack;
beforeAll(async () => {
  // No e-mail is sent here; the targets are private addresses, which the local stack allows too.
  stack = await startStack([billingService, notifierService, gatewayService], {
    SMTP_URL: 'smtp://127.0.0.1:1',
    MAIL_FROM: 'Brandradar <reports@brandradar.example>',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  });
});
afterAll(() => stack?.stop());

const URL_ = 'http://127.0.0.1:9/hook?team=$x&name=monday.com';

it('the client creates an endpoint with its secret once, lists, reads, changes and deletes it, and reads its empty log', async () => {
  const { apiKey } = await stack.account();
  const api = new BrandradarClient({ baseUrl: stack.gatewayUrl, apiKey });
  const { webhook, secret } = await api.createWebhook({ url: URL_, events: ['run.finished', 'tracker.paused'], description: '__proto__ 📣' });
  expect(secret).toMatch(/^whsec_/);
  expect(webhook).toMatchObject({ url: URL_, events: ['run.finished', 'tracker.paused'], description: '__proto__ 📣', status: 'enabled', disabledReason: null });
  expect(await api.webhooks()).toEqual([webhook]);
  expect(await api.webhook(webhook.id)).toEqual(webhook);
  expect(JSON.stringify(await api.webhooks())).not.toContain(secret);
  expect(await api.updateWebhook(webhook.id, { status: 'disabled' })).toMatchObject({ status: 'disabled', disabledReason: 'by_account' });
  expect(await api.webhookDeliveries(webhook.id, { limit: 5 })).toEqual({ deliveries: [], nextCursor: null });
  await api.deleteWebhook(webhook.id);
  expect(await api.webhooks()).toEqual([]);
  const missing = await api.webhook(webhook.id).catch((e: unknown) => e);
  expect(missing).toBeInstanceOf(BrandradarApiError);
  expect(missing).toMatchObject({ status: 404, code: 'not_found' });
});

describe('brandradar webhooks', () => {
  let env: NodeJS.ProcessEnv;
  const cli = async (...args: string[]) => {
    const out = { stdout: '', stderr: '' };
    const io = { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) }, stdin: Readable.from([]), env };
    return { code: await runCli(args, io), ...out };
  };
  beforeAll(async () => {
    const { apiKey } = await stack.account();
    env = { BRANDRADAR_API_KEY: apiKey, BRANDRADAR_BASE_URL: stack.gatewayUrl };
  });

  it("prints the API's message for a refused URL with its field", async () => {
    const out = await cli('webhooks', 'create', '--url', 'hooks.example.com', '--event', 'run.finished');
    expect(out).toMatchObject({ code: 1, stdout: '' });
    expect(out.stderr).toMatch(/^brandradar: validation_error \(HTTP 400\): .*\n {2}URL must be an absolute https:\/\/ URL.* \(at url\)\n/);
  });

  it('creates an endpoint printing its secret once, lists it, disables, enables and deletes it', async () => {
    const created = await cli('webhooks', 'create', '--url', URL_, '--event', 'run.finished', '--event', 'TRACKER.PAUSED', '--description', 'Slack relay');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^secret: +whsec_[A-Za-z0-9+/]+={0,2}$/m);
    expect(created.stdout).toContain('The secret will not be shown again');
    const id = /^id: +(\S+)$/m.exec(created.stdout)![1]!;

    expect((await cli('webhooks', 'list', '-q')).stdout).toBe(`${id}\n`);
    const listed = await cli('webhooks', 'list');
    expect(listed.stdout).toMatch(new RegExp(`^${id}  .* run\\.finished,tracker\\.paused +enabled `, 'm'));
    expect(listed.stdout).not.toMatch(/whsec_/);
    expect(await cli('webhooks', 'disable', id)).toMatchObject({ code: 0, stdout: `${URL_} (${id}) is disabled by the account.\n` });
    expect(await cli('webhooks', 'enable', id)).toMatchObject({ code: 0, stdout: `${URL_} (${id}) is enabled.\n` });
    expect((await cli('webhooks', 'get', id, '--json')).stdout).toContain('"status": "enabled"');
    expect(await cli('webhooks', 'deliveries', id)).toEqual({ code: 0, stdout: 'No deliveries yet.\n', stderr: '' });
    expect(await cli('webhooks', 'delete', id)).toEqual({ code: 0, stdout: `Deleted ${id}.\n`, stderr: '' });
    expect(await cli('webhooks', 'get', id)).toMatchObject({ code: 1, stderr: expect.stringContaining('not_found (HTTP 404)') });
  });
});
