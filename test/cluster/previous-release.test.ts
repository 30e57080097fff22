import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { helmUpgrade, layout, loadReleaseImage, newestRelease, REPO_ROOT } from '@brandradar/devstack';
import { httpClient } from '../support/stack';
import { cluster, waitForDeployments } from './kube';
import { customer, everyRunSettled, startTraffic } from './traffic';

/**
 * Issue 44's "each service ships on its own", on the local cluster (`npm run test:cluster`): one
 * service goes back to the image of the newest recorded release (its commit's sources, built by
 * `deploy/images/build.sh --release`) while every other service stays on today's, then forward
 * again. Customers' traffic runs throughout and no request may fail; the smoke suite passes with
 * the older service and again after; every run the traffic started ends, billed once and e-mailed
 * once. The tracker is the one moved: every other service speaks with it (queries from the gateway
 * and scheduler, run commands and events with the runner, billing and the notifier).
 */
const run = promisify(execFile);
const log = (line: string) => process.stdout.write(`[previous release] ${line}\n`);
const SERVICE = 'tracker';
const CUSTOMERS = 2;

type Images = Map<string, string>;
async function deploymentImages(): Promise<Images> {
  const deployments = await waitForDeployments(cluster(), 5 * 60_000, log);
  return new Map(deployments.map((d) => [d.metadata!.labels!['app.kubernetes.io/component']!, d.spec!.template.spec!.containers[0]!.image!]));
}

/** smoke.test.ts in a jest of its own against this cluster (CLUSTER_REUSE: no cluster started or taken down). */
async function smokeSuite(): Promise<{ passed: boolean; output: string }> {
  const env = { ...process.env, CLUSTER_REUSE: '1', JEST_SUMMARY_FILE: '' };
  const args = [require.resolve('jest/bin/jest'), '-c', 'test/cluster/local/jest.config.js', '--ci', 'test/cluster/smoke.test.ts'];
  return run(process.execPath, args, { cwd: REPO_ROOT, env, maxBuffer: 16 << 20 }).then(
    ({ stdout, stderr }) => ({ passed: true, output: `${stderr}\n${stdout}` }),
    (err: { stdout?: string; stderr?: string }) => ({ passed: false, output: `${err.stderr ?? ''}\n${err.stdout ?? ''}` }),
  );
}
const PASSED = { passed: true, output: expect.stringMatching(/jest: [1-9]\d* passed, 0 failed/) };

describe(`the ${SERVICE} of the previous release beside today's other services, and back`, () => {
  it('fails no request either way, passes the smoke suite both ways, and every run ends billed once and e-mailed once', async () => {
    const client = httpClient(process.env.GATEWAY_URL!, process.env.ADMIN_URL!, process.env.ADMIN_TOKEN!);
    const l = layout();
    const version = newestRelease();
    const previous = await loadReleaseImage(l, version, SERVICE);
    log(`${previous} built from release ${version}'s commit and loaded`);
    // The cluster's values first (an earlier suite may have left skaffold's images): the others' images from here on.
    await helmUpgrade(l, ['--wait']);
    const today = await deploymentImages();
    const customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => customer(client)));
    const traffic = startTraffic(process.env.GATEWAY_URL!, customers);

    await helmUpgrade(l, ['--set', `services.${SERVICE}.image.tag=${version}`, '--wait']);
    const older = await deploymentImages();
    expect(older).toEqual(new Map([...today, [SERVICE, previous]]));
    expect(await smokeSuite()).toEqual(PASSED);
    log(`smoke suite passed with the ${SERVICE} of ${version}`);

    await helmUpgrade(l, ['--wait']);
    expect(await deploymentImages()).toEqual(today);
    expect(await smokeSuite()).toEqual(PASSED);
    log(`smoke suite passed with the ${SERVICE} of today again`);

    const figures = await traffic.stop();
    log(`${figures.requests} requests, ${figures.failed.length} failed, ${figures.runs.length} runs`);
    expect(figures.failed).toEqual([]);
    expect(figures.runs.length).toBeGreaterThanOrEqual(CUSTOMERS);
    await everyRunSettled(client, customers, figures.runs, l.mail);
  });
});
