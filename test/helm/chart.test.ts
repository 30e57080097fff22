import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { NATS_USERS, PROVISION_USER, WORKFLOW_QUERY_TIMEOUT_MS } from '@brandradar/contracts';
import { ensureNatsServer, passwordKey } from '@brandradar/devstack';
import { byKind, ciValuesFiles, ENVIRONMENTS_DIR, find, prepareHelm, secretData, SERVICES, type Helm, type K8sObject } from './support';

const run = promisify(execFile);

/**
 * The chart, offline: helm lint --strict and helm template with the default values, each
 * helm/ci file and each environment; every rendered object checked against the Kubernetes
 * schemas (kubernetes-models); what each service must have (what must fail: chart-source.test.ts).
 * The first run builds helm from its Go module (minutes); later runs take seconds.
 */
let helm: Helm;
let natsServer: string;
beforeAll(async () => {
  [helm, natsServer] = await Promise.all([prepareHelm(), ensureNatsServer()]);
}, 20 * 60_000);
afterAll(() => helm?.cleanup());

const ciFiles = ciValuesFiles();
const passing = ciFiles.filter((f) => !f.expectError);

/**
 * Each render: a name, helm's arguments, and the values files it uses (to know which services are on);
 * `local`: images built on this machine (localhost/brandradar/…, tags like `local`), never pulled.
 */
const renders: { name: string; args: string[]; files: string[]; local?: boolean }[] = [
  { name: 'default values', args: [], files: [] },
  ...passing.map((f) => ({ name: `ci/${f.name}`, args: ['-f', f.file], files: [f.file] })),
  { name: 'environments/dev.yaml', args: ['-f', path.join(ENVIRONMENTS_DIR, 'dev.yaml')], files: [path.join(ENVIRONMENTS_DIR, 'dev.yaml')] },
  { name: 'environments/cluster.yaml', args: ['-f', path.join(ENVIRONMENTS_DIR, 'cluster.yaml')], files: [path.join(ENVIRONMENTS_DIR, 'cluster.yaml')], local: true },
  // skaffold's prod profile sets natsUrl from BRANDRADAR_NATS_URL.
  {
    name: 'environments/prod.yaml',
    args: ['-f', path.join(ENVIRONMENTS_DIR, 'prod.yaml'), '--set', 'natsUrl=nats://nats.messaging:4222'],
    files: [path.join(ENVIRONMENTS_DIR, 'prod.yaml')],
  },
  // A cluster that serves KEDA's API: the runner scales on its JetStream backlog.
  {
    name: 'environments/prod.yaml on a cluster with KEDA',
    args: ['-f', path.join(ENVIRONMENTS_DIR, 'prod.yaml'), '--set', 'natsUrl=nats://nats.messaging:4222', '--api-versions', 'keda.sh/v1alpha1'],
    files: [path.join(ENVIRONMENTS_DIR, 'prod.yaml')],
  },
  { name: 'default values on a cluster with KEDA, runner autoscaling on', args: ['--api-versions', 'keda.sh/v1alpha1', '--set', 'services.runner.autoscaling.enabled=true'], files: [] },
];

/** Kinds kubernetes-models has no schema for; test/helm/apiserver.test.ts checks them against their CRD. */
const CUSTOM_KINDS = new Set(['keda.sh/v1alpha1 ScaledObject', 'gateway.networking.k8s.io/v1 HTTPRoute']);

/** Every pod template of the render (Deployments, StatefulSets, Jobs) and the bare Pods. */
function podSpecs(objects: K8sObject[]): { owner: string; spec: any }[] {
  return objects.flatMap((o) => {
    if (o.kind === 'Pod') return [{ owner: `Pod/${o.metadata.name}`, spec: o.spec }];
    if (['Deployment', 'StatefulSet', 'Job'].includes(o.kind)) return [{ owner: `${o.kind}/${o.metadata.name}`, spec: o.spec.template.spec }];
    return [];
  });
}

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

