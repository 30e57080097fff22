import fs from 'node:fs';
import path from 'node:path';
import { clusterChainsOf, guardChains, iptablesWords } from './config';
import { run } from './daemons';
import { CGROUP_ROOT, NETWORK, type Layout } from './layout';

/** What the host's network and kernel look like to the cluster: thin wrappers of ip, iptables and sysctl. */

const TABLES = ['filter', 'nat', 'mangle', 'raw'] as const;
const IPTABLES = ['iptables', 'ip6tables'] as const;

async function quiet(cmd: string, args: string[]): Promise<string | undefined> {
  try {
    return (await run(cmd, args, { maxBuffer: 64 << 20 })).stdout;
  } catch {
    return undefined;
  }
}

/**
 * The cluster's bridge with the node's address, forwarding on for it alone (the host's
 * net.ipv4.ip_forward stays as it is), the Service range routed onto it, and the guard chains.
 */
export async function networkUp(): Promise<void> {
  const { bridge, nodeIp, podCidr, serviceCidr } = NETWORK;
  if ((await quiet('ip', ['link', 'show', bridge])) === undefined) await run('ip', ['link', 'add', bridge, 'type', 'bridge']);
  const prefix = podCidr.split('/')[1];
  await run('ip', ['addr', 'replace', `${nodeIp}/${prefix}`, 'dev', bridge]);
  await run('ip', ['link', 'set', bridge, 'up']);
  await run('ip', ['route', 'replace', serviceCidr, 'dev', bridge, 'src', nodeIp]);
  fs.writeFileSync(`/proc/sys/net/ipv4/conf/${bridge}/forwarding`, '1');
  // Without it a pod's packets to a ClusterIP would be bridged past kube-proxy's rules.
  await run('modprobe', ['br_netfilter']).catch(() => undefined);
  await guardUp();
}

/** The guard chains with their rules in the mangle table, each jumped to by the first rule of its built-in chain. */
async function guardUp(): Promise<void> {
  for (const { chain, from, rules } of guardChains()) {
    const mangle = (...args: string[]) => run('iptables', ['-t', 'mangle', ...args]);
    if ((await quiet('iptables', ['-t', 'mangle', '-S', chain])) === undefined) await mangle('-N', chain);
    await mangle('-F', chain);
    for (const rule of rules) await mangle('-A', chain, ...rule);
    const first = ((await quiet('iptables', ['-t', 'mangle', '-S', from])) ?? '').split('\n').find((line) => line.startsWith('-A '));
    if (first === `-A ${from} -j ${chain}`) continue;
    while ((await quiet('iptables', ['-t', 'mangle', '-D', from, '-j', chain])) !== undefined);
    await mangle('-I', from, '1', '-j', chain);
  }
}

/** Removes every iptables chain of the cluster (guards, kube-proxy's, the kubelet's, portmap's) and the jumps to them. */
export async function removeClusterChains(): Promise<void> {
  for (const cmd of IPTABLES) {
    for (const table of TABLES) {
      const save = await quiet(cmd, ['-t', table, '-S']);
      if (save === undefined) continue;
      const { chains, jumps } = clusterChainsOf(save);
      for (const jump of jumps) await quiet(cmd, ['-t', table, ...jump]);
      for (const chain of chains) await quiet(cmd, ['-t', table, '-F', chain]);
      for (const chain of chains) await quiet(cmd, ['-t', table, '-X', chain]);
    }
  }
}

/** The rules of every table as `iptables -S` prints them, as words (for the isolation test). */
export async function iptablesRules(cmd: 'iptables' | 'ip6tables' = 'iptables'): Promise<{ table: string; words: string[] }[]> {
  const rules: { table: string; words: string[] }[] = [];
  for (const table of TABLES) {
    const save = (await quiet(cmd, ['-t', table, '-S'])) ?? '';
    for (const line of save.split('\n')) if (line.startsWith('-A ')) rules.push({ table, words: iptablesWords(line) });
  }
  return rules;
}

/** The bridge (its veths go with the pods' namespaces, its routes with it). */
export async function removeBridge(): Promise<void> {
  await quiet('ip', ['route', 'del', NETWORK.serviceCidr]);
  await quiet('ip', ['link', 'del', NETWORK.bridge]);
}

