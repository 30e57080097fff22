import { clusterDown, clusterLeftovers, layout } from '@brandradar/devstack';

/**
 * `npm run cluster -- down` leaves nothing of the cluster on the machine: no process, mount,
 * bridge, network namespace, cgroup, iptables chain or rule, nor the state folder's runtime parts.
 * Runs last (sequencer.js): it takes the cluster down.
 */
describe('down', () => {
  it('removes every trace of the running cluster', async () => {
    const running = await clusterLeftovers(layout());
    // The check sees a running cluster's parts: it can tell a leftover when there is one.
    expect(running).toEqual(expect.arrayContaining(['process kubelet', 'process containerd', `bridge brandradar0`]));
    expect(running.some((part) => part.startsWith('mount '))).toBe(true);
    expect(running.some((part) => part.startsWith('network namespace '))).toBe(true);
    expect(running.some((part) => part.startsWith('iptables -t nat '))).toBe(true);

    await clusterDown(() => undefined, layout());
    expect(await clusterLeftovers(layout())).toEqual([]);
  });
});
