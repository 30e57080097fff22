import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ensureGatewayApiManifests, kubeRequest, startControlPlane, type ControlPlane, type KubeAnswer } from '@brandradar/devstack';
import { eventually } from '../support/eventually';
import { ENVIRONMENTS_DIR, prepareHelm, SERVICES, type Helm, type K8sObject } from './support';

/**
 * The chart against a real Kubernetes API server (1.34, built from its Go module, on Debian's etcd)
 * with RBAC, the default admission plugins and Pod Security "restricted" enforced on every namespace
 * used here, plus kube-controller-manager (Deployments → ReplicaSets → Pods, garbage collection).
 * No scheduler and no kubelet: Pods are created and stay Pending, no image is pulled, and a hook
 * Job never completes. So:
 *  - the release's lifecycle (install, upgrade, rollback, uninstall) runs with `--no-hooks`;
 *  - the hooks (provisioning Job, its Secret, the helm test Pod) are checked as objects, with every
 *    other rendered object, by a server-side dry run (`dryRun=All`, `fieldValidation=Strict`: what
 *    `kubectl apply --dry-run=server` does), sent as plain JSON so no client drops unknown fields.
 * The dev values run the chart's own in-cluster NATS and MongoDB (StatefulSets, whose Pods the
 * controller manager makes too); the cluster values NATS and FerretDB on local PersistentVolumes
 * (which the controller manager binds to their claims); the prod values use external stores. KEDA's ScaledObject is
 * checked against a CustomResourceDefinition registered here (the fields the chart uses, typed),
 * and helm finds it through discovery, as on a cluster with KEDA. The Gateway API's own
 * standard-channel CRDs (from its Go module) check the HTTPRoute that the prod values route through.
 * First run: builds kube-apiserver and kube-controller-manager (docs/development.md, "The chart against an API server").
 */
const NATS_URL = 'nats://nats.messaging:4222';
const ENVIRONMENTS = [
  { name: 'dev', args: ['-f', path.join(ENVIRONMENTS_DIR, 'dev.yaml')], hooks: 'post-install,pre-upgrade', stores: ['mongodb', 'nats'] },
  { name: 'prod', args: ['-f', path.join(ENVIRONMENTS_DIR, 'prod.yaml'), '--set-string', `natsUrl=${NATS_URL}`], hooks: 'pre-install,pre-upgrade', stores: [] },
  // The project's own cluster: the FerretDB store, and local PersistentVolumes bound to the stores' claims.
  { name: 'cluster', args: ['-f', path.join(ENVIRONMENTS_DIR, 'cluster.yaml')], hooks: 'post-install,pre-upgrade', stores: ['ferretdb', 'nats'] },
];

/**
 * KEDA's ScaledObject, as a CustomResourceDefinition with a structural schema of the fields the
 * chart sets (so strict field validation refuses any other), written from KEDA's documented API.
 */
const SCALED_OBJECT_CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'scaledobjects.keda.sh' },
  spec: {
    group: 'keda.sh',
    scope: 'Namespaced',
    names: { kind: 'ScaledObject', listKind: 'ScaledObjectList', plural: 'scaledobjects', singular: 'scaledobject' },
    versions: [
      {
        name: 'v1alpha1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            required: ['spec'],
            properties: {
              apiVersion: { type: 'string' },
              kind: { type: 'string' },
              metadata: { type: 'object' },
              spec: {
                type: 'object',
                required: ['scaleTargetRef', 'triggers'],
                properties: {
                  scaleTargetRef: { type: 'object', required: ['name'], properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, name: { type: 'string' } } },
                  minReplicaCount: { type: 'integer', format: 'int32' },
                  maxReplicaCount: { type: 'integer', format: 'int32' },
                  pollingInterval: { type: 'integer', format: 'int32' },
                  cooldownPeriod: { type: 'integer', format: 'int32' },
                  triggers: {
                    type: 'array',
                    items: { type: 'object', required: ['type', 'metadata'], properties: { type: { type: 'string' }, name: { type: 'string' }, metadata: { type: 'object', additionalProperties: { type: 'string' } } } },
                  },
                },
              },
            },
          },
        },
      },
    ],
  },
};
const RELEASE = 'brandradar';
const INSTANCE = `app.kubernetes.io/instance=${RELEASE}`;
const REVISION = 'deployment.kubernetes.io/revision';

