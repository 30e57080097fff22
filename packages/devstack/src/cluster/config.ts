import { CGROUP_ROOT, NETWORK, NODE_NAME, PAUSE_IMAGE, PORTS, type Layout } from './layout';

/** Debian's CNI plugins (containernetworking-plugins). */
const CNI_BIN_DIR = '/usr/lib/cni';

/**
 * containerd 1.6's config (version 2): its own root, state, socket and CNI folders, runc with
 * cgroupfs (cgroup v1 here), and the locally built sandbox image.
 */
export function containerdConfig(l: Layout): string {
  const cri = 'plugins."io.containerd.grpc.v1.cri"';
  return [
    'version = 2',
    `root = ${JSON.stringify(l.containerdRoot)}`,
    `state = ${JSON.stringify(l.containerdState)}`,
    // The host's /opt/containerd is not ours to fill.
    'disabled_plugins = ["io.containerd.internal.v1.opt", "io.containerd.snapshotter.v1.aufs", "io.containerd.snapshotter.v1.btrfs", "io.containerd.snapshotter.v1.zfs", "io.containerd.snapshotter.v1.devmapper"]',
    '[grpc]',
    `  address = ${JSON.stringify(l.containerdSocket)}`,
    '[ttrpc]',
    `  address = ${JSON.stringify(`${l.containerdSocket}.ttrpc`)}`,
    '[debug]',
    `  address = ""`,
    '[metrics]',
    `  address = ""`,
    `[${cri}]`,
    `  sandbox_image = ${JSON.stringify(PAUSE_IMAGE)}`,
    '  enable_selinux = false',
    // This machine may not lower a process's oom_score_adj (the sandbox's -998, a Guaranteed pod's
    // -997): containerd keeps each at least the node's own, as it does for rootless nodes.
    '  restrict_oom_score_adj = true',
    `[${cri}.containerd]`,
    '  snapshotter = "overlayfs"',
    '  default_runtime_name = "runc"',
    `[${cri}.containerd.runtimes.runc]`,
    '  runtime_type = "io.containerd.runc.v2"',
    `[${cri}.containerd.runtimes.runc.options]`,
    '  SystemdCgroup = false',
    `[${cri}.cni]`,
    `  bin_dir = ${JSON.stringify(CNI_BIN_DIR)}`,
    `  conf_dir = ${JSON.stringify(l.cniConfDir)}`,
    '  max_conf_num = 1',
    // No registry is reachable (and none may be used) but the cluster's own on loopback (registry.ts),
    // whose hosts.toml here says it speaks plain HTTP.
    `[${cri}.registry]`,
    `  config_path = ${JSON.stringify(l.registryHosts)}`,
    '',
  ].join('\n');
}

/**
 * The pod network: the cluster's own bridge (created by `up` with the node's address, so the plugin
 * neither assigns a gateway address nor turns on forwarding for the whole host), no masquerade, and
 * a default route to the node, where the cluster's firewall rules drop whatever is not for the bridge.
 */
export function cniConfig(l: Layout) {
  return {
    cniVersion: '0.4.0',
    name: 'brandradar-cluster',
    plugins: [
      {
        type: 'bridge',
        bridge: NETWORK.bridge,
        isGateway: false,
        isDefaultGateway: false,
        ipMasq: false,
        hairpinMode: true,
        ipam: {
          type: 'host-local',
          dataDir: l.cniIpamDir,
          ranges: [[{ subnet: NETWORK.podCidr, rangeStart: hostAddress(NETWORK.podCidr, 10), gateway: NETWORK.nodeIp }]],
          routes: [{ dst: '0.0.0.0/0' }],
        },
      },
      // hostPort: DNAT on the node's bridge address only (no SNAT rule of its own).
      { type: 'portmap', capabilities: { portMappings: true }, snat: false },
    ],
  };
}

