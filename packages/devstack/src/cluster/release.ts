import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ensureHelm } from '../binaries';
import { kubeRequest } from '../kube';
import { REPO_ROOT } from '../paths';
import { daemonPid, run, startDaemon, stopDaemon } from './daemons';
import { imageScript, importImage, tagImage } from './images';
import { layout, NETWORK, PORTS, type Layout } from './layout';
import { clusterApi } from './node';
import { podLogTails } from './pod-logs';
import { REGISTRY_ADDRESS, registryUp } from './registry';
import { ROUTE_URL, routeUp, waitForRoute } from './route';
import { restartBackedOffPods, waitForWorkloads } from './workloads';

export const RELEASE = { name: 'brandradar', namespace: 'brandradar' } as const;
const SERVICES = ['gateway', 'tracker', 'scheduler', 'runner', 'billing', 'workflow', 'notifier'];
/** The values of the local cluster: NATS and the FerretDB store from local images, on local volumes. */
const CLUSTER_VALUES = path.join(REPO_ROOT, 'helm', 'environments', 'cluster.yaml');
/** The compiled daemons (`tsc -b`), also when this module runs from its sources under jest. */
const DAEMON_DIR = path.join(REPO_ROOT, 'packages', 'devstack', 'dist', 'cluster');
/** The claims of cluster.yaml's stores (3 NATS servers, one FerretDB), whose local volumes must exist before the install. */
const STORE_CLAIMS = ['nats-0', 'nats-1', 'nats-2', 'ferretdb-0'].map((pod) => `data-${RELEASE.name}-${pod}`);
/** The image's `node` user, which the store pods run as. */
const POD_USER = 1000;

/** What `npm run cluster -- up` prints, one `KEY=value` a line. */
export interface ReleaseAccess {
  KUBECONFIG: string;
  GATEWAY_URL: string;
  ADMIN_URL: string;
  /** The same public port through the HTTP route (Traefik, route.ts). */
  ROUTE_URL: string;
  /** The cluster's image registry, for `skaffold run -p local-cluster` (registry.ts). */
  SKAFFOLD_DEFAULT_REPO: string;
  ADMIN_TOKEN: string;
}

/**
 * Builds the service images and the NATS and store images, loads them into the node's containerd,
 * makes the stores' volume folders, starts the notifier's mail catcher, installs the chart with helm,
 * waits for every workload and the HTTPRoute (through the Gateway of route.ts, set up before the
 * install), runs the chart's tests, and starts the loopback forwarder to the gateway Service.
 */
export async function installRelease(log: (line: string) => void, l: Layout = layout()): Promise<ReleaseAccess> {
  const api = clusterApi(l);
  const started = Date.now();
  await run('bash', [path.join(REPO_ROOT, 'deploy', 'images', 'build.sh'), ...SERVICES], { cwd: REPO_ROOT, maxBuffer: 64 << 20 });
  const images = [...SERVICES.map((s) => `localhost/brandradar/${s}:local`), ...(await imageScript('store-images.sh'))];
  for (const image of images) await importImage(l, image);
  for (const claim of STORE_CLAIMS) {
    const dir = path.join(l.volumes, RELEASE.namespace, claim);
    fs.mkdirSync(dir, { recursive: true, mode: 0o750 });
    fs.chownSync(dir, POD_USER, POD_USER);
  }
  if (daemonPid(l, 'mail-catcher') === undefined) startDaemon(l, 'mail-catcher', process.execPath, [path.join(DAEMON_DIR, 'mail-catcher.js'), NETWORK.nodeIp, String(PORTS.mail), l.mail]);
  log(`${images.length} images built and loaded in ${Math.round((Date.now() - started) / 1000)} s`);
  await Promise.all([routeUp(log, l), registryUp(log, l)]);

  // No --wait: helm would wait for the services before the post-install provisioning Job they need
  // (with the stores in the release, the streams can only be made once NATS runs); helm still waits
  // for that Job, and the wait below does the rest.
  await helmUpgrade(l, []).catch((err: Error) => {
    throw new Error(`${err.message}\nthe provisioning Job's logs:\n${podLogTails(l, RELEASE.namespace, `${RELEASE.name}-provision`)}`);
  });
  const restarted = await restartBackedOffPods(api, RELEASE.namespace, RELEASE.name);
  await waitForWorkloads(api, RELEASE.namespace, RELEASE.name, 10 * 60_000);
  await waitForRoute(l, RELEASE.namespace, `${RELEASE.name}-gateway`);
  log(`every pod ready${restarted ? ` (${restarted} restarted out of their crash back-off)` : ''} ${Math.round((Date.now() - started) / 1000)} s after the build started`);
  const helm = await ensureHelm();
  const env = { ...process.env, KUBECONFIG: api.kubeconfig };
  await run(helm, ['test', RELEASE.name, '--namespace', RELEASE.namespace, '--timeout', '5m'], { env, maxBuffer: 64 << 20 });
  log(`release ${RELEASE.name} installed and tested in ${Math.round((Date.now() - started) / 1000)} s`);
  return releaseAccess(l);
}