let helm: Helm;
let cp: ControlPlane;
let dir: string;
let log: fs.WriteStream;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(process.env.TEST_DATA_DIR ?? os.tmpdir(), 'kube-'));
  log = fs.createWriteStream(path.join(dir, 'control-plane.log'));
  let gatewayApi: string[];
  [helm, cp, gatewayApi] = await Promise.all([prepareHelm(), startControlPlane({ dir, controllerManager: true, sink: (name) => (line) => log.write(`[${name}] ${line}\n`) }), ensureGatewayApiManifests()]);
  await ok('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', SCALED_OBJECT_CRD);
  // What the Gateway API's standard-install.yaml applies: its CRDs and the policy that guards their upgrades.
  const manifests = gatewayApi.flatMap((file) => parseAllDocuments(fs.readFileSync(file, 'utf8')).map((d) => d.toJS() as K8sObject | null));
  for (const o of manifests) if (o) await ok('POST', await collectionPath(o, ''), o);
  await eventually(() => api('GET', '/apis/keda.sh/v1alpha1'), (r) => r.status === 200, 30_000);
  await eventually(() => api('GET', '/apis/gateway.networking.k8s.io/v1'), (r) => r.status === 200 && r.body.resources.some((x: any) => x.kind === 'HTTPRoute'), 30_000);
}, 60 * 60_000);
afterAll(async () => {
  await cp?.stop();
  helm?.cleanup();
  log?.end();
  if (!process.env.TEST_DATA_DIR) fs.rmSync(dir, { recursive: true, force: true });
});

const api = (method: string, urlPath: string, body?: unknown): Promise<KubeAnswer> => kubeRequest(cp, method, urlPath, body);

