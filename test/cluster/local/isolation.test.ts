import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { clusterApi, guardChains, importImage, iptablesRules, kubeRequest, layout, NETWORK, REPO_ROOT } from '@brandradar/devstack';
import { eventually } from '../../support/eventually';

/**
 * The local cluster keeps its traffic on this machine (issue 44): pod and Service addresses are
 * routed to the cluster's bridge only, no NAT rule touches the outside interface, the cluster's
 * guard chains are jumped to first in the mangle table (which netfilter runs before the filter
 * table's ACCEPT rules of kube-proxy and kube-router), and a pod reaches the cluster's names and Services but nothing beyond
 * the node: CoreDNS answers `kubernetes.default.svc.cluster.local` and refuses an outside name, and a
 * packet toward the outside interface's gateway is dropped on the node by the guard.
 */
const run = promisify(execFile);
const OUTSIDE = 'eth0';

async function routeOf(address: string): Promise<string> {
  return (await run('ip', ['-o', 'route', 'get', address])).stdout;
}

async function outsideGateway(): Promise<string> {
  const routes = JSON.parse((await run('ip', ['-j', 'route', 'show', 'default'])).stdout) as { gateway?: string; dev: string }[];
  return routes.find((r) => r.dev === OUTSIDE)?.gateway ?? '192.0.2.1';
}

async function guardDrops(): Promise<number> {
  const { stdout } = await run('iptables', ['-t', 'mangle', '-L', 'BRANDRADAR-CLUSTER-FWD', '-v', '-x', '-n']);
  return stdout
    .split('\n')
    .filter((line) => line.includes('DROP'))
    .reduce((sum, line) => sum + Number(line.trim().split(/\s+/)[0]), 0);
}

describe('the local cluster stays on this machine', () => {
  it('routes pod and Service addresses to its bridge, never via the outside interface', async () => {
    for (const address of ['10.203.0.77', '10.204.0.10']) {
      const route = await routeOf(address);
      expect(route).toContain(`dev ${NETWORK.bridge}`);
      expect(route).not.toContain(`dev ${OUTSIDE}`);
    }
    const routes = (await run('ip', ['-o', 'route', 'show'])).stdout.split('\n');
    expect(routes.filter((r) => (r.startsWith('10.203.') || r.startsWith('10.204.')) && r.includes(`dev ${OUTSIDE}`))).toEqual([]);
  });

  it('has no NAT rule on the outside interface, and its guard chains first in the mangle table, nobody else there', async () => {
    const rules = await iptablesRules();
    const nat = rules.filter(({ words }) => ['MASQUERADE', 'SNAT', 'DNAT'].includes(words[words.indexOf('-j') + 1] ?? ''));
    expect(nat.length).toBeGreaterThan(0); // kube-proxy's are there: the check looks at something
    expect(nat.filter(({ words }) => words.includes(OUTSIDE)).map(({ words }) => words.join(' '))).toEqual([]);
    const mangle = rules.filter(({ table }) => table === 'mangle');
    // Only the guards write the mangle table's built-in chains, so no controller's ACCEPT runs before them.
    expect(mangle.filter(({ words }) => !words[1]?.startsWith('BRANDRADAR-CLUSTER-')).map(({ words }) => words.join(' ')).sort())
      .toEqual(guardChains().map(({ from, chain }) => `-A ${from} -j ${chain}`).sort());
    for (const guard of guardChains()) {
      const own = mangle.filter(({ words }) => words[1] === guard.chain).map(({ words }) => words.slice(2));
      expect(own).toEqual(guard.rules);
    }
    // Every masquerade of the cluster happens after the guard has let only bridge-bound packets through.
    expect((await run('sysctl', ['-n', `net.ipv4.conf.${OUTSIDE}.forwarding`])).stdout.trim()).toBe('0');
  });

  it('lets a pod resolve the cluster names and reach a Service, and nothing outside', async () => {
    const api = clusterApi(layout());
    const { stdout } = await run('bash', [path.join(REPO_ROOT, 'deploy', 'images', 'node-base.sh')], { cwd: REPO_ROOT });
    const image = stdout.trim();
    await importImage(layout(), image);
    const gateway = await outsideGateway();
    const dropsBefore = await guardDrops();
    const name = `isolation-${randomUUID().slice(0, 8)}`;
    // Each probe's outcome goes to the termination message, which the pod's status carries.
    const probe = `
      const dns = require('node:dns').promises, net = require('node:net'), fs = require('node:fs');
      const tcp = (host, port) => new Promise((ok) => { const s = net.connect({ host, port, timeout: 3000 });
        s.on('connect', () => { s.destroy(); ok('connected'); }); s.on('timeout', () => { s.destroy(); ok('timeout'); }); s.on('error', (e) => ok(e.code)); });
      (async () => {
        const out = {};
        out.cluster = await dns.lookup('kubernetes.default.svc.cluster.local').then((a) => a.address, (e) => e.code);
        out.outside = await dns.resolve4('example.com').then((a) => a.join(','), (e) => e.code);
        out.service = await tcp('kubernetes.default.svc.cluster.local', 443);
        out.beyond = await tcp('${gateway}', 80);
        fs.writeFileSync('/dev/termination-log', JSON.stringify(out));
      })();`;
    const created = await kubeRequest(api, 'POST', '/api/v1/namespaces/default/pods', {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name },
      spec: {
        restartPolicy: 'Never',
        automountServiceAccountToken: false,
        containers: [{ name: 'probe', image, imagePullPolicy: 'Never', command: ['node', '-e', probe] }],
      },
    });
    expect(created.status).toBe(201);
    try {
      const terminated = await eventually(
        async () => (await kubeRequest(api, 'GET', `/api/v1/namespaces/default/pods/${name}`)).body?.status?.containerStatuses?.[0]?.state?.terminated,
        (state) => typeof state?.message === 'string',
        120_000,
        500,
      );
      const outcome = JSON.parse(terminated.message) as Record<string, string>;
      expect(outcome).toEqual({ cluster: '10.204.0.1', outside: expect.stringMatching(/^E(REFUSED|NOTFOUND|SERVFAIL|TIMEOUT)$/), service: 'connected', beyond: 'timeout' });
      expect(await guardDrops()).toBeGreaterThan(dropsBefore);
    } finally {
      await kubeRequest(api, 'DELETE', `/api/v1/namespaces/default/pods/${name}`);
    }
  });
});
