import { clusterChainsOf, guardChains, iptablesWords } from './config';

/** What `down` removes from iptables: only the cluster's chains and the jumps of other chains to them. */
describe('the cluster chains of iptables -S', () => {
  const save = [
    '-P FORWARD ACCEPT',
    '-N BRANDRADAR-CLUSTER-FWD',
    '-N KUBE-FORWARD',
    '-N DOCKER-USER',
    '-A FORWARD -j BRANDRADAR-CLUSTER-FWD',
    '-A FORWARD -m comment --comment "kubernetes forwarding rules" -j KUBE-FORWARD',
    '-A FORWARD -j DOCKER-USER',
    '-A KUBE-FORWARD -m mark --mark 0x4000/0x4000 -j ACCEPT',
    '-A DOCKER-USER -j RETURN',
  ].join('\n');

  it('reads a quoted comment as one word', () => {
    expect(iptablesWords('-A FORWARD -m comment --comment "kubernetes forwarding rules" -j KUBE-FORWARD')).toEqual(['-A', 'FORWARD', '-m', 'comment', '--comment', 'kubernetes forwarding rules', '-j', 'KUBE-FORWARD']);
  });

  it('finds the guard and KUBE- chains and the jumps to them, and leaves everything else', () => {
    expect(clusterChainsOf(save)).toEqual({
      chains: ['BRANDRADAR-CLUSTER-FWD', 'KUBE-FORWARD'],
      jumps: [
        ['-D', 'FORWARD', '-j', 'BRANDRADAR-CLUSTER-FWD'],
        ['-D', 'FORWARD', '-m', 'comment', '--comment', 'kubernetes forwarding rules', '-j', 'KUBE-FORWARD'],
      ],
    });
  });

  it('guards drop pod traffic leaving by any interface but the bridge', () => {
    const forward = guardChains().find((g) => g.from === 'FORWARD');
    expect(forward?.rules).toContainEqual(['-s', '10.203.0.0/16', '!', '-o', 'brandradar0', '-j', 'DROP']);
  });
});
