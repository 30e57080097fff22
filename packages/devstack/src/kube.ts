import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { aptInstall } from './apt';
import { ensureKubeApiServer, ensureKubeControllerManager } from './binaries';
import { freePort, waitUntil } from './ports';
import { ManagedProcess, type LineSink } from './processes';

const ETCD = '/usr/bin/etcd';

/** Debian's etcd (3.4), installed with apt-get when missing (as root; otherwise it says what to run). */
export async function ensureEtcd(): Promise<string> {
  if (!fs.existsSync(ETCD)) await aptInstall('etcd-server', `etcd is not installed (no ${ETCD}): run \`sudo apt-get install -y etcd-server\`.`);
  return ETCD;
}

/** A Kubernetes control plane on loopback: etcd, kube-apiserver and optionally kube-controller-manager. */
export interface ControlPlane {
  /** https://127.0.0.1:<port> */
  url: string;
  /** A kubeconfig (token of a member of system:masters, the API server's own CA) for helm and clients. */
  kubeconfig: string;
  /** The API server's serving CA (PEM). */
  ca: string;
  token: string;
  stop(): Promise<void>;
}

/**
 * The controllers started when `controllerManager` is on: Deployments to ReplicaSets to Pods, StatefulSets to Pods,
 * claims bound to PersistentVolumes, and cleanup.
 */
const CONTROLLERS = ['deployment-controller', 'replicaset-controller', 'statefulset-controller', 'persistentvolume-binder-controller', 'serviceaccount-controller', 'garbage-collector-controller', 'namespace-controller'];

/**
 * Starts etcd and kube-apiserver (and kube-controller-manager with `controllerManager`) with their
 * files under `dir`. No kubelet and no scheduler: objects are stored, validated, defaulted and
 * admitted (RBAC, PodSecurity, ServiceAccount, ...) and controllers reconcile them, but no Pod ever
 * runs. Everything is stopped and `dir` is left for the caller to remove.
 */
