import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { aptInstall } from '../apt';
import { ensureCoreDns, ensureKubeApiServer, ensureKubeControllerManager, ensureKubelet, ensureKubeProxy, ensureKubeScheduler } from '../binaries';
import { ensureEtcd, kubeconfigOf, kubeRequest } from '../kube';
import { waitUntil } from '../ports';
import { cniConfig, containerdConfig, corefile, kubeletConfig, kubeProxyConfig } from './config';
import { clusterDown, NODE_DAEMONS } from './down';
import { daemonPid, logTail, run, startDaemon, waitForDaemon } from './daemons';
import { buildPauseImage, importImage } from './images';
import { layout, NETWORK, NODE_NAME, PORTS, type Layout } from './layout';
import { createCgroupRoot, networkUp, saveSysctls } from './host';
import { ensureNetworkPolicyBinaries, networkPoliciesUp } from './network-policy';

/** The Debian packages the node runs on, each installed with apt-get when its file is missing. */
const DEBIAN = [
  ['containerd', '/usr/bin/containerd'],
  ['runc', '/usr/sbin/runc'],
  ['containernetworking-plugins', '/usr/lib/cni/bridge'],
  ['iptables', '/usr/sbin/iptables'],
  ['conntrack', '/usr/sbin/conntrack'],
  ['iproute2', '/usr/sbin/ip'],
] as const;

async function ensureDebianPackages(): Promise<void> {
  for (const [pkg, file] of DEBIAN) {
    if (!fs.existsSync(file)) await aptInstall(pkg, `${pkg} is not installed (no ${file}): run \`sudo apt-get install -y ${pkg}\`.`);
  }
}

/** The node's binaries: the Kubernetes ones one after the other (each reuses the previous one's compiled packages). */
async function ensureBinaries() {
  const [etcd, coredns] = await Promise.all([ensureEtcd(), ensureCoreDns(), ensureDebianPackages()]);
  const apiServer = await ensureKubeApiServer();
  const controllerManager = await ensureKubeControllerManager();
  const scheduler = await ensureKubeScheduler();
  const kubelet = await ensureKubelet();
  const kubeProxy = await ensureKubeProxy();
  const kubeRouter = await ensureNetworkPolicyBinaries();
  return { etcd, coredns, apiServer, controllerManager, scheduler, kubelet, kubeProxy, kubeRouter };
}

/** The API server as the cluster's own clients reach it (on the bridge address, where pods reach it too). */
export interface ClusterApi {
  url: string;
  ca: string;
  token: string;
  kubeconfig: string;
}

/** The admin token of tokens.csv (`<token>,<user>,<uid>,<groups>`). */
function adminToken(l: Layout): string {
  const line = fs.readFileSync(l.tokens, 'utf8');
  return line.slice(0, line.indexOf(','));
}

export function clusterApi(l: Layout = layout()): ClusterApi {
  const token = adminToken(l);
  return { url: `https://${NETWORK.nodeIp}:${PORTS.apiServer}`, ca: fs.readFileSync(path.join(l.pki, 'apiserver.crt'), 'utf8'), token, kubeconfig: l.kubeconfig };
}

/** Whether every daemon of the node is running (it may still be starting). */
export function isRunning(l: Layout = layout()): boolean {
  return NODE_DAEMONS.every((name) => daemonPid(l, name) !== undefined);
}

function writeFile(file: string, content: string, mode = 0o644): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content, { mode });
  return file;
}

/**
 * Starts the node: network, etcd, kube-apiserver, containerd (with the sandbox image imported),
 * the controllers, the scheduler, kube-proxy, the kubelet, CoreDNS and the NetworkPolicy controller;
 * returns once the node is Ready, CoreDNS answers for the cluster's names and the policies are
 * enforced. A running node is left as it is.
 */
