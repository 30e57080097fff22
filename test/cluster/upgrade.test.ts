import { helmUpgrade, layout, tagServiceImages } from '@brandradar/devstack';
import { httpClient } from '../support/stack';
import { cluster, waitForDeployments } from './kube';
import { customer, everyRunSettled, startTraffic } from './traffic';

/**
 * Issue 44's rolling upgrade, on the local cluster (`npm run test:cluster`): while customers keep
 * reading their trackers and reports and starting runs, `helm upgrade` moves every Deployment to
 * images of a new tag (the same code), pod by pod as the chart's surge, probes, drain and
 * disruption budgets allow. No request may fail, not even with a 503; every run the traffic started
 * ends, is billed once and is e-mailed once.
 */
const log = (line: string) => process.stdout.write(`[upgrade] ${line}\n`);
const CUSTOMERS = 3;

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

    await everyRunSettled(client, customers, figures.runs, l.mail);
  });
});
