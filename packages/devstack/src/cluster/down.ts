import fs from 'node:fs';
import path from 'node:path';
import { daemonPid, run, stopDaemon } from './daemons';
import { clusterCgroups, clusterNetns, mountsUnder, removeBridge, removeCgroups, removeClusterChains, removeNetns, restoreSysctls, unmountUnder } from './host';
import { layout, NETWORK, type Layout } from './layout';
import { clusterIpsets, removeIpsets } from './network-policy';

/** The node's daemons in the order `down` stops them: first what starts containers, the control plane last. */
export const NODE_DAEMONS = ['kubelet', 'kube-router', 'kube-proxy', 'coredns', 'kube-scheduler', 'kube-controller-manager', 'containerd', 'kube-apiserver', 'etcd'] as const;
/** The release's loopback forwarder, the notifier's mail catcher (release.ts), Traefik (route.ts) and the image registry (registry.ts), stopped first. */
const RELEASE_DAEMONS = ['forwarder', 'mail-catcher', 'traefik', 'registry'] as const;
const DAEMONS = [...RELEASE_DAEMONS, ...NODE_DAEMONS] as const;

/** Kills every container of the node through containerd, so that no shim or container process outlives it. */
async function killContainers(l: Layout): Promise<void> {
  if (daemonPid(l, 'containerd') === undefined) return;
  const ctr = (...args: string[]) => run('ctr', ['--address', l.containerdSocket, '-n', 'k8s.io', ...args], { maxBuffer: 16 << 20 });
  const tasks = (await ctr('tasks', 'ls', '-q').catch(() => ({ stdout: '' }))).stdout.split('\n').filter(Boolean);
  for (const task of tasks) await ctr('tasks', 'kill', '-a', '-s', 'SIGKILL', task).catch(() => undefined);
  for (const task of tasks) await ctr('tasks', 'delete', '-f', task).catch(() => undefined);
}

/** What is left of a cluster on this machine; empty once `down` has done its work. */
export async function clusterLeftovers(l: Layout = layout()): Promise<string[]> {
  const left: string[] = [];
  for (const name of DAEMONS) if (daemonPid(l, name) !== undefined) left.push(`process ${name}`);
  for (const point of mountsUnder(l.dir)) left.push(`mount ${point}`);
  for (const ns of await clusterNetns()) left.push(`network namespace ${ns}`);
  if (fs.existsSync(`/sys/class/net/${NETWORK.bridge}`)) left.push(`bridge ${NETWORK.bridge}`);
  for (const cgroup of clusterCgroups()) left.push(`cgroup ${cgroup}`);
  const shims = await run('pgrep', ['-f', `containerd-shim.*${l.containerdSocket}`]).then((r) => r.stdout.trim(), () => '');
  if (shims) left.push(`containerd shims ${shims.split('\n').join(' ')}`);
  for (const cmd of ['iptables', 'ip6tables']) {
    for (const table of ['filter', 'nat', 'mangle', 'raw']) {
      const save = await run(cmd, ['-t', table, '-S']).then((r) => r.stdout, () => '');
      for (const line of save.split('\n')) if (/(^| )(-N|-j) (KUBE-|CNI-|BRANDRADAR-CLUSTER)/.test(line)) left.push(`${cmd} -t ${table} ${line}`);
    }
  }
  for (const set of await clusterIpsets()) left.push(`ipset ${set}`);
  const tables = await run('nft', ['list', 'tables']).then((r) => r.stdout, () => '');
  for (const line of tables.split('\n')) if (line.includes('kube-proxy')) left.push(`nftables ${line.trim()}`);
  for (const part of runtimeParts(l)) if (fs.existsSync(part)) left.push(`file ${part}`);
  return left;
}

/** The state folder's runtime parts: everything but the logs of the last run. */
function runtimeParts(l: Layout): string[] {
  return fs.existsSync(l.dir) ? fs.readdirSync(l.dir).filter((name) => name !== 'logs').map((name) => path.join(l.dir, name)) : [];
}

/**
 * Removes the cluster: its processes (containers first), mounts, pod network namespaces, the bridge,
 * every iptables chain of it (the guards, kube-proxy's, the kubelet's, portmap's, kube-router's) and
 * kube-router's ipsets, the pods' cgroups,
 * the kernel settings the kubelet changed, and the state folder's runtime parts (its logs stay for a
 * post-mortem, and go with the next `up`).
 */
export async function clusterDown(log: (line: string) => void, l: Layout = layout()): Promise<void> {
  const started = Date.now();
  for (const name of RELEASE_DAEMONS) await stopDaemon(l, name);
  await stopDaemon(l, 'kubelet');
  await killContainers(l);
  for (const name of DAEMONS) await stopDaemon(l, name);
  // kube-proxy in iptables mode keeps to KUBE- chains (no nftables table, no IPVS): removed here with the others.
  await removeClusterChains();
  await removeIpsets(); // kube-router's, unused once its rules are gone
  await unmountUnder(l.dir);
  await removeNetns(await clusterNetns());
  await removeBridge();
  removeCgroups();
  restoreSysctls(l);
  for (const part of runtimeParts(l)) fs.rmSync(part, { recursive: true, force: true });
  const left = await clusterLeftovers(l);
  if (left.length > 0) throw new Error(`down left behind:\n${left.join('\n')}`);
  log(`cluster removed in ${Math.round((Date.now() - started) / 1000)} s`);
}
