import fs from 'node:fs';
import path from 'node:path';
import { Script } from 'node:vm';
import { parse } from 'yaml';
import { NATS_USERS } from '@brandradar/contracts';
import { CHART_NATS_USERS, chartNatsUsers, passwordKey } from '@brandradar/devstack';
import { CHART_DIR, ciValuesFiles, find, prepareHelm, secretData, SERVICES, type Helm } from './support';

/**
 * What the chart must refuse (each helm/ci file that expects an error, and values set on the
 * command line), and what its sources must keep: the NATS users generated from the contracts, no
 * dependencies, URL-safe generated passwords, the runner's settings, a closed values schema.
 */
let helm: Helm;
beforeAll(async () => {
  helm = await prepareHelm();
}, 20 * 60_000);
afterAll(() => helm?.cleanup());

const failing = ciValuesFiles().filter((f) => f.expectError);

describe('values the chart must refuse', () => {
  it.each(failing.map((f) => [f.name, f.file, f.expectError!]))('fails on ci/%s with a clear message', async (_name, file, expected) => {
    const error = await helm.templateError(['-f', file]);
    expect(error).toMatch(expected);
    // helm lint fails on the schema; a template's `fail` it only reports (lint mode), with the same message.
    const lint = await helm.lint(['-f', file]);
    expect(!lint.ok || expected.test(lint.output)).toBe(true);
  });

  it.each([
    ['natsUrl and the in-cluster NATS together', ['--set', 'natsUrl=nats://x:4222'], /NATS is configured twice/],
    ['secret values with an existing Secret', ['--set', 'secrets.existingSecret=s', '--set', 'secrets.values.ADMIN_TOKEN=0123456789abcdef'], /secrets.values.ADMIN_TOKEN is set together with secrets.existingSecret/],
    ['stream replicas above the NATS cluster size', ['--set', 'natsStreamReplicas=5'], /natsStreamReplicas \(5\) is larger than the in-cluster NATS cluster \(nats.replicas=3\)/],
    ['a service MONGO_URL with the in-cluster MongoDB', ['--set-string', 'secrets.values.MONGO_URL_BILLING=mongodb://b:pw@db:27017/'], /MongoDB is configured twice: .*secrets.values.MONGO_URL_BILLING/],
    ['a two-member MongoDB replica set', ['--set', 'mongodb.replicas=2'], /mongodb.replicas=2 cannot elect a primary/],
    ['a floating store image tag', ['--set', 'nats.image.tag=latest'], /nats\/image\/tag/],
    ['an unknown service', ['--set', 'services.search.enabled=true'], /search/],
    ['an admin port on a service other than the gateway', ['--set', 'services.billing.ports.admin=9000'], /only the gateway has public and admin ports/],
    ['a PDB with both minAvailable and maxUnavailable', ['--set', 'services.billing.pdb.minAvailable=1'], /services.billing.pdb: set exactly one of minAvailable and maxUnavailable/],
    // The runner would ignore a mistyped name and refuse a bad value only at start, in a crash loop.
    ['a mistyped runner reanalysis setting', ['--set-string', 'services.runner.env.REANALYSIS_ANSWER_PER_SECOND=100'], /invalid propertyName 'REANALYSIS_ANSWER_PER_SECOND'/],
    ['a reanalysis lease under a second', ['--set-string', 'services.runner.env.REANALYSIS_LOCK_MS=500'], /REANALYSIS_LOCK_MS.*does not match pattern/],
    ['no reanalysis concurrency', ['--set-string', 'services.runner.env.REANALYSIS_CONCURRENCY=0'], /REANALYSIS_CONCURRENCY.*does not match pattern/],
  ])('fails on %s', async (_name, args, expected) => {
    expect(await helm.templateError(args)).toMatch(expected);
  });
});

describe('the chart source', () => {
  const chart = parse(fs.readFileSync(path.join(__dirname, '..', '..', 'helm', 'brandradar', 'Chart.yaml'), 'utf8'));
  const schema = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'helm', 'brandradar', 'values.schema.json'), 'utf8'));

  it('gives the in-cluster NATS the users of packages/contracts/src/access.ts (npm run chart:nats-users)', () => {
    expect(fs.readFileSync(CHART_NATS_USERS, 'utf8')).toBe(chartNatsUsers());
    const users = [...chartNatsUsers().matchAll(/\{user: "([a-z]+)", password: \$(NATS_PASSWORD_[A-Z]+),/g)].map((m) => [m[1], m[2]]);
    expect(users).toEqual(NATS_USERS.map((u) => [u, passwordKey(u)]));
  });

  it('has no dependencies: everything it installs comes from its own templates and pinned public images (no helm dependency update, no Chart.lock)', () => {
    expect(chart.dependencies).toBeUndefined();
    expect(fs.existsSync(path.join(CHART_DIR, 'charts'))).toBe(false);
    expect(fs.readFileSync(path.join(CHART_DIR, 'values.yaml'), 'utf8')).not.toMatch(/bitnami/i);
  });

  it('keeps a password with URL delimiters intact in the MONGO_URL it builds (percent-encoded user and password)', async () => {
    const password = 'p@:/?#%+ w';
    const objects = await helm.template(['--set-string', `secrets.values.MONGO_PASSWORD_BILLING=${password}`, '--show-only', 'templates/secret.yaml']);
    const url = secretData(find(objects, 'Secret', 'rel-secrets')!).MONGO_URL_BILLING!;
    expect(url).toMatch(/^mongodb:\/\/billing:p%40%3A%2F%3F%23%25%2B%20w@rel-mongodb-0\.rel-mongodb-headless\.brandradar\.svc:27017\/\?/);
    const parsed = new URL(url);
    expect([decodeURIComponent(parsed.username), decodeURIComponent(parsed.password), parsed.host]).toEqual(['billing', password, 'rel-mongodb-0.rel-mongodb-headless.brandradar.svc:27017']);
  });

  it("gives the runner its reanalysis settings as set, and leaves them to the runner's defaults when unset", async () => {
    const settings = { REANALYSIS_ANSWERS_PER_SECOND: '500', REANALYSIS_SWEEP_ANSWERS_PER_SECOND: '0', REANALYSIS_CONCURRENCY: '2', REANALYSIS_LOCK_MS: '120000' };
    const args = Object.entries(settings).flatMap(([key, value]) => ['--set-string', `services.runner.env.${key}=${value}`]);
    const set = await helm.template([...args, '--show-only', 'templates/services.yaml']);
    expect(find(set, 'ConfigMap', 'rel-runner')!.data).toMatchObject(settings);
    const unset = await helm.template(['--show-only', 'templates/services.yaml']);
    for (const s of SERVICES) expect([s, Object.keys(find(unset, 'ConfigMap', `rel-${s}`)!.data).filter((k) => k.startsWith('REANALYSIS_'))]).toEqual([s, []]);
  });

  it('ships a MongoDB init script that parses as JavaScript (it runs in mongosh)', () => {
    expect(() => new Script(fs.readFileSync(path.join(CHART_DIR, 'files', 'mongo-init.js'), 'utf8'))).not.toThrow();
  });

  it('closes every object of its values schema (additionalProperties: false)', () => {
    const open: string[] = [];
    const walk = (node: any, at: string) => {
      if (!node || typeof node !== 'object') return;
      if (node.type === 'object' && node.properties && node.additionalProperties !== false) open.push(at);
      for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`);
    };
    walk(schema, '#');
    expect(open.sort()).toEqual([]);
  });
});
