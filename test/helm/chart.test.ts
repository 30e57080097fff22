import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { NATS_USERS, PROVISION_USER } from '@brandradar/contracts';
import { CHART_VALUES, chartNatsValues, passwordKey, withChartNatsValues } from '@brandradar/devstack';
import { byKind, ciValuesFiles, ENVIRONMENTS_DIR, find, prepareHelm, SERVICES, type Helm, type K8sObject } from './support';

/**
 * The chart, offline: helm lint --strict and helm template with the default values, each
 * helm/ci file and each environment; every rendered object checked against the Kubernetes
 * schemas (kubernetes-models); what each service must have; and the files that must fail.
 * The first run builds helm from its Go module (minutes); later runs take seconds.
 */
let helm: Helm;
beforeAll(async () => {
  helm = await prepareHelm();
}, 20 * 60_000);
afterAll(() => helm?.cleanup());

const ciFiles = ciValuesFiles();
const passing = ciFiles.filter((f) => !f.expectError);
const failing = ciFiles.filter((f) => f.expectError);

/** Each render: a name, helm's arguments, and the values files it uses (to know which services are on). */
const renders: { name: string; args: string[]; files: string[] }[] = [
  { name: 'default values', args: [], files: [] },
  ...passing.map((f) => ({ name: `ci/${f.name}`, args: ['-f', f.file], files: [f.file] })),
  { name: 'environments/dev.yaml', args: ['-f', path.join(ENVIRONMENTS_DIR, 'dev.yaml')], files: [path.join(ENVIRONMENTS_DIR, 'dev.yaml')] },
  // skaffold's prod profile sets natsUrl from BRANDRADAR_NATS_URL.
  {
    name: 'environments/prod.yaml',
    args: ['-f', path.join(ENVIRONMENTS_DIR, 'prod.yaml'), '--set', 'natsUrl=nats://nats.messaging:4222'],
    files: [path.join(ENVIRONMENTS_DIR, 'prod.yaml')],
  },
];

function enabledServices(files: string[]): string[] {
  const off = new Set<string>();
  for (const f of files) {
    const services = (parse(fs.readFileSync(f, 'utf8')) as { services?: Record<string, { enabled?: boolean }> }).services ?? {};
    for (const [name, s] of Object.entries(services)) if (s.enabled === false) off.add(name);
  }
  return SERVICES.filter((s) => !off.has(s));
}

/** The kubernetes-models class of an object's apiVersion and kind (its validate() checks the schema). */
function modelOf(o: K8sObject): (new (data: unknown) => { validate(): void }) | undefined {
  const [group, version] = o.apiVersion.includes('/') ? o.apiVersion.split('/') : ['', o.apiVersion];
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(`kubernetes-models/${group ? `${group}/` : ''}${version}/${o.kind}`)[o.kind];
  } catch {
    return undefined;
  }
}

function envOf(container: any): Map<string, any> {
  return new Map((container.env ?? []).map((e: any) => [e.name, e]));
}

describe('helm lint --strict', () => {
  it('passes with the default values', async () => {
    const { ok, output } = await helm.lint();
    expect(ok ? '' : output).toBe('');
  });

  it.each(passing.map((f) => [f.name, f.file]))('passes with ci/%s', async (_name, file) => {
    const { ok, output } = await helm.lint(['-f', file]);
    expect(ok ? '' : output).toBe('');
  });
});