describe.each(renders)('helm template with $name', ({ args, files, local }) => {
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
      if (!Model && CUSTOM_KINDS.has(`${o.apiVersion} ${o.kind}`)) continue;
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
        // Its own MongoDB user's connection string.
        expect(env.get('MONGO_URL')?.valueFrom?.secretKeyRef?.key).toBe(`MONGO_URL_${s.toUpperCase()}`);
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
    const secrets = byKind(objects, 'Secret').filter((o) => o.metadata.name === secretName || o.metadata.labels?.['app.kubernetes.io/component'] === 'hooks');
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
      // The gateway waits up to WORKFLOW_QUERY_TIMEOUT_MS (150 s) for a content brief, which the workflow runs: both finish it before they stop.
      if (s === 'gateway' || s === 'workflow') expect(graceMs).toBeGreaterThanOrEqual(WORKFLOW_QUERY_TIMEOUT_MS + 10_000);
      expect(pod.metadata.annotations['checksum/config']).toMatch(/^[0-9a-f]{64}$/);
      expect(pod.metadata.annotations['checksum/secret']).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('sets replicas exactly when the service has no HorizontalPodAutoscaler or ScaledObject', () => {
    for (const s of services) {
      const hpa = find(objects, 'HorizontalPodAutoscaler', svcName(s)) ?? find(objects, 'ScaledObject', svcName(s));
      expect(find(objects, 'HorizontalPodAutoscaler', svcName(s)) && find(objects, 'ScaledObject', svcName(s))).toBeUndefined();
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

  it('never routes the admin port (or anything but the gateway public port) from an HTTPRoute', () => {
    const publicPort = find(objects, 'Service', svcName('gateway'))?.spec.ports.find((p: any) => p.name === 'public')?.port;
    for (const route of byKind(objects, 'HTTPRoute')) {
      expect(route.spec.parentRefs.length).toBeGreaterThan(0);
      expect(route.spec.rules.flatMap((r: any) => r.backendRefs)).toEqual([{ name: svcName('gateway'), port: publicPort }]);
      expect(JSON.stringify(route)).not.toMatch(/admin|8081/);
    }
  });

  it('lets only the gateway take traffic from outside the release', () => {
    const policies = byKind(objects, 'NetworkPolicy').filter((p) => p.metadata.labels?.['app.kubernetes.io/component'] !== 'store');
    if (policies.length === 0) return; // networkPolicy.enabled=false
    expect(policies.map((p) => p.metadata.name).sort()).toEqual(services.map(svcName).sort());
    for (const p of policies) {
      expect(p.spec.policyTypes).toEqual(['Ingress', 'Egress']);
      const outside = p.spec.ingress.filter((rule: any) => rule.ports.some((port: any) => port.port !== 'ops'));
      if (p.metadata.name === svcName('gateway')) expect(outside.flatMap((r: any) => r.ports.map((port: any) => port.port))).toContain('public');
      else expect(outside).toEqual([]);
      // Egress: DNS, NATS, and (per service) Mongo, the collector, providers on 443, SMTP (12525: the local cluster's mail catcher).
      const egressPorts = p.spec.egress.flatMap((r: any) => r.ports.map((port: any) => port.port));
      expect(egressPorts).toEqual(expect.arrayContaining([53]));
      for (const port of egressPorts) expect([53, 4222, 27017, 4317, 4318, 443, 465, 587, 12525]).toContain(port);
    }
  });

  it("lets only the release's pods reach the in-cluster stores' client ports (NATS 4222, the database 27017)", () => {
    const stores = byKind(objects, 'StatefulSet').filter((set) => set.metadata.labels?.['app.kubernetes.io/component'] === 'store');
    const policies = byKind(objects, 'NetworkPolicy').filter((p) => p.metadata.labels?.['app.kubernetes.io/component'] === 'store');
    if (byKind(objects, 'NetworkPolicy').length === 0) return; // networkPolicy.enabled=false
    expect(policies.map((p) => p.metadata.name).sort()).toEqual(stores.map((set) => set.metadata.name).sort());
    for (const policy of policies) {
      const store = stores.find((set) => set.metadata.name === policy.metadata.name)!;
      expect(policy.spec.podSelector.matchLabels).toEqual(store.spec.selector.matchLabels);
      expect(policy.spec.policyTypes).toEqual(['Ingress']);
      const client = policy.spec.ingress.filter((rule: any) => rule.ports.some((port: any) => [4222, 27017].includes(port.port)));
      expect(client).toHaveLength(1);
      expect(client[0].from).toEqual([{ podSelector: { matchLabels: { 'app.kubernetes.io/instance': 'rel' } } }]);
    }
  });

  it("lets the notifier reach webhook receivers on 443 at public addresses only, never the cluster's or the cloud's metadata", () => {
    const policy = byKind(objects, 'NetworkPolicy').find((p) => p.metadata.name === svcName('notifier'));
    if (!policy) return; // networkPolicy.enabled=false, or no notifier
    const https = policy.spec.egress.filter((r: any) => r.ports.some((port: any) => port.port === 443));
    expect(https).toHaveLength(1);
    const excepted = https[0].to.flatMap((t: any) => t.ipBlock?.except ?? []);
    expect(excepted).toEqual(expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16']));
  });

  it('provisions streams, consumers and indexes in a hook Job that runs every enabled service in PROVISION_ONLY mode', () => {
    const job = byKind(objects, 'Job').find((j) => j.metadata.labels?.['app.kubernetes.io/component'] === 'provision');
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

  it('pins every image to a version: no `latest`, no floating tag (local images: never pulled)', () => {
    const images = podSpecs(objects).flatMap(({ owner, spec }) => [...(spec.initContainers ?? []), ...spec.containers].map((c: any) => [owner, c.image as string, c.imagePullPolicy as string]));
    expect(images.length).toBeGreaterThan(0);
    const pinned = /^[^:@\s]+:[0-9]+\.[0-9]+\.[0-9]+[-A-Za-z0-9.]*(@sha256:[0-9a-f]{64})?$/;
    const expected = local ? [expect.stringMatching(/^localhost\/brandradar\/[a-z]+:(?!latest$)[A-Za-z0-9._-]+$/), 'Never'] : [expect.stringMatching(pinned), expect.anything()];
    for (const [owner, image, policy] of images) expect([owner, image, policy]).toEqual([owner, ...expected]);
  });

  it('lets the ingress wait longer for a response than the slowest route (the 150 s content brief)', () => {
    for (const ingress of byKind(objects, 'Ingress')) {
      const annotations = ingress.metadata.annotations ?? {};
      for (const key of ['nginx.ingress.kubernetes.io/proxy-read-timeout', 'nginx.ingress.kubernetes.io/proxy-send-timeout']) expect([key, Number(annotations[key]) * 1000]).toEqual([key, expect.any(Number)]);
      expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']) * 1000).toBeGreaterThan(WORKFLOW_QUERY_TIMEOUT_MS + 5_000);
      expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-send-timeout']) * 1000).toBeGreaterThan(WORKFLOW_QUERY_TIMEOUT_MS + 5_000);
    }
  });

  it('lets the HTTPRoute wait longer for a response than the slowest route (the 150 s content brief)', () => {
    // A Gateway API duration (GEP-2257), e.g. 2m50s, in milliseconds.
    const ms = (d: string) => [...d.matchAll(/([0-9]+)(ms|h|m|s)/g)].reduce((sum, [, n, unit]) => sum + Number(n) * { h: 3_600_000, m: 60_000, s: 1_000, ms: 1 }[unit as 'h' | 'm' | 's' | 'ms'], 0);
    for (const rule of byKind(objects, 'HTTPRoute').flatMap((route) => route.spec.rules)) {
      expect(rule.timeouts).toEqual({ request: expect.any(String), backendRequest: expect.any(String) });
      expect(Math.min(ms(rule.timeouts.request), ms(rule.timeouts.backendRequest))).toBeGreaterThan(WORKFLOW_QUERY_TIMEOUT_MS + 5_000);
    }
  });

  it('scales the runner on its JetStream backlog with KEDA when the cluster serves keda.sh, on CPU otherwise', () => {
    const scaled = find(objects, 'ScaledObject', svcName('runner'));
    if (!args.includes('keda.sh/v1alpha1')) expect(scaled).toBeUndefined();
    if (!scaled) return;
    expect(find(objects, 'HorizontalPodAutoscaler', svcName('runner'))).toBeUndefined();
    expect(scaled.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: svcName('runner') });
    expect(scaled.spec.minReplicaCount).toBeLessThanOrEqual(scaled.spec.maxReplicaCount);
    const [trigger] = scaled.spec.triggers;
    expect(trigger).toMatchObject({ type: 'nats-jetstream', metadata: { stream: 'RUN_COMMANDS', consumer: 'runner', account: '$G', lagThreshold: expect.stringMatching(/^[1-9][0-9]*$/) } });
    const nats = find(objects, 'StatefulSet', 'rel-nats');
    // The in-cluster NATS's headless Service (the scaler reaches each server as <pod>.<endpoint>), or the external NATS's host.
    expect(trigger.metadata.natsServerMonitoringEndpoint).toBe(nats ? 'rel-nats-headless.brandradar.svc:8222' : 'nats.messaging:8222');
  });

  it('runs the in-cluster NATS, when on, as a JetStream cluster of the official image (or the local one) whose configuration nats-server accepts', async () => {
    const nats = find(objects, 'StatefulSet', 'rel-nats');
    if (!nats) return; // external NATS
    const pod = nats.spec.template.spec;
    const [server] = pod.containers;
    expect(server.image).toMatch(/^(nats|localhost\/brandradar\/nats):2\.12\.[0-9]+$/);
    expect(pod.serviceAccountName).toBe('rel-nats');
    expect(nats.spec.volumeClaimTemplates[0].spec.resources.requests.storage).toMatch(/^[0-9]+[MGT]i$/);
    expect(find(objects, 'Service', 'rel-nats-headless')!.spec.clusterIP).toBe('None');
    expect(find(objects, 'PodDisruptionBudget', 'rel-nats')!.spec.maxUnavailable).toBe(1);
    // Each server by its stable name, never the client Service's ClusterIP (the template says why).
    const servers = Array.from({ length: nats.spec.replicas }, (_, i) => `nats://rel-nats-${i}.rel-nats-headless:4222`);
    expect(find(objects, 'ConfigMap', deployment(services[0]!).metadata.name)!.data.NATS_URL).toBe(servers.join(','));
    // Every NATS user's password comes from the Secret the services read, under the key they read.
    const secretName = envOf(container(services[0]!)).get('NATS_PASSWORD').valueFrom.secretKeyRef.name;
    const env = envOf(server);
    for (const user of NATS_USERS) expect(env.get(passwordKey(user))?.valueFrom?.secretKeyRef).toEqual({ name: secretName, key: passwordKey(user) });
    // The rendered configuration, with the environment the pod gets, passes nats-server's own check.
    const config: string = find(objects, 'ConfigMap', 'rel-nats')!.data['nats.conf'];
    const replicas: number = nats.spec.replicas;
    expect(config.match(/nats:\/\/rel-nats-\d\.rel-nats-headless\.brandradar\.svc:6222/g) ?? []).toHaveLength(replicas > 1 ? replicas : 0);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chart-nats-'));
    try {
      fs.writeFileSync(path.join(dir, 'nats.conf'), config);
      const podEnv: Record<string, string> = { POD_NAME: 'rel-nats-0', ...Object.fromEntries(NATS_USERS.map((u) => [passwordKey(u), `pw-${u}`])) };
      const { stderr } = await run(natsServer, ['-c', path.join(dir, 'nats.conf'), '-t'], { env: podEnv });
      expect(stderr).toMatch(/configuration file .* is valid/);
      // Without a user's password in its environment the server refuses to start.
      const missing = { ...podEnv };
      delete missing[passwordKey('runner')];
      await expect(run(natsServer, ['-c', path.join(dir, 'nats.conf'), '-t'], { env: missing })).rejects.toThrow(/NATS_PASSWORD_RUNNER/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs the in-cluster MongoDB, when on, as a replica set whose init Job gives each service a user of its own database only', () => {
    const mongo = find(objects, 'StatefulSet', 'rel-mongodb');
    if (!mongo) return; // external MongoDB
    const [mongod] = mongo.spec.template.spec.containers;
    expect(mongod.image).toMatch(/^mongo:8\.0\.[0-9]+$/);
    expect(mongod.args).toEqual(expect.arrayContaining(['--replSet', '--keyFile', '--bind_ip_all']));
    expect(find(objects, 'Service', 'rel-mongodb-headless')!.spec.clusterIP).toBe('None');
    const init = find(objects, 'Job', 'rel-mongodb-init')!;
    const provision = byKind(objects, 'Job').find((j) => j.metadata.labels?.['app.kubernetes.io/component'] === 'provision');
    expect(init.metadata.annotations!['helm.sh/hook']).toBe('post-install,pre-upgrade');
    // Before the provisioning Job, which connects as those users.
    if (provision) expect(Number(init.metadata.annotations!['helm.sh/hook-weight'])).toBeLessThan(Number(provision.metadata.annotations!['helm.sh/hook-weight']));
    const env = envOf(init.spec.template.spec.containers[0]);
    const users = JSON.parse(env.get('MONGO_SERVICE_USERS').value) as { user: string; db: string; key: string }[];
    expect(users.map((u) => u.user).sort()).toEqual(SERVICES.filter((s) => s !== 'gateway').sort());
    for (const u of users) {
      expect(u.db).toBe(find(objects, 'ConfigMap', `rel-${u.user}`)?.data.MONGO_DB ?? `brandradar-${u.user}`);
      expect(env.get(`MONGO_PASSWORD_${u.key}`)?.valueFrom?.secretKeyRef?.key).toBe(`MONGO_PASSWORD_${u.key}`);
    }
    expect(JSON.parse(env.get('MONGO_MEMBERS').value)).toHaveLength(mongo.spec.replicas);
    // Each service's MONGO_URL is that user's, on the replica set, password from the Secret.
    const secret = find(objects, 'Secret', 'rel-secrets');
    if (!secret) return; // secrets.existingSecret
    const data = secretData(secret);
    for (const s of services.filter((x) => x !== 'gateway')) {
      const url = new URL(data[`MONGO_URL_${s.toUpperCase()}`]!);
      expect([url.protocol, decodeURIComponent(url.username), decodeURIComponent(url.password)]).toEqual(['mongodb:', s, data[`MONGO_PASSWORD_${s.toUpperCase()}`]]);
      expect(url.searchParams.get('replicaSet')).toBe('rs0');
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
