import net from 'node:net';
import type * as K8s from '@kubernetes/client-node';

/**
 * @kubernetes/client-node 1.x is an ES module. Node 20 can require() it, but jest's module
 * loader (and the `module` it hands tests) cannot, so it is loaded with Node's own require,
 * outside jest's registry.
 */
const nodeModule = process.getBuiltinModule('node:module');
const k8s = nodeModule.createRequire(__filename)('@kubernetes/client-node') as typeof K8s;

export interface Cluster {
  kc: K8s.KubeConfig;
  apps: K8s.AppsV1Api;
  core: K8s.CoreV1Api;
  namespace: string;
  release: string;
}

/** The cluster of KUBECONFIG (or ~/.kube/config, or in-cluster), the release and its namespace. */
export function cluster(): Cluster {
  const kc = new k8s.KubeConfig();
  kc.loadFromDefault();
  const release = process.env.BRANDRADAR_RELEASE ?? 'brandradar';
  const namespace = process.env.BRANDRADAR_NAMESPACE ?? kc.getContextObject(kc.getCurrentContext())?.namespace ?? 'default';
  return { kc, apps: kc.makeApiClient(k8s.AppsV1Api), core: kc.makeApiClient(k8s.CoreV1Api), namespace, release };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits until every Deployment of the release has all its replicas updated and available. */
export async function waitForDeployments(c: Cluster, timeoutMs: number, log: (line: string) => void): Promise<K8s.V1Deployment[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { items } = await c.apps.listNamespacedDeployment({ namespace: c.namespace, labelSelector: `app.kubernetes.io/instance=${c.release},app.kubernetes.io/part-of=brandradar` });
    const pending = items.filter((d) => {
      const want = d.spec?.replicas ?? 1;
      const s = d.status ?? {};
      return (s.observedGeneration ?? 0) < (d.metadata?.generation ?? 0) || (s.updatedReplicas ?? 0) < want || (s.availableReplicas ?? 0) < want;
    });
    if (items.length > 0 && pending.length === 0) return items;
    if (Date.now() > deadline) {
      throw new Error(`not ready after ${timeoutMs / 1000} s: ${items.length === 0 ? `no Deployments of release ${c.release} in ${c.namespace}` : pending.map((d) => `${d.metadata?.name} ${d.status?.availableReplicas ?? 0}/${d.spec?.replicas}`).join(', ')}`);
    }
    log(`waiting for ${pending.map((d) => d.metadata?.name).join(', ') || 'Deployments'}`);
    await sleep(5_000);
  }
}

/** A ready pod of one service of the release. */
export async function readyPod(c: Cluster, component: string): Promise<string> {
  const { items } = await c.core.listNamespacedPod({ namespace: c.namespace, labelSelector: `app.kubernetes.io/instance=${c.release},app.kubernetes.io/component=${component}` });
  const pod = items.find((p) => p.status?.conditions?.some((cond) => cond.type === 'Ready' && cond.status === 'True'));
  if (!pod?.metadata?.name) throw new Error(`no ready ${component} pod in release ${c.release}`);
  return pod.metadata.name;
}

/** `kubectl port-forward` in-process: a local port whose connections reach the pod's port. */
export async function portForward(c: Cluster, pod: string, port: number): Promise<{ url: string; close: () => void }> {
  const forward = new k8s.PortForward(c.kc);
  const server = net.createServer((socket) => {
    forward.portForward(c.namespace, pod, [port], socket, null, socket).catch(() => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: local } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${local}`, close: () => server.close() };
}

/** A key of the release's Secret (the chart's, or BRANDRADAR_SECRET when secrets.existingSecret is used). */
export async function secretValue(c: Cluster, key: string): Promise<string | undefined> {
  const name = process.env.BRANDRADAR_SECRET ?? `${c.release}-secrets`;
  const secret = await c.core.readNamespacedSecret({ name, namespace: c.namespace });
  const value = secret.data?.[key];
  return value === undefined ? undefined : Buffer.from(value, 'base64').toString('utf8');
}

/** The release's HTTPRoute (Gateway API) as the API server holds it, status included. */
export async function httpRoute(c: Cluster, name: string): Promise<any> {
  const custom = c.kc.makeApiClient(k8s.CustomObjectsApi);
  return custom.getNamespacedCustomObject({ group: 'gateway.networking.k8s.io', version: 'v1', namespace: c.namespace, plural: 'httproutes', name });
}