/** The `n`th address of a /16 or wider IPv4 CIDR (n < 256). */
function hostAddress(cidr: string, n: number): string {
  const octets = cidr.slice(0, cidr.indexOf('/')).split('.').map(Number);
  octets[3] = n;
  return octets.join('.');
}

/** The kubelet's configuration file: cgroup v1 with cgroupfs, its own root, ports on the bridge address and loopback. */
export function kubeletConfig(l: Layout) {
  return {
    apiVersion: 'kubelet.config.k8s.io/v1beta1',
    kind: 'KubeletConfiguration',
    address: NETWORK.nodeIp,
    port: PORTS.kubelet,
    readOnlyPort: 0,
    healthzBindAddress: '127.0.0.1',
    healthzPort: PORTS.kubeletHealthz,
    authentication: { anonymous: { enabled: false }, webhook: { enabled: true } },
    authorization: { mode: 'Webhook' },
    cgroupDriver: 'cgroupfs',
    cgroupRoot: `/${CGROUP_ROOT}`,
    // kubelet 1.34 refuses cgroup v1 unless told otherwise (this machine has only v1).
    failCgroupV1: false,
    failSwapOn: false,
    clusterDNS: [NETWORK.nodeIp],
    clusterDomain: NETWORK.clusterDomain,
    // No host resolv.conf: pods get the cluster's DNS only, and dnsPolicy Default gets no nameserver.
    resolvConf: '',
    containerRuntimeEndpoint: `unix://${l.containerdSocket}`,
    podLogsDir: l.podLogs,
    // Imported images cannot be pulled again: the kubelet must never collect them.
    imageGCHighThresholdPercent: 100,
    imageGCLowThresholdPercent: 99,
    evictionHard: { 'memory.available': '100Mi', 'nodefs.available': '2%', 'imagefs.available': '2%' },
    serializeImagePulls: false,
    rotateCertificates: false,
    enforceNodeAllocatable: ['pods'],
    maxPods: 110,
  };
}

/** kube-proxy in iptables mode: NodePorts only on the bridge address, no localhost NodePorts, conntrack settings left alone. */
export function kubeProxyConfig(l: Layout) {
  return {
    apiVersion: 'kubeproxy.config.k8s.io/v1alpha1',
    kind: 'KubeProxyConfiguration',
    clientConnection: { kubeconfig: l.kubeconfig },
    hostnameOverride: NODE_NAME,
    mode: 'iptables',
    clusterCIDR: NETWORK.podCidr,
    bindAddress: NETWORK.nodeIp,
    healthzBindAddress: `127.0.0.1:${PORTS.kubeProxyHealthz}`,
    metricsBindAddress: `127.0.0.1:${PORTS.kubeProxyMetrics}`,
    nodePortAddresses: [`${NETWORK.nodeIp}/32`],
    iptables: { localhostNodePorts: false, masqueradeAll: false },
    conntrack: { maxPerCore: 0, min: 0, tcpEstablishedTimeout: '0s', tcpCloseWaitTimeout: '0s' },
  };
}

/**
 * CoreDNS on the node's bridge address: the cluster's zone and its reverse zones from the API, and
 * nothing else (no `forward`: the binary does not even contain it), so an outside name is refused.
 */
export function corefile(l: Layout): string {
  return [
    `${NETWORK.clusterDomain} in-addr.arpa ip6.arpa {`,
    `  bind ${NETWORK.nodeIp}`,
    '  errors',
    `  health 127.0.0.1:${PORTS.coreDnsHealth}`,
    `  ready 127.0.0.1:${PORTS.coreDnsReady}`,
    `  kubernetes ${NETWORK.clusterDomain} in-addr.arpa ip6.arpa {`,
    `    kubeconfig ${l.kubeconfig} local`,
    '    pods insecure',
    '    ttl 30',
    '  }',
    '  cache 30',
    '  loadbalance',
    '}',
    '',
  ].join('\n');
}

/** A mangle-table chain of the cluster's own and the built-in chain that jumps to it. */
export interface GuardChain {
  chain: string;
  from: 'INPUT' | 'FORWARD' | 'POSTROUTING';
  rules: string[][];
}