export async function clusterUp(log: (line: string) => void, l: Layout = layout()): Promise<ClusterApi> {
  if (process.getuid?.() !== 0) throw new Error('the local cluster needs root (network namespaces, mounts, iptables)');
  if (isRunning(l)) {
    log(`the cluster is already running (state in ${l.dir})`);
    await waitForNode(l);
    return clusterApi(l);
  }
  if (NODE_DAEMONS.some((name) => daemonPid(l, name) !== undefined)) {
    log('a cluster that did not finish starting (or lost a daemon) is taken down first');
    await clusterDown(log, l);
  }
  const started = Date.now();
  const bin = await ensureBinaries();
  log(`binaries ready in ${Math.round((Date.now() - started) / 1000)} s`);
  for (const dir of [l.dir, l.pki, l.cniConfDir, l.cniIpamDir, l.kubeletRoot, l.podLogs]) fs.mkdirSync(dir, { recursive: true });
  saveSysctls(l);
  await networkUp();

  const etcdUrl = `http://127.0.0.1:${PORTS.etcdClient}`;
  const peerUrl = `http://127.0.0.1:${PORTS.etcdPeer}`;
  startDaemon(l, 'etcd', bin.etcd, [
    '--name', 'brandradar-cluster', '--data-dir', l.etcd,
    '--listen-client-urls', etcdUrl, '--advertise-client-urls', etcdUrl,
    '--listen-peer-urls', peerUrl, '--initial-advertise-peer-urls', peerUrl,
    '--initial-cluster', `brandradar-cluster=${peerUrl}`, '--log-level', 'warn',
  ]);
  await waitForDaemon(l, 'etcd', async () => {
    const res = await fetch(`${etcdUrl}/health`, { signal: AbortSignal.timeout(2_000) });
    if (((await res.json()) as { health?: string }).health !== 'true') throw new Error(`etcd /health answered ${res.status}`);
  });

  const token = fs.existsSync(l.tokens) ? adminToken(l) : randomBytes(24).toString('hex');
  writeFile(l.tokens, `${token},brandradar-cluster-admin,brandradar-cluster-admin,"system:masters"\n`, 0o600);
  const saKey = path.join(l.pki, 'sa.key');
  if (!fs.existsSync(saKey)) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs1', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    writeFile(path.join(l.pki, 'sa.pub'), publicKey);
    writeFile(saKey, privateKey, 0o600);
  }
  startDaemon(l, 'kube-apiserver', bin.apiServer, [
    `--etcd-servers=${etcdUrl}`,
    `--bind-address=${NETWORK.nodeIp}`,
    `--advertise-address=${NETWORK.nodeIp}`,
    `--secure-port=${PORTS.apiServer}`,
    `--cert-dir=${l.pki}`,
    `--token-auth-file=${l.tokens}`,
    '--authorization-mode=Node,RBAC',
    '--allow-privileged=true',
    '--service-account-issuer=https://kubernetes.default.svc',
    `--service-account-key-file=${path.join(l.pki, 'sa.pub')}`,
    `--service-account-signing-key-file=${saKey}`,
    `--service-cluster-ip-range=${NETWORK.serviceCidr}`,
    '--service-node-port-range=30000-32767',
  ]);
  const api = { url: `https://${NETWORK.nodeIp}:${PORTS.apiServer}`, token, kubeconfig: l.kubeconfig };
  const caFile = path.join(l.pki, 'apiserver.crt');
  await waitForDaemon(
    l,
    'kube-apiserver',
    async () => {
      const ready = await kubeRequest({ ...api, ca: fs.readFileSync(caFile, 'utf8') }, 'GET', '/readyz');
      if (ready.status !== 200) throw new Error(`/readyz answered ${ready.status}`);
    },
    180_000,
  );
  const ca = fs.readFileSync(caFile, 'utf8');
  writeFile(l.kubeconfig, JSON.stringify(kubeconfigOf(api.url, ca, token), null, 2), 0o600);

  writeFile(l.containerdConfig, containerdConfig(l));
  writeFile(path.join(l.cniConfDir, '10-brandradar.conflist'), JSON.stringify(cniConfig(l), null, 2));
  startDaemon(l, 'containerd', '/usr/bin/containerd', ['--config', l.containerdConfig]);
  await waitForDaemon(l, 'containerd', () => run('ctr', ['--address', l.containerdSocket, 'version']));
  await importImage(l, await buildPauseImage());

  const kubeconfigFlag = `--kubeconfig=${l.kubeconfig}`;
  startDaemon(l, 'kube-controller-manager', bin.controllerManager, [
    kubeconfigFlag, '--leader-elect=false', '--use-service-account-credentials=true', '--secure-port=0',
    `--service-account-private-key-file=${saKey}`, `--root-ca-file=${caFile}`,
    `--cluster-cidr=${NETWORK.podCidr}`, `--service-cluster-ip-range=${NETWORK.serviceCidr}`,
  ]);
  startDaemon(l, 'kube-scheduler', bin.scheduler, [kubeconfigFlag, '--leader-elect=false', '--secure-port=0']);
  writeFile(l.kubeProxyConfig, JSON.stringify(kubeProxyConfig(l), null, 2));
  startDaemon(l, 'kube-proxy', bin.kubeProxy, [`--config=${l.kubeProxyConfig}`]);
  writeFile(l.kubeletConfig, JSON.stringify(kubeletConfig(l), null, 2));
  createCgroupRoot();
  startDaemon(l, 'kubelet', bin.kubelet, [
    `--config=${l.kubeletConfig}`, kubeconfigFlag, `--root-dir=${l.kubeletRoot}`,
    `--hostname-override=${NODE_NAME}`, `--node-ip=${NETWORK.nodeIp}`, `--cert-dir=${path.join(l.kubeletRoot, 'pki')}`,
  ]);
  writeFile(l.corefile, corefile(l));
  startDaemon(l, 'coredns', bin.coredns, ['-conf', l.corefile]);
  // Healthy once the node is registered and its first sync has written its rules.
  await waitForDaemon(
    l,
    'kube-proxy',
    async () => {
      const res = await fetch(`http://127.0.0.1:${PORTS.kubeProxyHealthz}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status !== 200) throw new Error(`kube-proxy /healthz answered ${res.status}`);
    },
    180_000,
  );
  await waitForNode(l);
  await networkPoliciesUp(l, bin.kubeRouter);
  log(`node ${NODE_NAME} Ready and CoreDNS answering, ${Math.round((Date.now() - started) / 1000)} s after up`);
  return clusterApi(l);
}

/** The part of a Node object that says whether it is Ready. */
const NodeConditions = z.object({ status: z.object({ conditions: z.array(z.object({ type: z.string(), status: z.string(), message: z.string().optional() })).default([]) }) });

/** Waits until the node is Ready and CoreDNS resolves the API server's Service. */
async function waitForNode(l: Layout): Promise<void> {
  const api = () => clusterApi(l);
  await waitForDaemon(
    l,
    'kubelet',
    async () => {
      const node = await kubeRequest(api(), 'GET', `/api/v1/nodes/${NODE_NAME}`);
      const conditions = NodeConditions.safeParse(node.body).data?.status.conditions ?? [];
      const ready = conditions.find((c) => c.type === 'Ready');
      if (ready?.status !== 'True') throw new Error(`node ${NODE_NAME}: ${ready?.message ?? `HTTP ${node.status}`}\n${logTail(l, 'kubelet', 5)}`);
    },
    180_000,
  );
  await waitUntil('CoreDNS', async () => {
    if (daemonPid(l, 'coredns') === undefined) throw new Error(`coredns is not running:\n${logTail(l, 'coredns')}`);
    const resolver = new Resolver({ timeout: 1_000, tries: 1 });
    resolver.setServers([NETWORK.nodeIp]);
    const [address] = await resolver.resolve4(`kubernetes.default.svc.${NETWORK.clusterDomain}`);
    if (!address) throw new Error('no address for the kubernetes Service');
  }, 60_000);
}
