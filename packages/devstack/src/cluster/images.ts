import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensurePause } from '../binaries';
import { buildah } from '../buildah';
import { CACHE_DIR, REPO_ROOT } from '../paths';
import { run } from './daemons';
import type { Layout } from './layout';

/** Images go from buildah's storage (deploy/images) into containerd's `k8s.io` namespace: never through a registry. */

async function buildahImageId(ref: string): Promise<string> {
  const { stdout } = await buildah('inspect', '--type', 'image', '--format', '{{.FromImageID}}', ref);
  return stdout.trim();
}

/** Gives an image of buildah's storage a second name. */
export async function tagImage(ref: string, newRef: string): Promise<void> {
  await buildah('tag', ref, newRef);
}

/** Runs one of deploy/images' scripts and returns the image references it prints, one a line. */
export async function imageScript(script: string, args: string[] = []): Promise<string[]> {
  const { stdout } = await run('bash', [path.join(REPO_ROOT, 'deploy', 'images', script), ...args], { cwd: REPO_ROOT, maxBuffer: 64 << 20, env: { ...process.env, BRANDRADAR_CACHE_DIR: CACHE_DIR } });
  return stdout.split('\n').map((line) => line.trim()).filter((line) => line.length > 0);
}

/** The sandbox image, built from the pause program (deploy/images/pause.sh). */
export async function buildPauseImage(): Promise<string> {
  const [ref] = await imageScript('pause.sh', [await ensurePause()]);
  if (ref === undefined) throw new Error('deploy/images/pause.sh printed no image');
  return ref;
}

/**
 * Copies an image from buildah's storage into containerd (an OCI archive in between), unless
 * containerd already holds this very image (the record under the state folder names its ID).
 */
export async function importImage(l: Layout, ref: string): Promise<void> {
  const id = await buildahImageId(ref);
  const record = path.join(l.images, ref.replace(/[^a-zA-Z0-9.-]/g, '_'));
  if (fs.existsSync(record) && fs.readFileSync(record, 'utf8') === id) return;
  const archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'brandradar-image-')), 'image.tar');
  try {
    await buildah('push', '--quiet', ref, `oci-archive:${archive}:${ref}`);
    await run('ctr', ['--address', l.containerdSocket, '-n', 'k8s.io', 'images', 'import', archive], { maxBuffer: 16 << 20 });
  } finally {
    fs.rmSync(path.dirname(archive), { recursive: true, force: true });
  }
  fs.mkdirSync(l.images, { recursive: true });
  fs.writeFileSync(record, id);
}

/**
 * One service's image as release `version` shipped it (`deploy/images/build.sh --release`: that
 * commit's sources and Dockerfile), loaded into the node as `localhost/brandradar/<service>:<version>`.
 */
export async function loadReleaseImage(l: Layout, version: string, service: string): Promise<string> {
  const image = `localhost/brandradar/${service}:${version}`;
  await imageScript('build.sh', ['--release', version, service]);
  await importImage(l, image);
  return image;
}

/** The newest release recorded in packages/contracts/releases (`<version>.messages.json`), by version number. */
export function newestRelease(): string {
  const versions = fs
    .readdirSync(path.join(REPO_ROOT, 'packages', 'contracts', 'releases'))
    .flatMap((file) => /^(\d+\.\d+\.\d+)\.messages\.json$/.exec(file)?.[1] ?? []);
  const number = (v: string) => v.split('.').map(Number);
  const newest = versions.sort((a, b) => number(a).reduce((d, part, i) => d || part - number(b)[i]!, 0)).at(-1);
  if (newest === undefined) throw new Error('no release is recorded in packages/contracts/releases');
  return newest;
}