const GUARD_PREFIX = 'BRANDRADAR-CLUSTER';

/**
 * The cluster's isolation: pod and Service traffic may only leave through the bridge (or stay on
 * the node), and nothing from another interface may reach the pods or the node's bridge address.
 * With forwarding on for the bridge alone, this keeps every pod and Service address off the outside
 * interface. The guards live in the mangle table, whose built-in chains nobody else here writes:
 * netfilter runs them before the filter table, where kube-proxy's and kube-router's ACCEPT rules
 * are, so no ordering of other controllers' jumps (kube-router rewrites the filter table at each
 * sync) can put an ACCEPT ahead of them. FORWARD and INPUT see a packet after nat's PREROUTING
 * (a Service's DNAT is known); POSTROUTING sees the node's own packets after nat's OUTPUT and the
 * reroute, so on the interface they really leave by. Written in the order `iptables -S` prints a
 * rule's matches, so the isolation test compares them word for word.
 */
export function guardChains(): GuardChain[] {
  const { bridge, podCidr, serviceCidr } = NETWORK;
  const dnatFromService = ['-m', 'conntrack', '--ctstate', 'DNAT', '--ctorigdst', serviceCidr];
  return [
    {
      chain: `${GUARD_PREFIX}-FWD`,
      from: 'FORWARD',
      rules: [
        ['-s', podCidr, '!', '-o', bridge, '-j', 'DROP'],
        ['-d', podCidr, '!', '-i', bridge, '-j', 'DROP'],
        ['!', '-o', bridge, ...dnatFromService, '-j', 'DROP'],
      ],
    },
    { chain: `${GUARD_PREFIX}-OUT`, from: 'POSTROUTING', rules: [...onlyBridgeOrLoopback('-o'), [...dnatFromService, '-j', 'DROP']] },
    { chain: `${GUARD_PREFIX}-IN`, from: 'INPUT', rules: onlyBridgeOrLoopback('-i') },
  ];
}

/** Packets through the bridge or loopback pass; any other interface may neither send to nor receive from the pod and Service ranges. */
function onlyBridgeOrLoopback(iface: '-i' | '-o'): string[][] {
  const { bridge, podCidr, serviceCidr } = NETWORK;
  return [[iface, bridge, '-j', 'RETURN'], [iface, 'lo', '-j', 'RETURN'], ...[podCidr, serviceCidr].map((cidr) => ['-d', cidr, '-j', 'DROP'])];
}

/** Whether an iptables chain belongs to the cluster: its guards, kube-proxy's and the kubelet's (KUBE-), portmap's (CNI-). */
function isClusterChain(chain: string): boolean {
  return chain.startsWith(GUARD_PREFIX) || chain.startsWith('KUBE-') || chain.startsWith('CNI-');
}

/**
 * The chains of `iptables -S` output that belong to the cluster, and the rules of other chains that
 * jump to them (as the arguments that delete them), so that they can be unhooked, flushed and removed.
 */
export function clusterChainsOf(save: string): { chains: string[]; jumps: string[][] } {
  const chains: string[] = [];
  const jumps: string[][] = [];
  for (const line of save.split('\n')) {
    const words = iptablesWords(line);
    const [op, chain = ''] = words;
    if (op === '-N' && isClusterChain(chain)) chains.push(chain);
    if (op === '-A' && !isClusterChain(chain)) {
      const target = words.indexOf('-j');
      if (target > 0 && isClusterChain(words[target + 1] ?? '')) jumps.push(['-D', ...words.slice(1)]);
    }
  }
  return { chains, jumps };
}

/** The words of one line of `iptables -S`, a double-quoted comment being one word (without its quotes). */
export function iptablesWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let quoted = false;
  let inWord = false;
  for (const ch of line) {
    if (ch === '"') {
      quoted = !quoted;
      inWord = true;
    } else if (!quoted && (ch === ' ' || ch === '\t')) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}