export async function startControlPlane(opts: { dir: string; sink: (name: string) => LineSink; controllerManager?: boolean }): Promise<ControlPlane> {
  const apiServerBuild = ensureKubeApiServer();
  const [etcdBin, apiServerBin, controllerManagerBin] = await Promise.all([
    ensureEtcd(),
    apiServerBuild,
    // After the API server: the second build reuses most of the first one's compiled packages.
    opts.controllerManager ? apiServerBuild.then(ensureKubeControllerManager) : undefined,
  ]);
  fs.mkdirSync(opts.dir, { recursive: true });
  const file = (name: string, content: string) => {
    const p = path.join(opts.dir, name);
    fs.writeFileSync(p, content, { mode: 0o600 });
    return p;
  };
  const [clientPort, peerPort, securePort] = [await freePort(), await freePort(), await freePort()];
  const started: ManagedProcess[] = [];
  const stop = async () => {
    for (const p of started.reverse()) await p.stop();
  };
  try {
    const etcdUrl = `http://127.0.0.1:${clientPort}`;
    const peerUrl = `http://127.0.0.1:${peerPort}`;
    const etcd = new ManagedProcess('etcd', etcdBin, [
      '--name', 'brandradar-test',
      '--data-dir', path.join(opts.dir, 'etcd'),
      '--listen-client-urls', etcdUrl, '--advertise-client-urls', etcdUrl,
      '--listen-peer-urls', peerUrl, '--initial-advertise-peer-urls', peerUrl,
      '--initial-cluster', `brandradar-test=${peerUrl}`,
      '--log-level', 'warn',
    ], opts.sink('etcd'));
    await startAndWait(etcd, started, async () => {
      const res = await fetch(`${etcdUrl}/health`, { signal: AbortSignal.timeout(2_000) });
      if (((await res.json()) as { health?: string }).health !== 'true') throw new Error(`etcd /health answered ${res.status}`);
    });

    const token = randomBytes(24).toString('hex');
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs1', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    const certDir = path.join(opts.dir, 'pki');
    const apiServer = new ManagedProcess('kube-apiserver', apiServerBin, [
      `--etcd-servers=${etcdUrl}`,
      `--bind-address=127.0.0.1`,
      `--secure-port=${securePort}`,
      `--cert-dir=${certDir}`,
      `--token-auth-file=${file('tokens.csv', `${token},brandradar-test-admin,brandradar-test-admin,"system:masters"\n`)}`,
      '--authorization-mode=RBAC',
      '--service-account-issuer=https://kubernetes.default.svc',
      `--service-account-key-file=${file('sa.pub', publicKey)}`,
      `--service-account-signing-key-file=${file('sa.key', privateKey)}`,
      '--service-cluster-ip-range=10.96.0.0/16',
      // The default `lease` reconciler publishes the advertise address (here loopback, which an
      // Endpoints object may not hold) as the `kubernetes` Service's endpoint.
      '--endpoint-reconciler-type=none',
    ], opts.sink('kube-apiserver'));
    const url = `https://127.0.0.1:${securePort}`;
    // Self-signed on first start: apiserver.crt holds the serving certificate and its CA.
    const caFile = path.join(certDir, 'apiserver.crt');
    await startAndWait(
      apiServer,
      started,
      async () => {
        const ready = await kubeRequest({ url, ca: fs.readFileSync(caFile, 'utf8'), token }, 'GET', '/readyz');
        if (ready.status !== 200) throw new Error(`/readyz answered ${ready.status}: ${String(ready.body).slice(0, 500)}`);
      },
      120_000,
    );
    const ca = fs.readFileSync(caFile, 'utf8');
    const kubeconfig = file('kubeconfig', JSON.stringify(kubeconfigOf(url, ca, token), null, 2));

    if (controllerManagerBin) {
      const controllerManager = new ManagedProcess('kube-controller-manager', controllerManagerBin, [
        `--kubeconfig=${kubeconfig}`,
        `--controllers=${CONTROLLERS.join(',')}`,
        '--leader-elect=false',
        '--use-service-account-credentials=false',
        // Serves nothing (no /healthz): the objects it creates show that it works.
        '--secure-port=0',
      ], opts.sink('kube-controller-manager'));
      controllerManager.start();
      started.push(controllerManager);
    }
    return { url, kubeconfig, ca, token, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** Starts `proc` and waits for `ready`; fails at once, with its last lines, when the process exits first. */
async function startAndWait(proc: ManagedProcess, started: ManagedProcess[], ready: () => Promise<unknown>, timeoutMs = 30_000): Promise<void> {
  proc.start();
  started.push(proc);
  let exited: ((reason: Error) => void) | undefined;
  const exit = new Promise<never>((_, reject) => (exited = reject));
  proc.onExit((code, signal) => exited?.(new Error(`${proc.name} exited (${signal ?? code}) before it was ready; see its log lines`)));
  try {
    await Promise.race([waitUntil(proc.name, ready, timeoutMs), exit]);
  } finally {
    exited = undefined;
  }
}

/** An answer of the API server: status, parsed JSON body (text otherwise) and its `Warning` headers. */
export interface KubeAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the Kubernetes API's JSON as it comes: the chart's tests read it and check it with expect
  body: any;
  warnings: string[];
}

/**
 * One request to the API server with the control plane's token and CA. Plain HTTPS on purpose: a
 * typed client re-serialises objects through its own models and silently drops fields it does not
 * know, which would hide exactly the mistakes a strict server-side check is there to find.
 */
export function kubeRequest(api: Pick<ControlPlane, 'url' | 'ca' | 'token'>, method: string, urlPath: string, body?: unknown): Promise<KubeAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = https.request(
      `${api.url}${urlPath}`,
      {
        method,
        ca: api.ca,
        timeout: 30_000,
        headers: { Authorization: `Bearer ${api.token}`, Accept: 'application/json', ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const warnings = res.headersDistinct.warning ?? [];
          const json = (res.headers['content-type'] ?? '').startsWith('application/json');
          resolve({ status: res.statusCode ?? 0, body: json && text ? (JSON.parse(text) as unknown) : text, warnings: [...warnings] });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath}: no answer`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A kubeconfig for a bearer token and the API server's CA. */
export function kubeconfigOf(server: string, ca: string, token: string) {
  return {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'local', cluster: { server, 'certificate-authority-data': Buffer.from(ca).toString('base64') } }],
    users: [{ name: 'admin', user: { token } }],
    contexts: [{ name: 'local', context: { cluster: 'local', user: 'admin' } }],
    'current-context': 'local',
  };
}
