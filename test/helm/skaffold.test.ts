import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { parse, parseAllDocuments } from 'yaml';
import { REPO_ROOT, ensureSkaffoldSchema } from '@brandradar/devstack';
import { SERVICES } from './support';

/**
 * skaffold.yaml, offline and without building skaffold (minutes; test/cluster/skaffold.test.ts runs
 * the skaffold built from its module): each config document is validated against skaffold's own
 * published JSON schema for its apiVersion, then checked for what the chart and the Dockerfile need.
 */
const text = fs.readFileSync(path.join(REPO_ROOT, 'skaffold.yaml'), 'utf8');
// skaffold reads YAML merge keys (<<); profiles reuse the release through them.
const configs = parseAllDocuments(text, { merge: true }).map((d) => d.toJS());
const byName = new Map(configs.map((c) => [c.metadata?.name as string, c]));

let validate: ReturnType<Ajv['compile']>;
beforeAll(async () => {
  const versions = [...new Set(configs.map((c) => c.apiVersion as string))];
  expect(versions).toEqual(['skaffold/v4beta14']);
  const schema = JSON.parse(fs.readFileSync(await ensureSkaffoldSchema(versions[0]!), 'utf8'));
  // The schema uses skaffold's own annotation keywords (x-intellij-html-description, ...).
  validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
}, 5 * 60_000);

describe('skaffold.yaml', () => {
  it('is valid against skaffold schema for its apiVersion, document by document', () => {
    const problems = configs.flatMap((c) => (validate(c) ? [] : [`${c.metadata?.name}: ${JSON.stringify(validate.errors?.slice(0, 5))}`]));
    expect(problems).toEqual([]);
  });

  it('is checked by a schema that rejects a mistyped key', () => {
    const release = byName.get('brandradar').deploy.helm.releases[0];
    const mistyped = { ...byName.get('brandradar'), deploy: { helm: { releases: [{ ...release, chartpath: release.chartPath }] } } };
    expect(validate(mistyped)).toBe(false);
  });

  it('has one config per service, building its image from the one Dockerfile with its SERVICE argument and the repository root as the context', () => {
    for (const s of SERVICES) {
      const artifacts = byName.get(s)?.build?.artifacts;
      expect(artifacts).toEqual([expect.objectContaining({ image: `brandradar/${s}`, context: '.', docker: { dockerfile: 'Dockerfile', buildArgs: { SERVICE: s } } })]);
      expect(byName.get(s).deploy).toBeUndefined();
    }
    const dockerfile = fs.readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^ARG SERVICE$/m);
    // The service's directory name is what the Dockerfile builds and runs.
    for (const s of SERVICES) expect(fs.existsSync(path.join(REPO_ROOT, 'services', s, 'package.json'))).toBe(true);
  });

  it('joins the service configs with requires in the config that deploys the chart', () => {
    const release = byName.get('brandradar');
    expect(release.requires).toEqual([{ configs: [...SERVICES] }]);
    expect(configs.filter((c) => c.deploy).map((c) => c.metadata.name)).toEqual(['brandradar']);
    const [helmRelease] = release.deploy.helm.releases;
    expect(fs.existsSync(path.join(REPO_ROOT, helmRelease.chartPath, 'Chart.yaml'))).toBe(true);
  });

  it('deploys each service with the tag just built, on the values the chart has', () => {
    const values = parse(fs.readFileSync(path.join(REPO_ROOT, 'helm', 'brandradar', 'values.yaml'), 'utf8'));
    const releases = [byName.get('brandradar').deploy.helm.releases[0], ...byName.get('brandradar').profiles.map((p: any) => p.deploy.helm.releases[0])];
    for (const r of releases) {
      for (const s of SERVICES) {
        const image = `brandradar_${s}`;
        expect(r.setValueTemplates[`services.${s}.image.repository`]).toBe(`{{.IMAGE_REPO_${image}}}`);
        expect(r.setValueTemplates[`services.${s}.image.tag`]).toBe(`{{.IMAGE_TAG_${image}}}@{{.IMAGE_DIGEST_${image}}}`);
        expect(values.services[s].image).toEqual({ repository: '', tag: '' });
      }
    }
  });

  it('has dev, local-cluster and prod profiles that replace the release by name, never patch by index', () => {
    const profiles = byName.get('brandradar').profiles;
    expect(profiles.map((p: any) => p.name)).toEqual(['dev', 'local-cluster', 'prod']);
    expect(text).not.toMatch(/patches:|\/\d+\//);
    const base = byName.get('brandradar').deploy.helm.releases[0];
    for (const p of profiles) {
      const [release] = p.deploy.helm.releases;
      expect(release).toMatchObject({ name: base.name, chartPath: base.chartPath, valuesFiles: [`helm/environments/${p.name === 'local-cluster' ? 'cluster' : p.name}.yaml`] });
      expect(fs.existsSync(path.join(REPO_ROOT, release.valuesFiles[0]))).toBe(true);
    }
    const prod = profiles.find((p: any) => p.name === 'prod').deploy.helm.releases[0];
    expect(prod.setValueTemplates.natsUrl).toBe('{{.BRANDRADAR_NATS_URL}}');
  });

  it('builds each service with buildah in the local-cluster profile: the custom builder script, watching the files build.sh hashes, pushed to the default repo', () => {
    const script = path.join(REPO_ROOT, 'deploy', 'images', 'skaffold-build.sh');
    expect(fs.statSync(script).mode & 0o111).not.toBe(0);
    // What deploy/images/build.sh hashes into an image's inputs, so skaffold dev rebuilds on the same changes.
    const hashed = /find (.*?) \\\n/.exec(fs.readFileSync(path.join(REPO_ROOT, 'deploy', 'images', 'build.sh'), 'utf8'))![1]!.split(' ').filter((f) => !/[$*]/.test(f));
    for (const s of SERVICES) {
      const docker = byName.get(s).build.artifacts[0];
      const profiles = byName.get(s).profiles;
      expect(profiles.map((p: any) => p.name)).toEqual(['local-cluster']);
      expect(profiles[0].build).toMatchObject({ artifacts: [{ image: docker.image, context: docker.context, custom: { buildCommand: `deploy/images/skaffold-build.sh ${s}` } }], local: { push: true } });
      const { paths, ignore } = profiles[0].build.artifacts[0].custom.dependencies;
      expect(paths).toEqual(expect.arrayContaining([...hashed, 'services']));
      expect(ignore).toEqual(expect.arrayContaining(['**/node_modules/**', '**/dist/**']));
    }
  });

  it('puts dev on in-cluster stores with one replica each and simulated providers, and prod on external stores', () => {
    const dev = parse(fs.readFileSync(path.join(REPO_ROOT, 'helm', 'environments', 'dev.yaml'), 'utf8'));
    expect(dev).toMatchObject({ nats: { enabled: true }, mongodb: { enabled: true }, natsStreamReplicas: 1 });
    for (const s of SERVICES) expect(dev.services[s].replicas).toBe(1);
    expect(Object.keys(dev.secrets.values)).toEqual(['ADMIN_TOKEN']);
    const prod = parse(fs.readFileSync(path.join(REPO_ROOT, 'helm', 'environments', 'prod.yaml'), 'utf8'));
    expect(prod).toMatchObject({ nats: { enabled: false }, mongodb: { enabled: false }, natsStreamReplicas: 3, secrets: { existingSecret: expect.any(String) } });
  });
});
