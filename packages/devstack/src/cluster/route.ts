import fs from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { z } from 'zod';
import { ensureGatewayApiManifests, ensureTraefik } from '../binaries';
import { kubeRequest } from '../kube';
import { waitUntil } from '../ports';
import { daemonPid, logTail, startDaemon, waitForDaemon } from './daemons';
import { PORTS, type Layout } from './layout';
import { clusterApi, type ClusterApi } from './node';

/**
 * The local cluster's HTTP route (Gateway API): the standard-channel CRDs, a GatewayClass and a
 * Gateway that the cluster provides, and Traefik as a process of the host (like CoreDNS), which
 * watches them and the release's HTTPRoute and proxies from loopback straight to the pods' addresses
 * on the bridge. helm/environments/cluster.yaml attaches the chart's HTTPRoute to this Gateway.
 */
const LOCAL_GATEWAY = { className: 'brandradar-local', namespace: 'gateway-system', name: 'local', listener: 'http' } as const;
/** Traefik's Gateway API controller, the GatewayClass's controllerName. */
const TRAEFIK_CONTROLLER = 'traefik.io/gateway-controller';
/**
 * Traefik 3.6 does not implement HTTPRoute timeouts (an Extended feature): its entry point's read
 * timeout (60 s by default, which cancels a request still being answered) is set to the chart's
 * gatewayApi.timeouts.request instead, so the 150 s content brief is not cut.
 */
const ROUTE_REQUEST_TIMEOUT = '170s';
const GATEWAY_API = '/apis/gateway.networking.k8s.io/v1';

/** The collection of each cluster-scoped kind that the Gateway API's standard install applies. */
const COLLECTIONS: Record<string, string> = {
  CustomResourceDefinition: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
  ValidatingAdmissionPolicy: '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies',
  ValidatingAdmissionPolicyBinding: '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicybindings',
};
// Loose at each level: the annotations (e.g. the CRDs' api-approved.kubernetes.io) go to the API server as they are.
const Manifest = z.looseObject({ kind: z.string(), metadata: z.looseObject({ name: z.string() }) });

