/**
 * `npm test`'s first step (deploy/local/run.sh): what the suite builds or installs once per machine,
 * done side by side before jest starts, so no timing-sensitive test shares two cores with a compiler.
 * A line when each step starts and one with how long it took; a step already in the cache takes
 * well under a second. The tests still ask for what they use (`ensureHelm()`, …), and find it here.
 *
 *   node packages/devstack/dist/prebuild.js
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureChromium } from './apt';
import {
  ensureFerretDb,
  ensureGatewayApiManifests,
  ensureHelm,
  ensureKubeApiServer,
  ensureKubeControllerManager,
  ensureNatsServer,
  ensureSkaffoldSchema,
  FERRETDB_VERSION,
  GATEWAY_API_VERSION,
  HELM_VERSION,
  KUBERNETES_VERSION,
  NATS_SERVER_VERSION,
} from './binaries';
import { ensureEtcd } from './kube';
import { CACHE_DIR, REPO_ROOT } from './paths';
import { ensurePostgresBinaries } from './postgres';
import { storeKind } from './store';

const run = promisify(execFile);

/** skaffold.yaml's apiVersion, whose published schema test/helm/skaffold.test.ts validates it against. */
function skaffoldApiVersion(): string {
  const found = /^apiVersion: (skaffold\/\S+)$/m.exec(fs.readFileSync(path.join(REPO_ROOT, 'skaffold.yaml'), 'utf8'));
  if (!found) throw new Error('skaffold.yaml names no skaffold/… apiVersion');
  return found[1]!;
}

function say(line: string): void {
  process.stdout.write(`prebuild: ${line}\n`);
}

/** Runs one step with its start and end lines; a failure is said and passed on. */
async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  say(`${name}…`);
  try {
    const result = await work();
    say(`${name} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  } catch (e) {
    say(`${name} FAILED after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    throw e;
  }
}

const IMAGES_DIR = path.join(REPO_ROOT, 'deploy', 'images');

/** One of the image scripts, on the cache folder `cacheDir`; its progress lines (on stderr) go through as they come. */
async function imageScript(script: string, cacheDir = CACHE_DIR): Promise<void> {
  const child = run('bash', [path.join(IMAGES_DIR, script)], { cwd: REPO_ROOT, env: { ...process.env, BRANDRADAR_CACHE_DIR: cacheDir }, maxBuffer: 64 << 20 });
  child.child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  await child;
}

/**
 * The image base, built the way a new machine builds it. A script's first build takes paths its
 * later, cached runs never take (a cleanup that failed only then kept every new machine from
 * passing while every old one passed). On a new cache folder the build is the first one anyway.
 * Otherwise, whenever the image scripts or the base they build have changed since a first build
 * last passed, it runs again into an empty cache folder, and its archive then seeds this cache.
 */
async function imageBase(): Promise<void> {
  const hash = createHash('sha256');
  for (const file of ['buildah.sh', 'node-base.sh']) hash.update(fs.readFileSync(path.join(IMAGES_DIR, file)));
  hash.update(/^FROM .*$/m.exec(fs.readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8'))?.[0] ?? '');
  const passed = path.join(CACHE_DIR, 'images', `first-build-passed-${hash.digest('hex').slice(0, 12)}`);
  const markPassed = () => {
    fs.mkdirSync(path.dirname(passed), { recursive: true });
    fs.writeFileSync(passed, `${new Date().toISOString()}\n`);
  };
  // No image script has run on this cache yet (buildah.sh writes the driver it chose): this build is the first.
  if (!fs.existsSync(path.join(CACHE_DIR, 'buildah.driver'))) {
    await step('image base, first build (a new cache folder)', () => imageScript('node-base.sh'));
    return markPassed();
  }
  if (!fs.existsSync(passed)) {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'brandradar-first-build-'));
    try {
      await step('image base, first build into an empty cache folder', () => imageScript('node-base.sh', empty));
      const images = path.dirname(passed);
      fs.mkdirSync(images, { recursive: true });
      for (const archive of fs.readdirSync(path.join(empty, 'images')).filter((f) => f.endsWith('.oci.tar'))) {
        // <base>-<key>.oci.tar: the archives of the same base under older keys are of no more use.
        const base = archive.replace(/-[0-9a-f]+\.oci\.tar$/, '-');
        for (const old of fs.readdirSync(images)) if (old.startsWith(base) && old.endsWith('.oci.tar')) fs.rmSync(path.join(images, old));
        fs.copyFileSync(path.join(empty, 'images', archive), path.join(images, archive));
      }
      markPassed();
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  }
  await step('image base (deploy/images/node-base.sh)', () => imageScript('node-base.sh'));
}

async function main(): Promise<void> {
  const started = Date.now();
  say(`building into ${CACHE_DIR} (BRANDRADAR_CACHE_DIR)`);
  // Debian's packages first: dpkg installs one at a time, and the image scripts install theirs too.
  const debian = step('Debian packages (PostgreSQL, etcd, Chromium)', () =>
    Promise.all([storeKind() === 'postgresql' ? ensurePostgresBinaries() : undefined, ensureEtcd(), ensureChromium()]),
  );
  const steps = [
    debian,
    step(`nats-server ${NATS_SERVER_VERSION}`, ensureNatsServer),
    step(`FerretDB ${FERRETDB_VERSION}`, ensureFerretDb),
    step(`helm ${HELM_VERSION}`, ensureHelm),
    step('skaffold schema', () => ensureSkaffoldSchema(skaffoldApiVersion())),
    step(`Gateway API CRDs ${GATEWAY_API_VERSION}`, ensureGatewayApiManifests),
    // The controller manager reuses most of what the API server's build compiled.
    step(`kube-apiserver ${KUBERNETES_VERSION}`, ensureKubeApiServer).then(() => step(`kube-controller-manager ${KUBERNETES_VERSION}`, ensureKubeControllerManager)),
    debian.then(imageBase).then(() => step('service images (deploy/images/build.sh)', () => imageScript('build.sh'))),
  ];
  const outcomes = await Promise.allSettled(steps);
  // A step others wait on fails them too: each failure is said once.
  const failures = [...new Set(outcomes.flatMap((o): unknown[] => (o.status === 'rejected' ? [o.reason] : [])))];
  for (const failure of failures) process.stderr.write(`${failure instanceof Error ? (failure.stack ?? failure.message) : String(failure)}\n${(failure as { stderr?: string }).stderr ?? ''}\n`);
  say(`${failures.length ? `${failures.length} step(s) failed` : 'done'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (failures.length) process.exit(1);
}

void main();