async function ok(method: string, urlPath: string, body?: unknown): Promise<any> {
  const res = await api(method, urlPath, body);
  if (res.status >= 300) throw new Error(`${method} ${urlPath}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const list = async (group: string, resource: string, namespace: string, selector = INSTANCE): Promise<any[]> =>
  (await ok('GET', `/${group === 'v1' ? 'api' : 'apis'}/${group}/namespaces/${namespace}/${resource}?labelSelector=${encodeURIComponent(selector)}`)).items;

/** A namespace where Pod Security "restricted" is enforced (and warned about for Deployments and Jobs). */
async function createNamespace(name: string): Promise<void> {
  const labels = { 'pod-security.kubernetes.io/enforce': 'restricted', 'pod-security.kubernetes.io/warn': 'restricted' };
  await ok('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } });
}

/** The URL path of an object's collection, found through the API server's discovery (as kubectl does). */
const discovery = new Map<string, Promise<{ name: string; kind: string; namespaced: boolean }[]>>();
async function collectionPath(o: K8sObject, namespace: string): Promise<string> {
  const base = o.apiVersion.includes('/') ? `/apis/${o.apiVersion}` : `/api/${o.apiVersion}`;
  if (!discovery.has(base)) discovery.set(base, ok('GET', base).then((b) => b.resources));
  const resource = (await discovery.get(base)!).find((r) => r.kind === o.kind && !r.name.includes('/'));
  if (!resource) throw new Error(`the API server serves no ${o.kind} in ${o.apiVersion}`);
  return resource.namespaced ? `${base}/namespaces/${namespace}/${resource.name}` : `${base}/${resource.name}`;
}

/** `kubectl apply --dry-run=server` of one new object: validated, defaulted and admitted, then discarded. */
async function dryRunCreate(o: K8sObject, namespace: string): Promise<KubeAnswer> {
  return api('POST', `${await collectionPath(o, namespace)}?dryRun=All&fieldValidation=Strict&fieldManager=brandradar-chart-test`, o);
}

const isHook = (o: K8sObject) => o.metadata.annotations?.['helm.sh/hook'] !== undefined;
const imageOf = (o: any): string => o.spec.template.spec.containers[0].image;
const ownedBy = (o: any, owner: any) => (o.metadata.ownerReferences ?? []).some((r: any) => r.uid === owner.metadata.uid && r.controller);

describe.each(ENVIRONMENTS)('server-side dry run of everything helm template renders with the $name values, hooks included', ({ name, args, hooks: phases, stores }) => {
  const namespace = `dry-run-${name}`;
  let objects: K8sObject[];
  beforeAll(async () => {
    objects = await helm.template([...args, '--namespace', namespace, '--api-versions', 'keda.sh/v1alpha1']);
    await createNamespace(namespace);
    // The helm test Pod runs as the namespace's `default` ServiceAccount, which the controller manager creates.
    await eventually(() => api('GET', `/api/v1/namespaces/${namespace}/serviceaccounts/default`), (r) => r.status === 200, 30_000);
  });

  it('renders the hooks too: the provisioning Job (and MongoDB\'s init Job with the in-cluster MongoDB) and the helm test Pod', () => {
    const hooks = objects.filter(isHook).map((o) => `${o.kind}/${o.metadata.name}/${o.metadata.annotations!['helm.sh/hook']}`);
    const expected = [`Job/rel-provision/${phases}`, 'Pod/rel-test-gateway/test', ...(stores.includes('mongodb') ? [`Job/rel-mongodb-init/${phases}`] : [])];
    expect(hooks).toEqual(expect.arrayContaining(expected));
  });

  it('renders the in-cluster stores as StatefulSets exactly when the values ask for them, and the runner\'s ScaledObject with runner autoscaling', () => {
    expect(objects.filter((o) => o.kind === 'StatefulSet').map((o) => o.metadata.name).sort()).toEqual(stores.map((s) => `rel-${s}`));
    const runnerAutoscaled = name === 'prod';
    expect(objects.filter((o) => o.kind === 'ScaledObject').map((o) => o.metadata.name)).toEqual(runnerAutoscaled ? ['rel-runner'] : []);
  });

  it('the API server accepts every object (strict fields, defaulting, admission with Pod Security "restricted") without a warning', async () => {
    const answers = await Promise.all(objects.map(async (o) => ({ o, answer: await dryRunCreate(o, namespace) })));
    const problems = answers
      .filter(({ answer }) => answer.status !== 201 || answer.warnings.length > 0)
      .map(({ o, answer }) => `${o.kind}/${o.metadata.name}: ${answer.status} ${answer.body?.message ?? ''} ${answer.warnings.join(' | ')}`);
    expect(problems).toEqual([]);
    // What came back is the server's object: defaulted, and nothing stored (a dry run).
    const deployment = answers.find(({ o }) => o.kind === 'Deployment')!.answer.body;
    expect(deployment.spec.template.spec.containers[0].terminationMessagePath).toBe('/dev/termination-log');
    expect(deployment.spec.strategy.type).toBe('RollingUpdate');
    expect(await list('apps/v1', 'deployments', namespace, '')).toEqual([]);
  });

  it('the same check refuses a mistyped field and a Pod that may run as root', async () => {
    const deployment = structuredClone(objects.find((o) => o.kind === 'Deployment')!);
    deployment.spec.template.spec.containers[0].livenessProbe.httpGett = { path: '/livez' };
    const typo = await dryRunCreate(deployment, namespace);
    expect([typo.status, typo.body.message]).toEqual([400, expect.stringContaining('unknown field "spec.template.spec.containers[0].livenessProbe.httpGett"')]);

    const pod = structuredClone(objects.find((o) => o.kind === 'Pod')!);
    delete pod.spec.securityContext.runAsNonRoot;
    delete pod.spec.containers[0].securityContext.runAsNonRoot;
    delete pod.spec.securityContext.runAsUser;
    const root = await dryRunCreate(pod, namespace);
    expect([root.status, root.body.message]).toEqual([403, expect.stringContaining('violates PodSecurity "restricted:latest"')]);
  });
});

describe('the HTTPRoute (gatewayApi) against the Gateway API CRDs, beside a GatewayClass and a Gateway', () => {
  const namespace = 'gateway-api';
  const gatewayNamespace = 'gateway-system';
  /** The prod values' route, attached to the Gateway made here (its name, namespace and listener are the prod values'). */
  let route: K8sObject;
  beforeAll(async () => {
    const prod = ENVIRONMENTS.find((e) => e.name === 'prod')!;
    route = (await helm.template([...prod.args, '--namespace', namespace])).find((o) => o.kind === 'HTTPRoute')!;
    await Promise.all([createNamespace(namespace), createNamespace(gatewayNamespace)]);
  });

  it('routes / of the prod hostname to the gateway Service\'s public port only, waiting longer than the 150 s content brief', () => {
    expect(route.spec).toEqual({
      parentRefs: [{ name: 'public', namespace: gatewayNamespace, sectionName: 'https' }],
      hostnames: ['api.brandradar.example'],
      rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/' } }], backendRefs: [{ name: 'rel-gateway', port: 8080 }], timeouts: { request: '170s', backendRequest: '170s' } }],
    });
  });

  it('the API server takes a GatewayClass, the Gateway the route names, and the route', async () => {
    await ok('POST', '/apis/gateway.networking.k8s.io/v1/gatewayclasses', { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'GatewayClass', metadata: { name: 'brandradar-test' }, spec: { controllerName: 'example.com/gateway-controller' } });
    const listener = { name: 'https', protocol: 'HTTPS', port: 443, hostname: 'api.brandradar.example', tls: { mode: 'Terminate', certificateRefs: [{ name: 'brandradar-api-tls' }] }, allowedRoutes: { namespaces: { from: 'All' } } };
    await ok('POST', `/apis/gateway.networking.k8s.io/v1/namespaces/${gatewayNamespace}/gateways`, { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'public' }, spec: { gatewayClassName: 'brandradar-test', listeners: [listener] } });
    const created = await api('POST', `/apis/gateway.networking.k8s.io/v1/namespaces/${namespace}/httproutes?fieldValidation=Strict`, route);
    expect([created.status, created.warnings]).toEqual([201, []]);
    // Defaulted by the CRD's schema: the parent's group and kind, the backend's.
    expect(created.body.spec.parentRefs[0]).toMatchObject({ group: 'gateway.networking.k8s.io', kind: 'Gateway' });
    expect(created.body.spec.rules[0].backendRefs[0]).toMatchObject({ group: '', kind: 'Service', weight: 1 });
  });

  it('the CRDs refuse a route the chart must never render: the Ingress\'s path type, a backend timeout beyond the request\'s, an unknown field', async () => {
    const variant = (change: (spec: any) => void) => {
      const o = structuredClone(route);
      o.metadata.name = 'variant';
      change(o.spec);
      return dryRunCreate(o, namespace);
    };
    const prefix = await variant((spec) => (spec.rules[0].matches[0].path.type = 'Prefix'));
    expect([prefix.status, prefix.body.message]).toEqual([422, expect.stringContaining('Unsupported value: "Prefix"')]);
    const timeouts = await variant((spec) => (spec.rules[0].timeouts.backendRequest = '200s'));
    expect([timeouts.status, timeouts.body.message]).toEqual([422, expect.stringContaining('backendRequest timeout cannot be longer than request timeout')]);
    const typo = await variant((spec) => (spec.rules[0].backendRefs[0].prot = 8080));
    expect([typo.status, typo.body.message]).toEqual([400, expect.stringContaining('unknown field "spec.rules[0].backendRefs[0].prot"')]);
  });
});

describe.each(ENVIRONMENTS)('the release with the $name values: install, upgrade, rollback, uninstall (--no-hooks)', ({ name, args, stores }) => {
  const namespace = `brandradar-${name}`;
  const inCluster = (cmd: string[]) => helm.run([...cmd, '--namespace', namespace], { KUBECONFIG: cp.kubeconfig });
  const status = async () => JSON.parse((await inCluster(['status', RELEASE, '-o', 'json'])).stdout) as { version: number; info: { status: string } };
  const gateway = `${RELEASE}-gateway`;
  let first: Rollout['deployments'][string];

  /**
   * Per Deployment of the release: its replicas, and the number of Pods of each of its ReplicaSets
   * (by image; ReplicaSets without Pods left out), plus any ReplicaFailure (e.g. a Pod refused).
   */
  async function rollout() {
    const [deployments, replicaSets, pods] = await Promise.all([list('apps/v1', 'deployments', namespace), list('apps/v1', 'replicasets', namespace), list('v1', 'pods', namespace)]);
    const failures = replicaSets.flatMap((r) => (r.status.conditions ?? []).filter((c: any) => c.type === 'ReplicaFailure').map((c: any) => `${r.metadata.name}: ${c.message}`));
    const byDeployment = deployments.map((d) => {
      const own = replicaSets.filter((r) => ownedBy(r, d));
      const sets = own.map((r) => [imageOf(r), pods.filter((p) => ownedBy(p, r)).length] as const);
      // The controller marks the ReplicaSet of the Deployment's current template with the Deployment's revision.
      const current = own.find((r) => r.metadata.annotations?.[REVISION] === d.metadata.annotations?.[REVISION]);
      const state = { replicas: d.spec.replicas as number, image: imageOf(d), current: current && imageOf(current), revision: d.metadata.annotations?.[REVISION] as string | undefined, pods: Object.fromEntries(sets.filter(([, n]) => n > 0)) };
      return [d.metadata.name as string, state] as const;
    });
    const byName: Record<string, (typeof byDeployment)[number][1]> = Object.fromEntries(byDeployment);
    return { deployments: byName, phases: [...new Set(pods.map((p) => p.status.phase))], failures };
  }
  type Rollout = Awaited<ReturnType<typeof rollout>>;
  /** The same Pods per image, in whatever order the ReplicaSets were listed. */
  const samePods = (a: Record<string, number> | undefined, b: Record<string, number>) => JSON.stringify(Object.entries(a ?? {}).sort()) === JSON.stringify(Object.entries(b).sort());
  /** Every Deployment has all its Pods from one ReplicaSet: the current one, of its image. */
  const settled = (r: Rollout) =>
    Object.keys(r.deployments).length === SERVICES.length && Object.values(r.deployments).every((d) => d.current === d.image && JSON.stringify(d.pods) === JSON.stringify({ [d.image]: d.replicas }));

  beforeAll(() => createNamespace(namespace));

  it('helm install --no-hooks: the API server takes every object of the release', async () => {
    await inCluster(['install', RELEASE, helm.chart, '--no-hooks', ...args]);
    expect(await status()).toMatchObject({ version: 1, info: { status: 'deployed' } });
    const manifest = parseAllDocuments((await inCluster(['get', 'manifest', RELEASE])).stdout)
      .map((d) => d.toJS() as K8sObject | null)
      .filter((o): o is K8sObject => o !== null);
    expect(manifest.filter((o) => o.kind === 'Deployment')).toHaveLength(SERVICES.length);
    const missing: string[] = [];
    for (const o of manifest) {
      const { status: code } = await api('GET', `${await collectionPath(o, namespace)}/${o.metadata.name}`);
      if (code !== 200) missing.push(`${o.kind}/${o.metadata.name}: ${code}`);
    }
    expect(missing).toEqual([]);
    // helm found KEDA's API through discovery: the prod runner scales on its backlog, with no CPU HPA of the chart's.
    const scaled = manifest.filter((o) => ['ScaledObject', 'HorizontalPodAutoscaler'].includes(o.kind)).map((o) => `${o.kind}/${o.metadata.name}`).sort();
    expect(scaled).toEqual(name === 'prod' ? [`ScaledObject/${RELEASE}-runner`, `HorizontalPodAutoscaler/${RELEASE}-gateway`].sort() : []);
  });

  it('each in-cluster store\'s StatefulSet gets its Pods (one per replica, admitted under Pod Security "restricted") and their volume claims', async () => {
    const sets = await list('apps/v1', 'statefulsets', namespace);
    expect(sets.map((s) => s.metadata.name).sort()).toEqual(stores.map((s) => `${RELEASE}-${s}`));
    for (const set of sets) {
      const pods = await eventually(async () => (await list('v1', 'pods', namespace, `app.kubernetes.io/instance=${RELEASE},app.kubernetes.io/name=${set.metadata.labels['app.kubernetes.io/name']}`)).filter((p) => ownedBy(p, set)), (p) => p.length === set.spec.replicas, 60_000, 250);
      expect(pods.map((p) => p.metadata.name).sort()).toEqual(Array.from({ length: set.spec.replicas }, (_, i) => `${set.metadata.name}-${i}`));
      const claims = await list('v1', 'persistentvolumeclaims', namespace, `app.kubernetes.io/instance=${RELEASE}`);
      expect(claims.map((c) => c.metadata.name)).toEqual(expect.arrayContaining(pods.map((p) => `data-${p.metadata.name}`)));
    }
    // With the release's local PersistentVolumes (the cluster values), the controller binds each claim to its own.
    const volumes = ((await ok('GET', `/api/v1/persistentvolumes?labelSelector=${encodeURIComponent(INSTANCE)}`)).items as any[]).filter((v) => v.spec.claimRef.namespace === namespace);
    expect(volumes.length > 0).toBe(name === 'cluster');
    if (volumes.length === 0) return;
    const bound = await eventually(
      async () => (await list('v1', 'persistentvolumeclaims', namespace, `app.kubernetes.io/instance=${RELEASE}`)).map((c) => [c.metadata.name, c.status.phase, c.spec.volumeName]),
      (claims) => claims.every(([, phase]) => phase === 'Bound'),
      60_000,
      250,
    );
    expect(bound.sort()).toEqual(volumes.map((v) => [v.spec.claimRef.name, 'Bound', v.metadata.name]).sort());
  });

  it('each Deployment gets its ReplicaSet and Pods (kube-controller-manager), admitted under Pod Security "restricted"; they stay Pending', async () => {
    const r = await eventually(rollout, (v) => settled(v) || v.failures.length > 0, 60_000, 250);
    expect(r.failures).toEqual([]);
    expect(r.phases).toEqual(['Pending']);
    expect(settled(r)).toBe(true);
  });

  it('helm upgrade: revision 2 gives the gateway a new ReplicaSet with one surge Pod, and the old one keeps all its Pods (maxUnavailable 0)', async () => {
    first = (await rollout()).deployments[gateway]!;
    const secret = (): Promise<Record<string, string>> => ok('GET', `/api/v1/namespaces/${namespace}/secrets/${RELEASE}-secrets`).then((s) => s.data, () => ({}));
    const before = await secret();
    await inCluster(['upgrade', RELEASE, helm.chart, '--no-hooks', ...args, '--set-string', 'services.gateway.image.tag=upgrade-check']);
    expect(await status()).toMatchObject({ version: 2, info: { status: 'deployed' } });
    const image = first.image.replace(/:[^:]+$/, ':upgrade-check');
    // No new Pod ever becomes ready here, so the rollout stops after its surge: capacity never drops.
    const surged = { [first.image]: first.replicas, [image]: 1 };
    const r = await eventually(rollout, (v) => v.deployments[gateway]?.current === image && samePods(v.deployments[gateway]?.pods, surged), 60_000, 250);
    expect(r.deployments[gateway]!.image).toBe(image);
    expect(settled({ ...r, deployments: { ...r.deployments, [gateway]: first } })).toBe(true); // the others did not move
    // The generated store passwords (and so each MONGO_URL_<SERVICE>) are the ones the Secret already held.
    const generated = Object.keys(before).filter((k) => /^(NATS_PASSWORD|MONGO_PASSWORD|MONGO_URL|MONGO_ROOT_PASSWORD|MONGO_KEYFILE)/.test(k));
    if (stores.length > 0) expect(generated.length).toBeGreaterThanOrEqual(20);
    const after = await secret();
    for (const key of generated) expect([key, after[key]]).toEqual([key, before[key]]);
  });

  it('helm rollback to revision 1: revision 3, and the gateway\'s first ReplicaSet is its current one again', async () => {
    await inCluster(['rollback', RELEASE, '1', '--no-hooks']);
    expect(await status()).toMatchObject({ version: 3, info: { status: 'deployed' } });
    const r = await eventually(rollout, (v) => v.deployments[gateway]?.current === first.image, 60_000, 250);
    expect(r.deployments[gateway]!.image).toBe(first.image);
    // The surge Pod stays until some Pod is available (never, without a kubelet): maxUnavailable 0 again.
    expect(r.deployments[gateway]!.pods).toEqual({ [first.image]: first.replicas, [first.image.replace(/:[^:]+$/, ':upgrade-check')]: 1 });
  });

  it('helm uninstall: the release is gone, and the garbage collector removes its ReplicaSets and Pods', async () => {
    await inCluster(['uninstall', RELEASE]);
    expect(JSON.parse((await inCluster(['list', '-o', 'json'])).stdout)).toEqual([]);
    expect(await list('apps/v1', 'deployments', namespace)).toEqual([]);
    const left = async () => (await Promise.all([list('apps/v1', 'replicasets', namespace), list('v1', 'pods', namespace)])).flat().map((o) => o.metadata.name as string);
    await eventually(left, (names) => names.length === 0, 45_000, 250);
  });
});