/**
 * `helm upgrade --install` of the release with the cluster's values and `args` (e.g. `--set
 * image.tag=…`, `--wait`): the same command installs, upgrades and downgrades it.
 */
export async function helmUpgrade(l: Layout, args: string[]): Promise<void> {
  const helm = await ensureHelm();
  await run(
    helm,
    [
      'upgrade', '--install', RELEASE.name, path.join(REPO_ROOT, 'helm', 'brandradar'),
      '--namespace', RELEASE.namespace, '--create-namespace', '-f', CLUSTER_VALUES,
      '--set', `localVolumes.path=${l.volumes}`,
      '--set', `secrets.values.SMTP_URL=smtp://${NETWORK.nodeIp}:${PORTS.mail}`,
      '--timeout', '10m',
      ...args,
    ],
    { env: { ...process.env, KUBECONFIG: l.kubeconfig }, maxBuffer: 64 << 20 },
  );
}

/**
 * The service images under a new tag, loaded into the node: the same code as `:local`, so that an
 * upgrade to it replaces every pod without changing what they run.
 */
export async function tagServiceImages(l: Layout, tag: string): Promise<void> {
  for (const service of SERVICES) {
    const image = `localhost/brandradar/${service}`;
    await tagImage(`${image}:local`, `${image}:${tag}`);
    await importImage(l, `${image}:${tag}`);
  }
}

const ServiceList = z.object({ items: z.array(z.object({ spec: z.object({ clusterIP: z.string(), ports: z.array(z.object({ name: z.string().optional(), port: z.number() })) }) })) });
const AdminSecret = z.object({ data: z.object({ ADMIN_TOKEN: z.string() }) });

/** The gateway Service's ClusterIP and ports, the loopback forwarder to them, and the admin token of the release's Secret. */
export async function releaseAccess(l: Layout = layout()): Promise<ReleaseAccess> {
  const api = clusterApi(l);
  const ns = `/api/v1/namespaces/${RELEASE.namespace}`;
  const services = await kubeRequest(api, 'GET', `${ns}/services?labelSelector=${encodeURIComponent(`app.kubernetes.io/instance=${RELEASE.name},app.kubernetes.io/component=gateway`)}`);
  const gateway = ServiceList.safeParse(services.body).data?.items[0];
  if (!gateway) throw new Error(`no gateway Service in namespace ${RELEASE.namespace} (HTTP ${services.status})`);
  const port = (name: string, fallback: number) => gateway.spec.ports.find((p) => p.name === name)?.port ?? fallback;
  const clusterIp = gateway.spec.clusterIP;
  const secret = await kubeRequest(api, 'GET', `${ns}/secrets/${RELEASE.name}-secrets`);
  const token = AdminSecret.safeParse(secret.body).data?.data.ADMIN_TOKEN;
  if (token === undefined) throw new Error(`no ADMIN_TOKEN in the Secret ${RELEASE.name}-secrets (HTTP ${secret.status})`);
  if (daemonPid(l, 'forwarder') !== undefined) await stopDaemon(l, 'forwarder');
  startDaemon(l, 'forwarder', process.execPath, [
    path.join(DAEMON_DIR, 'forwarder.js'),
    `${PORTS.gateway}=${clusterIp}:${port('public', 8080)}`,
    `${PORTS.admin}=${clusterIp}:${port('admin', 8081)}`,
  ]);
  return {
    KUBECONFIG: api.kubeconfig,
    GATEWAY_URL: `http://127.0.0.1:${PORTS.gateway}`,
    ADMIN_URL: `http://127.0.0.1:${PORTS.admin}`,
    ROUTE_URL,
    SKAFFOLD_DEFAULT_REPO: REGISTRY_ADDRESS,
    ADMIN_TOKEN: Buffer.from(token, 'base64').toString('utf8'),
  };
}
