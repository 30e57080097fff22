import path from 'node:path';
import { CACHE_DIR } from '../paths';

/**
 * The local cluster's addresses, ports and files: fixed, so that `up` and `down` (separate
 * processes) agree, and chosen apart from what `npm start` and `npm test` use. Everything the node
 * serves listens either on loopback or on the bridge's own address, never on the outside interface.
 */
export const NETWORK = {
  /** The bridge the cluster creates; pods' veths join it. */
  bridge: 'brandradar0',
  /** Pods' addresses (host-local IPAM); the bridge holds the first. */
  podCidr: '10.203.0.0/16',
  /** The node's own address on the bridge: API server, kubelet and CoreDNS listen here. */
  nodeIp: '10.203.0.1',
  /** ClusterIPs: routed to the bridge only, never via the outside interface. */
  serviceCidr: '10.204.0.0/16',
  clusterDomain: 'cluster.local',
} as const;

export const PORTS = {
  etcdClient: 12379,
  etcdPeer: 12380,
  apiServer: 16443,
  kubelet: 11250,
  kubeletHealthz: 11248,
  kubeProxyHealthz: 11256,
  kubeProxyMetrics: 11249,
  coreDnsHealth: 11180,
  coreDnsReady: 11181,
  /** The loopback forwarders to the gateway Service's public and admin ports. */
  gateway: 18080,
  admin: 18081,
  /** Traefik's entry point: the HTTP route (Gateway API) to the gateway Service's pods. */
  route: 18082,
  /** The image registry skaffold pushes to and containerd pulls from (registry.ts). */
  registry: 18083,
  /** The notifier's SMTP relay: a catcher on the node's bridge address, which keeps each e-mail as a file. */
  mail: 12525,
} as const;

export const NODE_NAME = 'brandradar-node';
/** The kubelet's cgroup parent in every v1 hierarchy, so that teardown finds all of the pods' cgroups. */
export const CGROUP_ROOT = 'brandradar-cluster';
/** containerd's sandbox image, built locally (deploy/images/pause.sh) and imported: never pulled. */
export const PAUSE_IMAGE = 'localhost/brandradar/pause:local';

/** The state folder, `$BRANDRADAR_CACHE_DIR/cluster` (outside the clone); `down` removes it. */
export function stateDir(): string {
  return process.env.BRANDRADAR_CLUSTER_DIR ?? path.join(CACHE_DIR, 'cluster');
}

/** Where each part of the node keeps its files, under the state folder. */
export function layout(dir = stateDir()) {
  const at = (...parts: string[]) => path.join(dir, ...parts);
  return {
    dir,
    logs: at('logs'),
    pids: at('run'),
    etcd: at('etcd'),
    pki: at('pki'),
    kubeconfig: at('kubeconfig'),
    tokens: at('pki', 'tokens.csv'),
    containerdRoot: at('containerd', 'root'),
    containerdState: at('containerd', 'state'),
    containerdConfig: at('containerd', 'config.toml'),
    containerdSocket: at('run', 'containerd.sock'),
    /** containerd's config_path: a hosts.toml per registry (registry.ts). */
    registryHosts: at('containerd', 'certs.d'),
    /** The image registry's configuration and blobs. */
    registry: at('registry'),
    cniConfDir: at('cni', 'net.d'),
    cniIpamDir: at('cni', 'ipam'),
    kubeletRoot: at('kubelet'),
    kubeletConfig: at('kubelet-config.json'),
    podLogs: at('pod-logs'),
    kubeProxyConfig: at('kube-proxy-config.json'),
    corefile: at('Corefile'),
    images: at('images'),
    /** The stores' local PersistentVolumes (helm/environments/cluster.yaml's localVolumes.path). */
    volumes: at('volumes'),
    /** The e-mails the notifier sent, one `.eml` file each. */
    mail: at('mail'),
    /** Kernel settings the kubelet changes, as they were before `up`: `down` puts them back. */
    sysctls: at('sysctls.json'),
  };
}
export type Layout = ReturnType<typeof layout>;
