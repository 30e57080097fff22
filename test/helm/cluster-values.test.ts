import path from 'node:path';
import { FERRETDB_VERSION, NATS_SERVER_VERSION, NETWORK, PORTS } from '@brandradar/devstack';
import { byKind, ENVIRONMENTS_DIR, find, prepareHelm, secretData, SERVICES, type Helm, type K8sObject } from './support';

/**
 * helm/environments/cluster.yaml, the project's own single-node cluster, rendered offline: the
 * images deploy/images/build.sh and store-images.sh build, never pulled; the FerretDB store with a
 * user per service; NATS as 3 servers with 3 stream replicas; a local PersistentVolume bound to each
 * store claim; requests that fit 2 cores with a rolling upgrade's extra pods. (chart.test.ts checks
 * the same render against the Kubernetes schemas; apiserver.test.ts has an API server take it.)
 */
let helm: Helm;
let objects: K8sObject[];
const CLUSTER = ['-f', path.join(ENVIRONMENTS_DIR, 'cluster.yaml')];
beforeAll(async () => {
  helm = await prepareHelm();
  objects = await helm.template(CLUSTER);
}, 20 * 60_000);
afterAll(() => helm?.cleanup());

const releaseSecret = () => secretData(find(objects, 'Secret', 'rel-secrets')!);
const SERVICES_WITH_A_DATABASE = SERVICES.filter((s) => s !== 'gateway');
/** Millicores of a quantity as the chart writes them ("20m", "1"). */
const millicores = (q: string) => (q.endsWith('m') ? Number(q.slice(0, -1)) : Number(q) * 1000);

it('runs the services, NATS and the store from the images this machine builds, never pulled', () => {
  for (const s of SERVICES) expect(find(objects, 'Deployment', `rel-${s}`)!.spec.template.spec.containers[0]).toMatchObject({ image: `localhost/brandradar/${s}:local`, imagePullPolicy: 'Never' });
  expect(find(objects, 'StatefulSet', 'rel-nats')!.spec.template.spec.containers[0]).toMatchObject({ image: `localhost/brandradar/nats:${NATS_SERVER_VERSION.slice(1)}`, imagePullPolicy: 'Never' });
  expect(find(objects, 'StatefulSet', 'rel-ferretdb')!.spec.template.spec.containers[0]).toMatchObject({
    image: `localhost/brandradar/store:ferretdb-${FERRETDB_VERSION.slice(1)}-pg15`,
    imagePullPolicy: 'Never',
  });
  expect(find(objects, 'StatefulSet', 'rel-mongodb')).toBeUndefined();
});

it('runs NATS as 3 servers, every stream on 3 of them', () => {
  expect(find(objects, 'StatefulSet', 'rel-nats')!.spec.replicas).toBe(3);
  for (const s of SERVICES) expect(find(objects, 'ConfigMap', `rel-${s}`)!.data.NATS_STREAM_REPLICAS).toBe('3');
});

it("gives each service with a database its own FerretDB user, whose password the store's entrypoint reads from the same Secret", () => {
  const store = find(objects, 'StatefulSet', 'rel-ferretdb')!;
  const pod = store.spec.template.spec;
  const env = new Map<string, any>(pod.containers[0].env.map((e: any) => [e.name, e]));
  expect(env.get('STORE_USERS').value.split(' ').sort()).toEqual([...SERVICES_WITH_A_DATABASE].sort());
  const data = releaseSecret();
  for (const s of SERVICES_WITH_A_DATABASE) {
    const key = `MONGO_PASSWORD_${s.toUpperCase()}`;
    expect(env.get(key).valueFrom.secretKeyRef).toEqual({ name: 'rel-secrets', key });
    const url = new URL(data[`MONGO_URL_${s.toUpperCase()}`]!);
    expect([url.username, url.password, url.host, url.searchParams.get('authMechanism'), url.searchParams.get('authSource')]).toEqual([s, data[key], 'rel-ferretdb.brandradar.svc:27017', 'PLAIN', '$external']);
  }
  // Nothing of the in-cluster MongoDB: no root password, key file or init Job.
  expect(Object.keys(data).filter((k) => /^MONGO_(ROOT_PASSWORD|KEYFILE)$/.test(k))).toEqual([]);
  expect(byKind(objects, 'Job').map((j) => j.metadata.name)).toEqual(['rel-provision']);
  expect(find(objects, 'Service', 'rel-ferretdb')!.spec.ports).toEqual([{ name: 'mongodb', port: 27017, targetPort: 'mongodb', protocol: 'TCP' }]);
  // PostgreSQL refuses a data folder the group may enter: only an empty volume's root gets the group.
  expect(pod.securityContext.fsGroupChangePolicy).toBe('OnRootMismatch');
  // The services' NetworkPolicies let them reach the store's pods on 27017.
  const egress = find(objects, 'NetworkPolicy', 'rel-billing')!.spec.egress.find((e: any) => e.ports.some((p: any) => p.port === 27017));
  expect(egress.to).toEqual([{ podSelector: { matchLabels: { 'app.kubernetes.io/instance': 'rel', 'app.kubernetes.io/name': 'ferretdb' } } }]);
  expect(pod.containers[0].securityContext).toMatchObject({ readOnlyRootFilesystem: true, runAsNonRoot: true });
});