/**
 * The pods' network namespaces that containerd leaves in /run/netns when it is stopped without the
 * kubelet tearing the sandboxes down: the ones whose interface holds a pod address of the cluster.
 */
export async function clusterNetns(): Promise<string[]> {
  const dir = '/run/netns';
  const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  const ours: string[] = [];
  const podPrefix = `${NETWORK.podCidr.split('.').slice(0, 2).join('.')}.`;
  for (const name of names) {
    const addrs = (await quiet('ip', ['-n', name, '-4', '-o', 'addr', 'show'])) ?? '';
    // A namespace whose addresses cannot be read (its processes gone, nothing configured) is a
    // cni- namespace of ours only if named so; a namespace of someone else's always has addresses.
    if (addrs.includes(` inet ${podPrefix}`) || (name.startsWith('cni-') && !addrs.includes(' inet ') && containerdMadeIt(name))) ours.push(name);
  }
  return ours;
}

/** containerd's CRI names a pod's namespace cni-<uuid>. */
function containerdMadeIt(name: string): boolean {
  return /^cni-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(name);
}

export async function removeNetns(names: string[]): Promise<void> {
  for (const name of names) {
    await quiet('umount', [path.join('/run/netns', name)]);
    await quiet('ip', ['netns', 'delete', name]);
  }
}

/** Mount points under `dir` (the state folder), deepest first. */
export function mountsUnder(dir: string): string[] {
  const points = fs
    .readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[4])
    .filter((p): p is string => p !== undefined && (p === dir || p.startsWith(`${dir}/`)))
    .map((p) => p.replace(/\\040/g, ' '));
  return [...new Set(points)].sort((a, b) => b.length - a.length);
}

export async function unmountUnder(dir: string): Promise<void> {
  for (let pass = 0; pass < 3 && mountsUnder(dir).length > 0; pass++) {
    for (const point of mountsUnder(dir)) {
      if ((await quiet('umount', [point])) === undefined) await quiet('umount', ['-l', point]);
    }
  }
}

/** The cgroup v1 hierarchies (the combined ones' symlinks left out). */
function cgroupHierarchies(): string[] {
  const root = '/sys/fs/cgroup';
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.isSymbolicLink()).map((e) => path.join(root, e.name));
}

/** The kubelet's cgroup parent, which it expects to find in every hierarchy. */
export function createCgroupRoot(): void {
  for (const hierarchy of cgroupHierarchies()) fs.mkdirSync(path.join(hierarchy, CGROUP_ROOT), { recursive: true });
}

/** The pods' cgroups, in every v1 hierarchy, deepest first (a cgroup is removed with rmdir once empty). */
export function clusterCgroups(): string[] {
  const found: string[] = [];
  for (const hierarchy of cgroupHierarchies()) {
    const top = path.join(hierarchy, CGROUP_ROOT);
    if (!fs.existsSync(top)) continue;
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) walk(path.join(dir, entry.name));
      found.push(dir);
    };
    walk(top);
  }
  return found;
}

export function removeCgroups(): void {
  for (const dir of clusterCgroups()) {
    try {
      fs.rmdirSync(dir);
    } catch {
      // still has a process (reported by down's check), or a sibling hierarchy already removed it
    }
  }
}

/** Kernel settings the kubelet sets to its liking (protectKernelDefaults: false): kept before `up`, restored by `down`. */
const KUBELET_SYSCTLS = ['vm/overcommit_memory', 'vm/panic_on_oom', 'kernel/panic', 'kernel/panic_on_oops', 'kernel/keys/root_maxkeys', 'kernel/keys/root_maxbytes'];

export function saveSysctls(l: Layout): void {
  if (fs.existsSync(l.sysctls)) return; // the first `up`'s values are the host's
  const values = Object.fromEntries(KUBELET_SYSCTLS.map((key) => [key, fs.readFileSync(`/proc/sys/${key}`, 'utf8').trim()]));
  fs.writeFileSync(l.sysctls, JSON.stringify(values));
}

export function restoreSysctls(l: Layout): void {
  if (!fs.existsSync(l.sysctls)) return;
  const values = JSON.parse(fs.readFileSync(l.sysctls, 'utf8')) as Record<string, string>;
  for (const key of KUBELET_SYSCTLS) if (values[key] !== undefined) fs.writeFileSync(`/proc/sys/${key}`, values[key]);
  fs.rmSync(l.sysctls);
}
