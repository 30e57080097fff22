import fs from 'node:fs';
import path from 'node:path';
import { ensureImageRegistry } from './binaries';
import { waitUntil } from './ports';
import { ManagedProcess, type LineSink } from './processes';

/** A container image registry on loopback, e.g. the one skaffold pushes to and a local cluster pulls from. */
export interface ImageRegistry {
  /** host:port, what an image name starts with (skaffold's --default-repo, SKAFFOLD_DEFAULT_REPO). */
  address: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

/**
 * The registry's configuration file under `dir` (its blobs in dir/storage), serving plain HTTP on
 * `address`; returns the file's path. Plain HTTP on loopback is what skaffold (go-containerregistry),
 * buildah (--tls-verify=false) and containerd (a hosts.toml naming http) accept.
 */
export function writeRegistryConfig(dir: string, address: string): string {
  fs.mkdirSync(path.join(dir, 'storage'), { recursive: true });
  const config = path.join(dir, 'config.yml');
  // JSON is YAML: the registry's configuration, with deletes on so old tags can be cleaned up.
  const settings = {
    version: 0.1,
    log: { level: 'warn' },
    storage: { filesystem: { rootdirectory: path.join(dir, 'storage') }, delete: { enabled: true } },
    http: { addr: address },
  };
  fs.writeFileSync(config, JSON.stringify(settings));
  return config;
}

/** The registry's environment: no traces exported (nothing to send them to). */
export const REGISTRY_ENV = { OTEL_TRACES_EXPORTER: 'none' } as const;

/** Resolves once the registry at `address` answers its API's base endpoint. */
export async function registryAnswers(address: string): Promise<void> {
  const res = await fetch(`http://${address}/v2/`, { signal: AbortSignal.timeout(2_000) });
  if (res.status !== 200) throw new Error(`registry /v2/ answered ${res.status}`);
}

/** The CNCF Distribution registry (built from its Go module) on 127.0.0.1:`port`, plain HTTP, its blobs under `dir`. */
export async function startImageRegistry(opts: { dir: string; port: number; sink: LineSink }): Promise<ImageRegistry> {
  const bin = await ensureImageRegistry();
  const address = `127.0.0.1:${opts.port}`;
  const config = writeRegistryConfig(opts.dir, address);
  const process = new ManagedProcess('registry', bin, ['serve', config], opts.sink, { ...globalThis.process.env, ...REGISTRY_ENV });
  process.start();
  try {
    await waitUntil('registry', () => registryAnswers(address));
  } catch (e) {
    await process.stop();
    throw e;
  }
  return { address, process, stop: () => process.stop() };
}
