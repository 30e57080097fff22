import { clusterApi, clusterDown, clusterLeftovers, kubeRequest, layout } from '@brandradar/devstack';
import { eventually } from '../../support/eventually';

/**
 * `npm run cluster -- down` leaves nothing of the cluster on the machine: no process, mount,
 * bridge, network namespace, cgroup, iptables chain or rule, ipset, nor the state folder's runtime
 * parts. Runs last (sequencer.js): it takes the cluster down.
 */
describe('down', () => {
  it('removes every trace of the running cluster', async () => {
    // A NetworkPolicy of its own, so that kube-router has made ipsets (and its policy chains) to remove, with or without the release.
    const policy = await kubeRequest(clusterApi(layout()), 'POST', '/apis/networking.k8s.io/v1/namespaces/default/networkpolicies', {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'down-test' },
      spec: { podSelector: { matchLabels: { app: 'down-test' } }, policyTypes: ['Ingress'], ingress: [{ from: [{ podSelector: { matchLabels: { app: 'down-test-client' } } }] }] },
    });
    expect(policy.status).toBe(201);
    const running = await eventually(
      () => clusterLeftovers(layout()),
      (left) => left.some((part) => part.startsWith('ipset KUBE-')) && left.some((part) => part.includes('-N KUBE-NWPLCY-')),
      60_000,
      500,
    );
    // The check sees a running cluster's parts: it can tell a leftover when there is one.
    expect(running).toEqual(expect.arrayContaining(['process kubelet', 'process containerd', 'process kube-router', `bridge brandradar0`]));
    expect(running.some((part) => part.startsWith('mount '))).toBe(true);
    expect(running.some((part) => part.startsWith('network namespace '))).toBe(true);
    expect(running.some((part) => part.startsWith('iptables -t nat '))).toBe(true);
    expect(running).toContain('iptables -t filter -N KUBE-ROUTER-FORWARD');

    await clusterDown(() => undefined, layout());
    expect(await clusterLeftovers(layout())).toEqual([]);
  });
});
