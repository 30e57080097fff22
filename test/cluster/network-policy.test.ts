import { randomUUID } from 'node:crypto';
import { eventually } from '../support/eventually';
import { cluster, waitForDeployments } from './kube';

/**
 * The chart's NetworkPolicies, enforced (on the local cluster by kube-router's network policy
 * controller, docs/development.md): a pod in the release's namespace whose labels no policy allows
 * cannot open a connection to NATS (4222) or the store (27017), while the same probe carrying the
 * release's instance label can, and the release's own pods keep working (every Deployment
 * available; the smoke suite and helm test go through them).
 */
const c = cluster();
const log = (line: string) => process.stderr.write(`[network-policy] ${line}\n`);

/**
 * The probe: tries each target until it connects or `WITHIN_MS` has passed (at least once each),
 * and leaves each last outcome (`connected`, `timeout` or the error code) in its termination message.
 */
const PROBE = `
  const net = require('node:net'), fs = require('node:fs');
  const tcp = (host, port) => new Promise((ok) => { const s = net.connect({ host, port, timeout: 2000 });
    s.on('connect', () => { s.destroy(); ok('connected'); }); s.on('timeout', () => { s.destroy(); ok('timeout'); }); s.on('error', (e) => ok(e.code)); });
  (async () => {
    const deadline = Date.now() + Number(process.env.WITHIN_MS), out = {};
    for (const [name, host, port] of JSON.parse(process.env.TARGETS)) {
      // A refused connection returns at once: back off (100 ms doubling to 2 s) before the next try.
      for (let backoff = 100; ; backoff = Math.min(2 * backoff, 2000)) {
        out[name] = await tcp(host, port);
        if (out[name] === 'connected' || Date.now() >= deadline) break;
        await new Promise((r) => setTimeout(r, backoff));
      }
    }
    fs.writeFileSync('/dev/termination-log', JSON.stringify(out));
  })();`;

async function gatewayImage(): Promise<string> {
  const deployments = await waitForDeployments(c, 10 * 60_000, log);
  const gateway = deployments.find((d) => d.metadata?.labels?.['app.kubernetes.io/component'] === 'gateway');
  const image = gateway?.spec?.template.spec?.containers[0]?.image;
  if (!image) throw new Error(`no gateway Deployment in release ${c.release}`);
  return image;
}

/** Runs the probe in a pod with these labels and returns each target's outcome. */
async function probe(image: string, labels: Record<string, string>, withinMs: number): Promise<Record<string, string>> {
  const name = `netpol-probe-${randomUUID().slice(0, 8)}`;
  const targets = [
    ['nats', `${c.release}-nats`, 4222],
    ['store', `${c.release}-ferretdb`, 27017],
  ];
  await c.core.createNamespacedPod({
    namespace: c.namespace,
    body: {
      metadata: { name, labels: { 'brandradar.test/probe': 'network-policy', ...labels } },
      spec: {
        restartPolicy: 'Never',
        automountServiceAccountToken: false,
        enableServiceLinks: false,
        containers: [
          {
            name: 'probe',
            image,
            imagePullPolicy: 'IfNotPresent',
            command: ['node', '-e', PROBE],
            env: [
              { name: 'TARGETS', value: JSON.stringify(targets) },
              { name: 'WITHIN_MS', value: String(withinMs) },
            ],
            resources: { requests: { cpu: '10m', memory: '64Mi' }, limits: { memory: '128Mi' } },
          },
        ],
      },
    },
  });
  try {
    const terminated = await eventually(
      async () => (await c.core.readNamespacedPod({ name, namespace: c.namespace })).status?.containerStatuses?.[0]?.state?.terminated,
      (state) => typeof state?.message === 'string' && state.message.length > 0,
      withinMs + 120_000,
      500,
    );
    return JSON.parse(terminated!.message!) as Record<string, string>;
  } finally {
    await c.core.deleteNamespacedPod({ name, namespace: c.namespace, gracePeriodSeconds: 0 });
  }
}

describe("the chart's NetworkPolicies, enforced", () => {
  let image: string;
  beforeAll(async () => {
    image = await gatewayImage();
  }, 11 * 60_000);

  it('keeps a pod that no policy allows away from NATS and the store, and lets the same probe in with the release label', async () => {
    const [denied, allowed] = await Promise.all([
      // Refused (kube-router rejects) or unanswered, never a DNS failure: the names resolve, the ports are closed to it.
      probe(image, { 'app.kubernetes.io/name': 'netpol-probe' }, 15_000),
      // The release's label lets it in once the controller has added the new pod's address to the policies' sets.
      probe(image, { 'app.kubernetes.io/name': 'netpol-probe', 'app.kubernetes.io/instance': c.release }, 120_000),
    ]);
    expect(allowed).toEqual({ nats: 'connected', store: 'connected' });
    for (const target of ['nats', 'store']) expect(['ECONNREFUSED', 'timeout', 'EHOSTUNREACH']).toContain(denied[target]);
  });
});
