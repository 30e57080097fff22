import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureHelm, ensureSkaffold, REPO_ROOT } from '@brandradar/devstack';

const run = promisify(execFile);

/** skaffold built from its module, run from the clone with `env`, as its tests run it. */
export interface Skaffold {
  bin: string;
  env: NodeJS.ProcessEnv;
  run: (args: string[]) => Promise<{ stdout: string; stderr: string }>;
}

/**
 * skaffold (v2.19.0, deploy/local/skaffold) and helm, set up under `dir`: skaffold runs `helm` from
 * PATH, and keeps its own settings (no usage reports: there is no network) in a HOME of its own.
 */
export async function prepareSkaffold(dir: string, env: NodeJS.ProcessEnv): Promise<Skaffold> {
  const [bin, helm] = await Promise.all([ensureSkaffold(), ensureHelm()]);
  const binDir = path.join(dir, 'bin');
  fs.mkdirSync(binDir, { recursive: true });
  fs.symlinkSync(helm, path.join(binDir, 'helm'));
  const full = { ...process.env, ...env, HOME: dir, PATH: `${binDir}:${process.env.PATH}`, SKAFFOLD_UPDATE_CHECK: 'false' };
  const skaffold = { bin, env: full, run: (args: string[]) => run(bin, args, { cwd: REPO_ROOT, env: full, maxBuffer: 64 << 20 }) };
  await skaffold.run(['config', 'set', '--global', 'collect-metrics', 'false']);
  return skaffold;
}

/** The digest a registry on loopback serves for `repository:tag`. */
export async function registryDigest(address: string, repository: string, tag: string): Promise<string | null> {
  const accept = 'application/vnd.oci.image.manifest.v1+json, application/vnd.oci.image.index.v1+json, application/vnd.docker.distribution.manifest.v2+json';
  const res = await fetch(`http://${address}/v2/${repository}/manifests/${tag}`, { method: 'HEAD', headers: { accept } });
  return res.status === 200 ? res.headers.get('docker-content-digest') : null;
}
