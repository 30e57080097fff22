import { helmUpgrade, layout, tagServiceImages } from '@brandradar/devstack';
import { checkLedger } from '../support/accounts';
import { eventually } from '../support/eventually';
import { mailsIn, runFinishedMails } from '../support/run-mails';
import { httpClient, type HttpClient } from '../support/stack';
import { cluster, waitForDeployments } from './kube';
import { startTraffic, type TrafficAccount } from './traffic';

/**
 * Issue 44's rolling upgrade, on the local cluster (`npm run test:cluster`): while customers keep
 * reading their trackers and reports and starting runs, `helm upgrade` moves every Deployment to
 * images of a new tag (the same code), pod by pod as the chart's surge, probes, drain and
 * disruption budgets allow. No request may fail, not even with a 503; every run the traffic started
 * ends, is billed once and is e-mailed once.
 */
const log = (line: string) => process.stdout.write(`[upgrade] ${line}\n`);
const CUSTOMERS = 3;
const CREDITS_MICRO = 50_000_000;
const TERMINAL = new Set(['COMPLETED', 'PARTIAL', 'FAILED']);

async function customer(client: HttpClient): Promise<TrafficAccount & { accountId: string }> {
  const { accountId, apiKey } = await client.account(CREDITS_MICRO);
  const created = await client.api('POST', '/api/v1/trackers', {
    key: apiKey,
    body: {
      name: 'upgrade traffic',
      cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
      primitive: 'rankings',
      prompts: ['best crm for a small team'],
      competitors: ['HubSpot', 'Salesforce'],
    },
  });
  if (created.status !== 201) throw new Error(`tracker: ${created.status} ${JSON.stringify(created.body)}`);
  const { id, estimatedCostMicroPerRun } = created.body.tracker;
  const activated = await client.api('POST', `/api/v1/trackers/${id}/activate`, { key: apiKey, body: { maxCostMicroPerRun: estimatedCostMicroPerRun } });
  if (activated.status !== 200) throw new Error(`activate: ${activated.status} ${JSON.stringify(activated.body)}`);
  return { accountId, apiKey, trackerId: id };
}

describe('a rolling upgrade of every service under traffic', () => {
  it('fails no request, and every run ends, billed once and e-mailed once', async () => {
    const client = httpClient(process.env.GATEWAY_URL!, process.env.ADMIN_URL!, process.env.ADMIN_TOKEN!);
    const l = layout();
    const tag = `upgrade-${Date.now()}`;
    await tagServiceImages(l, tag);
    const customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => customer(client)));

    const traffic = startTraffic(process.env.GATEWAY_URL!, customers);
    const started = Date.now();
    await helmUpgrade(l, ['--set', `image.tag=${tag}`, '--wait']);
    const c = cluster();
    const deployments = await waitForDeployments(c, 5 * 60_000, log);
    log(`every Deployment on ${tag} ${Math.round((Date.now() - started) / 1000)} s after helm upgrade started`);
    const figures = await traffic.stop();
    log(`${figures.requests} requests, ${figures.failed.length} failed, ${figures.runs.length} runs`);

    for (const d of deployments) expect(d.spec?.template.spec?.containers[0]?.image).toMatch(new RegExp(`:${tag}$`));
    expect(figures.failed).toEqual([]);
    expect(figures.runs.length).toBeGreaterThanOrEqual(CUSTOMERS);

    const readRuns = () =>
      Promise.all(
        figures.runs.map(async ({ trackerId, runId }) => {
          const key = customers.find((k) => k.trackerId === trackerId)!.apiKey;
          return { trackerId, ...(await client.api('GET', `/api/v1/trackers/${trackerId}/runs/${runId}`, { key })).body.run };
        }),
      );
    const runs = await eventually(readRuns, (all) => all.every((r) => TERMINAL.has(r.status)), 5 * 60_000, 1_000);
    for (const k of customers) {
      const billed = runs.filter((r) => r.trackerId === k.trackerId).reduce((sum, r) => sum + r.billedCostMicro, 0);
      expect((await checkLedger(client, k, CREDITS_MICRO, billed)).problems).toEqual([]);
    }
    const mails = await eventually(
      async () => runFinishedMails(mailsIn(l.mail)),
      (perRun) => runs.every((r) => perRun.has(r.id)),
      2 * 60_000,
      1_000,
    );
    expect(runs.filter((r) => mails.get(r.id) !== 1).map((r) => `${r.id}: ${mails.get(r.id)} e-mails`)).toEqual([]);
  });
});
