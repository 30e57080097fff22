import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { freePort, REPO_ROOT, SKAFFOLD_VERSION, startImageRegistry, type ImageRegistry } from '@brandradar/devstack';
import { prepareSkaffold, registryDigest } from './skaffold-env';

const SERVICES = ['gateway', 'billing', 'tracker', 'scheduler', 'runner', 'workflow', 'notifier'];

/**
 * skaffold.yaml's local-cluster profile through the skaffold built from its module (v2.19.0,
 * deploy/local/skaffold; minutes to compile, so not in `npm test`, whose test/helm/skaffold.test.ts
 * checks the schema only): skaffold accepts the config, renders the chart with it, and builds an
 * image with buildah through the custom builder, pushing it to a registry on loopback whose digest
 * skaffold then deploys. Needs no cluster.
 */
let dir: string;
let registry: ImageRegistry;
let skaffold: (args: string[]) => Promise<{ stdout: string; stderr: string }>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skaffold-'));
  registry = await startImageRegistry({ dir: path.join(dir, 'registry'), port: await freePort(), sink: () => {} });
  skaffold = (await prepareSkaffold(dir, { SKAFFOLD_DEFAULT_REPO: registry.address })).run;
}, 20 * 60_000);
afterAll(async () => {
  await registry?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const docs = (text: string): any[] => parseAllDocuments(text).map((d) => d.toJS()).filter((o) => o);

it(`is skaffold ${SKAFFOLD_VERSION}`, async () => {
  expect((await skaffold(['version'])).stdout.trim()).toBe(SKAFFOLD_VERSION);
});

it('accepts skaffold.yaml with the local-cluster profile: every service built by the buildah script and pushed, the chart deployed with the cluster values', async () => {
  const configs = docs((await skaffold(['diagnose', '-p', 'local-cluster', '--yaml-only'])).stdout);
  for (const s of SERVICES) {
    const { build } = configs.find((c) => c.metadata.name === s);
    expect([s, build.artifacts[0].custom.buildCommand, build.local.push]).toEqual([s, `deploy/images/skaffold-build.sh ${s}`, true]);
  }
  const [release] = configs.find((c) => c.metadata.name === 'brandradar').deploy.helm.releases;
  expect(release.valuesFiles).toEqual([path.join(REPO_ROOT, 'helm', 'environments', 'cluster.yaml')]);
});

it('renders the chart for the local cluster with each service image from the default repo', async () => {
  const manifests = docs((await skaffold(['render', '-p', 'local-cluster', '--offline=true', '--digest-source=tag'])).stdout);
  const images = manifests.filter((o) => o.kind === 'Deployment').map((d) => d.spec.template.spec.containers[0].image as string);
  expect(images.map((i) => i.replace(/:[^:]+$/, '')).sort()).toEqual(SERVICES.map((s) => `${registry.address}/brandradar_${s}`).sort());
});

it('builds an image with buildah (no Docker) and deploys the digest the registry on loopback serves for it', async () => {
  const output = path.join(dir, 'build.json');
  await skaffold(['build', '-p', 'local-cluster', '-m', 'gateway', `--file-output=${output}`]);
  const { builds } = JSON.parse(fs.readFileSync(output, 'utf8')) as { builds: { imageName: string; tag: string }[] };
  expect(builds).toEqual([{ imageName: 'brandradar/gateway', tag: expect.stringMatching(new RegExp(`^${registry.address}/brandradar_gateway:[^@]+@sha256:[0-9a-f]{64}$`)) }]);
  const [name, digest] = builds[0]!.tag.split('@') as [string, string];
  const tag = name.slice(name.lastIndexOf(':') + 1);
  expect(await registryDigest(registry.address, 'brandradar_gateway', tag)).toBe(digest);
});