/** Creates an object unless one of its name exists (a second `up` keeps what the first made). */
async function create(api: ClusterApi, collection: string, object: z.infer<typeof Manifest>): Promise<void> {
  const answer = await kubeRequest(api, 'POST', collection, object);
  if (answer.status >= 300 && answer.status !== 409) throw new Error(`creating ${object.kind} ${object.metadata.name}: HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
}

/** What the Gateway API's standard-install.yaml applies (its CRDs and the policy guarding their upgrades), from its Go module. */
async function installGatewayApi(api: ClusterApi): Promise<void> {
  for (const file of await ensureGatewayApiManifests()) {
    for (const doc of parseAllDocuments(fs.readFileSync(file, 'utf8'))) {
      const object = Manifest.safeParse(doc.toJS());
      if (!object.success) continue;
      const collection = COLLECTIONS[object.data.kind];
      if (collection === undefined) throw new Error(`${file}: no collection known for kind ${object.data.kind}`);
      await create(api, collection, object.data);
    }
  }
  await waitUntil('the Gateway API', async () => {
    const answer = await kubeRequest(api, 'GET', GATEWAY_API);
    if (!JSON.stringify(answer.body).includes('"kind":"HTTPRoute"')) throw new Error(`${GATEWAY_API} answered ${answer.status}`);
  }, 60_000);
}

/** The GatewayClass for Traefik and the Gateway with one plain-HTTP listener on the route's port, open to routes of every namespace. */
function gatewayObjects() {
  const apiVersion = 'gateway.networking.k8s.io/v1';
  const { className, namespace, name, listener } = LOCAL_GATEWAY;
  return {
    namespace: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } },
    gatewayClass: { apiVersion, kind: 'GatewayClass', metadata: { name: className }, spec: { controllerName: TRAEFIK_CONTROLLER } },
    gateway: {
      apiVersion,
      kind: 'Gateway',
      metadata: { name, namespace },
      // Traefik binds a listener to the entry point of the same port.
      spec: { gatewayClassName: className, listeners: [{ name: listener, protocol: 'HTTP', port: PORTS.route, allowedRoutes: { namespaces: { from: 'All' } } }] },
    },
  };
}

/** Traefik's command line: one entry point on loopback, the Gateway API provider through the cluster's kubeconfig, nothing phoned home. */
function traefikArgs(): string[] {
  return [
    `--entryPoints.route.address=127.0.0.1:${PORTS.route}`,
    `--entryPoints.route.transport.respondingTimeouts.readTimeout=${ROUTE_REQUEST_TIMEOUT}`,
    '--providers.kubernetesGateway=true',
    `--providers.kubernetesGateway.statusAddress.ip=127.0.0.1`,
    '--global.checkNewVersion=false',
    '--global.sendAnonymousUsage=false',
    '--log.level=INFO',
  ];
}

const Condition = z.object({ type: z.string(), status: z.string(), message: z.string().optional() });
const Conditions = z.object({ status: z.object({ conditions: z.array(Condition).default([]) }).optional() });
const RouteStatus = z.object({ status: z.object({ parents: z.array(z.object({ parentRef: z.object({ name: z.string() }), conditions: z.array(Condition).default([]) })).default([]) }).optional() });

/**
 * Installs the Gateway API, the GatewayClass and the Gateway, and starts Traefik (unless it runs);
 * returns once Traefik has programmed the Gateway. Before the release: its HTTPRoute needs the CRDs.
 */
export async function routeUp(log: (line: string) => void, l: Layout): Promise<void> {
  const api = clusterApi(l);
  const started = Date.now();
  const [traefik] = await Promise.all([ensureTraefik(), installGatewayApi(api)]);
  const { namespace, gatewayClass, gateway } = gatewayObjects();
  await create(api, '/api/v1/namespaces', namespace);
  await create(api, `${GATEWAY_API}/gatewayclasses`, gatewayClass);
  await create(api, `${GATEWAY_API}/namespaces/${LOCAL_GATEWAY.namespace}/gateways`, gateway);
  if (daemonPid(l, 'traefik') === undefined) startDaemon(l, 'traefik', traefik, traefikArgs(), { ...process.env, KUBECONFIG: l.kubeconfig });
  const gatewayPath = `${GATEWAY_API}/namespaces/${LOCAL_GATEWAY.namespace}/gateways/${LOCAL_GATEWAY.name}`;
  await waitForDaemon(
    l,
    'traefik',
    async () => {
      const answer = await kubeRequest(api, 'GET', gatewayPath);
      const programmed = Conditions.safeParse(answer.body).data?.status?.conditions.find((c) => c.type === 'Programmed');
      if (programmed?.status !== 'True') throw new Error(`Gateway ${LOCAL_GATEWAY.name} not programmed: ${programmed?.message ?? `HTTP ${answer.status}`}\n${logTail(l, 'traefik', 5)}`);
    },
    120_000,
  );
  log(`Gateway API and Traefik on 127.0.0.1:${PORTS.route} ready in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** The route's front door, as `up` prints it. */
export const ROUTE_URL = `http://127.0.0.1:${PORTS.route}`;

/**
 * Waits until the HTTPRoute `name` is Accepted by the local Gateway and its backend resolved
 * (ResolvedRefs), as Traefik writes in the route's status for that parent.
 */
export async function waitForRoute(l: Layout, namespace: string, name: string, timeoutMs = 60_000): Promise<void> {
  const api = clusterApi(l);
  await waitUntil(`HTTPRoute ${name}`, async () => {
    const answer = await kubeRequest(api, 'GET', `${GATEWAY_API}/namespaces/${namespace}/httproutes/${name}`);
    const parent = RouteStatus.safeParse(answer.body).data?.status?.parents.find((p) => p.parentRef.name === LOCAL_GATEWAY.name);
    const notTrue = ['Accepted', 'ResolvedRefs'].filter((type) => parent?.conditions.find((c) => c.type === type)?.status !== 'True');
    if (notTrue.length > 0) throw new Error(`HTTPRoute ${name} not ${notTrue.join(', ')}: ${JSON.stringify(parent?.conditions ?? answer.status)}\n${logTail(l, 'traefik', 5)}`);
  }, timeoutMs);
}