describe.each(renders)('helm template with $name', ({ args, files }) => {
  let objects: K8sObject[];
  const services = enabledServices(files);
  beforeAll(async () => {
    objects = await helm.template(args);
  });
  const svcName = (s: string) => `rel-${s}`;
  const deployment = (s: string) => find(objects, 'Deployment', svcName(s))!;
  const container = (s: string) => deployment(s).spec.template.spec.containers[0];

  it('renders only objects that are valid against the Kubernetes schemas', () => {
    expect(objects.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const o of objects) {
      const Model = modelOf(o);
      if (!Model) {
        problems.push(`${o.apiVersion} ${o.kind} ${o.metadata?.name}: no schema for this kind`);
        continue;
      }
      try {
        new Model(o).validate();
      } catch (e) {
        problems.push(`${o.kind} ${o.metadata.name}: ${(e as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives every object a unique kind and name', () => {
    const keys = objects.map((o) => `${o.kind}/${o.metadata.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('renders exactly the enabled services, each with its Deployment, Service, ServiceAccount, ConfigMap and PodDisruptionBudget', () => {
    expect(byKind(objects, 'Deployment').map((d) => d.metadata.name).sort()).toEqual(services.map(svcName).sort());
    for (const s of services) {
      for (const kind of ['Service', 'ServiceAccount', 'ConfigMap', 'PodDisruptionBudget']) expect([s, kind, find(objects, kind, svcName(s))?.kind]).toEqual([s, kind, kind]);
      const pod = deployment(s).spec.template.spec;
      expect(pod.serviceAccountName).toBe(svcName(s));
      expect(find(objects, 'ServiceAccount', svcName(s))!.automountServiceAccountToken).toBe(false);
      const pdb = find(objects, 'PodDisruptionBudget', svcName(s))!;
      expect(pdb.spec.selector.matchLabels).toEqual(deployment(s).spec.selector.matchLabels);
      expect(find(objects, 'Service', svcName(s))!.spec.selector).toEqual(deployment(s).spec.selector.matchLabels);
    }
  });

  it('gives every service startup, liveness (/livez) and readiness (/readyz) probes on its ops port', () => {
    for (const s of services) {
      const c = container(s);
      expect(c.livenessProbe.httpGet).toEqual({ path: '/livez', port: 'ops' });
      expect(c.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'ops' });
      expect(c.startupProbe.httpGet.port).toBe('ops');
      expect(c.readinessProbe.httpGet.path).not.toBe(c.livenessProbe.httpGet.path);
      expect(c.ports.find((p: any) => p.name === 'ops')).toBeDefined();
    }
  });

  it('gives every service requests and limits, and runs it non-root, read-only, with no capabilities', () => {
    for (const s of services) {
      const pod = deployment(s).spec.template.spec;
      const c = container(s);
      for (const r of ['cpu', 'memory']) {
        expect(c.resources.requests[r]).toBeDefined();
        expect(c.resources.limits[r]).toBeDefined();
      }
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
      expect(c.securityContext).toMatchObject({ runAsNonRoot: true, readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
      expect(c.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
      expect(pod.volumes).toContainEqual(expect.objectContaining({ name: 'tmp', emptyDir: expect.any(Object) }));
      expect(pod.automountServiceAccountToken).toBe(false);
    }
  });

  it('gives every service the settings it reads, and secrets only from Secrets', () => {
    for (const s of services) {
      const config = find(objects, 'ConfigMap', svcName(s))!.data;
      for (const key of ['NATS_URL', 'OPS_PORT', 'LOG_LEVEL', 'SHUTDOWN_GRACE_MS', 'NATS_STREAM_REPLICAS', 'OTEL_SERVICE_NAME']) expect([s, key, typeof config[key]]).toEqual([s, key, 'string']);
      expect(config.OTEL_SERVICE_NAME).toBe(s);
      expect(config.NATS_URL).toMatch(/^nats:\/\//);
      expect(container(s).envFrom).toEqual([{ configMapRef: { name: svcName(s) } }]);
      const env = envOf(container(s));
      if (s === 'gateway') {
        expect(env.has('MONGO_URL')).toBe(false);
        expect(config).toMatchObject({ GATEWAY_PORT: expect.any(String), ADMIN_PORT: expect.any(String) });
      } else {
        expect(env.get('MONGO_URL')).toBeDefined();
      }
      // No secret value is ever in a ConfigMap.
      for (const key of Object.keys(config)) expect(key).not.toMatch(/KEY|TOKEN|PASSWORD|MONGO_URL|SMTP_URL/);
      for (const e of env.values()) if (e.name !== 'NATS_USER' && (e.name !== 'MONGO_URL' || !e.value)) expect(e.valueFrom?.secretKeyRef).toBeDefined();
      // Its own NATS user, with the password from the Secret's key of that user.
      expect(env.get('NATS_USER')?.value).toBe(s);
      expect(env.get('NATS_PASSWORD')?.valueFrom?.secretKeyRef?.key).toBe(passwordKey(s));
    }
  });

  it('gives every NATS user a password in the Secret the services and the provisioning Job read', () => {
    const secretName = container(services[0]!).env.find((e: any) => e.name === 'NATS_PASSWORD').valueFrom.secretKeyRef.name;
    const secrets = byKind(objects, 'Secret').filter((o) => o.metadata.name === secretName || o.metadata.labels?.['app.kubernetes.io/component'] === 'provision');
    if (secrets.length === 0) return; // secrets.existingSecret: the operator's Secret holds them
    for (const secret of secrets) for (const user of NATS_USERS) expect(Buffer.from(secret.data[passwordKey(user)] ?? '', 'base64').toString().length).toBeGreaterThanOrEqual(8);
    // The hook's copy carries the very same passwords as the release's Secret.
    if (secrets.length === 2) expect(secrets[0]!.data).toEqual(secrets[1]!.data);
  });

  it('stops pods later than the drain, and rolls them when their settings or secrets change', () => {
    for (const s of services) {
      const pod = deployment(s).spec.template;
      const graceMs = Number(find(objects, 'ConfigMap', svcName(s))!.data.SHUTDOWN_GRACE_MS);
      const preStop = Number(pod.spec.containers[0].lifecycle?.preStop?.exec?.command?.[1] ?? 0);
      expect(pod.spec.terminationGracePeriodSeconds * 1000).toBeGreaterThan(graceMs + preStop * 1000);
      expect(pod.metadata.annotations['checksum/config']).toMatch(/^[0-9a-f]{64}$/);
      expect(pod.metadata.annotations['checksum/secret']).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('sets replicas exactly when the service has no HorizontalPodAutoscaler', () => {
    for (const s of services) {
      const hpa = find(objects, 'HorizontalPodAutoscaler', svcName(s));
      if (hpa) {
        expect(deployment(s).spec.replicas).toBeUndefined();
        expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: svcName(s) });
      } else {
        expect(deployment(s).spec.replicas).toEqual(expect.any(Number));
      }
    }
  });

  it('never routes the admin port (or anything but the gateway public port) from an Ingress', () => {
    for (const ingress of byKind(objects, 'Ingress')) {
      const backends = ingress.spec.rules.flatMap((r: any) => r.http.paths.map((p: any) => p.backend.service));
      expect(backends.length).toBeGreaterThan(0);
      for (const b of backends) expect(b).toEqual({ name: svcName('gateway'), port: { name: 'public' } });
      expect(JSON.stringify(ingress)).not.toMatch(/admin|8081/);
    }
  });

  it('lets only the gateway take traffic from outside the release', () => {
    const policies = byKind(objects, 'NetworkPolicy');
    if (policies.length === 0) return; // networkPolicy.enabled=false
    expect(policies.map((p) => p.metadata.name).sort()).toEqual(services.map(svcName).sort());
    for (const p of policies) {
      expect(p.spec.policyTypes).toEqual(['Ingress', 'Egress']);
      const outside = p.spec.ingress.filter((rule: any) => rule.ports.some((port: any) => port.port !== 'ops'));
      if (p.metadata.name === svcName('gateway')) expect(outside.flatMap((r: any) => r.ports.map((port: any) => port.port))).toContain('public');
      else expect(outside).toEqual([]);
      // Egress: DNS, NATS, and (per service) Mongo, the collector, providers on 443, SMTP.
      const egressPorts = p.spec.egress.flatMap((r: any) => r.ports.map((port: any) => port.port));
      expect(egressPorts).toEqual(expect.arrayContaining([53]));
      for (const port of egressPorts) expect([53, 4222, 27017, 4317, 4318, 443, 465, 587]).toContain(port);
    }
  });

  it('provisions streams, consumers and indexes in a hook Job that runs every enabled service in PROVISION_ONLY mode', () => {
    const job = byKind(objects, 'Job')[0];
    if (!job) return; // provision.enabled=false
    expect(job.metadata.annotations?.['helm.sh/hook']).toMatch(/pre-upgrade/);
    const containers = job.spec.template.spec.containers;
    expect(containers.map((c: any) => c.name).sort()).toEqual([...services].sort());
    for (const c of containers) {
      expect(c.image).toBe(container(c.name).image);
      const env = envOf(c);
      expect(env.get('PROVISION_ONLY')?.value).toBe('true');
      // Streams are the provisioning user's to create; the services' own users may only look at them.
      expect(env.get('NATS_USER')?.value).toBe(PROVISION_USER);
      expect(env.get('NATS_PASSWORD')?.valueFrom?.secretKeyRef?.key).toBe(passwordKey(PROVISION_USER));
      expect(env.get('NATS_URL')?.value).toBe(find(objects, 'ConfigMap', svcName(c.name))!.data.NATS_URL);
      expect(env.has('MONGO_URL')).toBe(c.name !== 'gateway');
      expect(c.securityContext.readOnlyRootFilesystem).toBe(true);
    }
  });

  it('has a helm test that asks the gateway for its OpenAPI document', () => {
    const test = byKind(objects, 'Pod').find((p) => p.metadata.annotations?.['helm.sh/hook'] === 'test');
    if (!services.includes('gateway') || !test) return;
    const targets = envOf(test.spec.containers[0]).get('TARGETS').value as string;
    expect(targets).toContain(`http://${svcName('gateway')}:8080/api/v1/openapi.json`);
    for (const s of services) expect(targets).toContain(`http://${svcName(s)}:9464/readyz`);
  });
});

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
    ['stream replicas above the NATS cluster size', ['--set', 'natsStreamReplicas=5'], /natsStreamReplicas \(5\) is larger than the in-cluster NATS cluster/],
    ['an unknown service', ['--set', 'services.search.enabled=true'], /search/],
    ['an admin port on a service other than the gateway', ['--set', 'services.billing.ports.admin=9000'], /only the gateway has public and admin ports/],
    ['a PDB with both minAvailable and maxUnavailable', ['--set', 'services.billing.pdb.minAvailable=1'], /services.billing.pdb: set exactly one of minAvailable and maxUnavailable/],
  ])('fails on %s', async (_name, args, expected) => {
    expect(await helm.templateError(args)).toMatch(expected);
  });
});

describe('the chart source', () => {
  const chart = parse(fs.readFileSync(path.join(__dirname, '..', '..', 'helm', 'brandradar', 'Chart.yaml'), 'utf8'));
  const schema = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'helm', 'brandradar', 'values.schema.json'), 'utf8'));

  it('gives the in-cluster NATS the users of packages/contracts/src/access.ts (npm run chart:nats-users)', () => {
    const values = fs.readFileSync(CHART_VALUES, 'utf8');
    expect(withChartNatsValues(values, chartNatsValues())).toBe(values);
    const nats = parse(values).nats;
    expect(nats.config.merge.authorization.users.map((u: { user: string }) => u.user)).toEqual([...NATS_USERS]);
    expect(Object.keys(nats.container.env)).toEqual(NATS_USERS.map(passwordKey));
  });

  it('declares NATS and MongoDB as dependencies behind conditions', () => {
    expect(chart.dependencies).toEqual([
      expect.objectContaining({ name: 'nats', condition: 'nats.enabled' }),
      expect.objectContaining({ name: 'mongodb', condition: 'mongodb.enabled' }),
    ]);
  });

  it('closes every object of its values schema (additionalProperties: false), except the dependencies passed through', () => {
    const open: string[] = [];
    const walk = (node: any, at: string) => {
      if (!node || typeof node !== 'object') return;
      if (node.type === 'object' && node.properties && node.additionalProperties !== false) open.push(at);
      for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`);
    };
    walk(schema, '#');
    expect(open.sort()).toEqual(['#/properties/mongodb', '#/properties/nats']);
  });
});