it("sends the services' DNS and SMTP to the node's bridge address, where CoreDNS and the mail catcher listen", () => {
  const egressTo = (service: string, port: number) => find(objects, 'NetworkPolicy', `rel-${service}`)!.spec.egress.find((e: any) => e.ports.some((p: any) => p.port === port))?.to;
  const node = [{ ipBlock: { cidr: `${NETWORK.nodeIp}/32` } }];
  for (const s of SERVICES) expect(egressTo(s, 53)).toEqual(node);
  expect(egressTo('notifier', PORTS.mail)).toEqual(node);
});

it('binds each store claim to a local PersistentVolume of its own, which outlives the pod', () => {
  const claims = byKind(objects, 'StatefulSet').flatMap((set) => Array.from({ length: set.spec.replicas as number }, (_, i) => ({ name: `data-${set.metadata.name}-${i}`, spec: set.spec.volumeClaimTemplates[0].spec })));
  expect(claims.map((c) => c.name).sort()).toEqual(['data-rel-ferretdb-0', 'data-rel-nats-0', 'data-rel-nats-1', 'data-rel-nats-2']);
  const volumes = byKind(objects, 'PersistentVolume');
  expect(volumes).toHaveLength(claims.length);
  for (const claim of claims) {
    const pv = volumes.find((v) => v.spec.claimRef.name === claim.name)!;
    expect(pv.spec).toMatchObject({
      claimRef: { namespace: 'brandradar', name: claim.name },
      storageClassName: claim.spec.storageClassName,
      capacity: { storage: claim.spec.resources.requests.storage },
      accessModes: claim.spec.accessModes,
      persistentVolumeReclaimPolicy: 'Retain',
      local: { path: `/var/lib/brandradar/volumes/brandradar/${claim.name}` },
    });
    expect(claim.spec.storageClassName).toBe('local');
  }
});

it('asks for less than one core and 8 GiB with every pod up at once: services, NATS, the store, the provisioning Job and a rolling upgrade\'s extra pods', () => {
  let [cpu, memoryMi] = [0, 0];
  const add = (containers: any[], times: number) => {
    for (const c of containers) {
      cpu += millicores(c.resources.requests.cpu) * times;
      memoryMi += Number(String(c.resources.requests.memory).replace(/Mi$/, '')) * times;
    }
  };
  for (const d of byKind(objects, 'Deployment')) {
    expect(d.spec.strategy.rollingUpdate.maxSurge).toBe(1);
    add(d.spec.template.spec.containers, d.spec.replicas + 1);
  }
  for (const s of byKind(objects, 'StatefulSet')) add(s.spec.template.spec.containers, s.spec.replicas);
  for (const j of byKind(objects, 'Job')) add(j.spec.template.spec.containers, 1);
  expect(cpu).toBeLessThan(1000);
  expect(memoryMi).toBeLessThan(8 * 1024);
});

it('simulates every provider (no provider key) and has an admin token', () => {
  const data = releaseSecret();
  expect(data.ADMIN_TOKEN).toMatch(/.{16,}/);
  expect(Object.keys(data).filter((k) => /_API_KEY$|^DATAFORSEO_/.test(k))).toEqual([]);
});

describe('store values the chart must refuse', () => {
  it.each([
    ['two in-cluster stores', ['--set', 'mongodb.enabled=true'], /Two in-cluster stores: set either mongodb.enabled=true or ferretdb.enabled=true/],
    ['a service MONGO_URL with the in-cluster FerretDB', ['--set-string', 'secrets.values.MONGO_URL_BILLING=mongodb://b:pw@db:27017/'], /MongoDB is configured twice: set either ferretdb.enabled=true .*secrets.values.MONGO_URL_BILLING/],
    ['local volumes for a claim without a storage class', ['--set', 'ferretdb.storage.storageClassName='], /localVolumes.enabled=true binds the stores' claims by storage class: set ferretdb.storage.storageClassName/],
    ['a relative local volume folder', ['--set', 'localVolumes.path=volumes'], /localVolumes\/path/],
  ])('fails on %s', async (_name, args, expected) => {
    expect(await helm.templateError([...CLUSTER, ...args])).toMatch(expected);
  });
});

it("routes the gateway's public port through the Gateway the local cluster provides (Traefik's, gateway-system/local, listener http)", () => {
  const [route, ...others] = byKind(objects, 'HTTPRoute');
  expect(others).toEqual([]);
  expect(route!.spec.parentRefs).toEqual([{ name: 'local', namespace: 'gateway-system', sectionName: 'http' }]);
  expect(route!.spec.rules[0].backendRefs).toEqual([{ name: 'rel-gateway', port: 8080 }]);
});
