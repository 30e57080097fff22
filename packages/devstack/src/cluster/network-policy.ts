import fs from 'node:fs';
import { aptInstall } from '../apt';
import { ensureKubeRouter } from '../binaries';
import { logTail, run, startDaemon, waitForDaemon } from './daemons';
import { NETWORK, NODE_NAME, type Layout } from './layout';

/**
 * The cluster's NetworkPolicies, enforced: the bridge CNI enforces none, so kube-router's network
 * policy controller runs on the node as a host process (deploy/local/kube-router: the firewall
 * alone, no BGP router, no service proxy), with filter-table chains (KUBE-ROUTER-*, KUBE-NWPLCY-*,
 * KUBE-POD-FW-*), which a packet reaches only after the cluster's guards in the mangle table, and
 * ipsets (KUBE-SRC-*, KUBE-DST-*) of the pods each policy selects. `down` removes the chains with
 * the cluster's others (they are KUBE- chains) and the ipsets here.
 */

const IPSET = '/usr/sbin/ipset';
/** The comment of the rule kube-router appends to its FORWARD chain at the end of each full sync. */
const SYNCED = 'rule to explicitly ACCEPT traffic that comply to network policies';

/** kube-router's binary, and ipset (Debian's), installed with apt-get when missing. */
export async function ensureNetworkPolicyBinaries(): Promise<string> {
  if (!fs.existsSync(IPSET)) await aptInstall('ipset', `ipset is not installed (no ${IPSET}): run \`sudo apt-get install -y ipset\`.`);
  return ensureKubeRouter();
}

/**
 * Starts the controller once the node is registered (it reads its Node object); returns after its
 * first full sync has written the policies' rules.
 */
export async function networkPoliciesUp(l: Layout, kubeRouter: string): Promise<void> {
  startDaemon(l, 'kube-router', kubeRouter, [
    `--kubeconfig=${l.kubeconfig}`,
    `--hostname-override=${NODE_NAME}`,
    '--run-firewall=true', '--run-router=false', '--run-service-proxy=false',
    `--service-cluster-ip-range=${NETWORK.serviceCidr}`,
    '--health-port=0', '--metrics-port=0',
  ]);
  await waitForDaemon(
    l,
    'kube-router',
    async () => {
      const { stdout } = await run('iptables', ['-S', 'KUBE-ROUTER-FORWARD']);
      if (!stdout.includes(SYNCED)) throw new Error(`kube-router has not synced its rules yet\n${logTail(l, 'kube-router', 5)}`);
    },
    120_000,
  );
}

/**
 * kube-router's ipsets on this machine: KUBE-SRC-… and KUBE-DST-… (inet6: before them for IPv6),
 * and the TMP-<hash> sets of an ipset restore that was cut short.
 */
export async function clusterIpsets(): Promise<string[]> {
  if (!fs.existsSync(IPSET)) return [];
  const { stdout } = await run(IPSET, ['list', '-n']).catch(() => ({ stdout: '' }));
  return stdout.split('\n').filter((name) => /^(inet6:)?KUBE-(SRC|DST)-|^TMP-[A-Z2-7]{16}$/.test(name));
}

/** Destroys kube-router's ipsets; the iptables rules that use them must be gone first. */
export async function removeIpsets(): Promise<void> {
  for (const name of await clusterIpsets()) await run(IPSET, ['destroy', name]).catch(() => undefined);
}
