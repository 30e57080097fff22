import fs from 'node:fs';
import path from 'node:path';
import { ensureImageRegistry } from '../binaries';
import { REGISTRY_ENV, registryAnswers, writeRegistryConfig } from '../image-registry';
import { daemonPid, startDaemon, waitForDaemon } from './daemons';
import { PORTS, type Layout } from './layout';

/**
 * The local cluster's image registry: Distribution on loopback (plain HTTP), started by `up` as a
 * daemon of the node, where skaffold pushes (SKAFFOLD_DEFAULT_REPO) and the node's containerd pulls
 * from, told by a hosts.toml under its config_path that this host speaks HTTP. The release's own
 * images are still imported, never pulled: only what skaffold deploys comes through here.
 */
export const REGISTRY_ADDRESS = `127.0.0.1:${PORTS.registry}`;

/** containerd's hosts.toml for a plain-HTTP registry: pull and resolve from it, no TLS. */
function registryHostsToml(address: string): string {
  return [`server = "http://${address}"`, '', `[host."http://${address}"]`, '  capabilities = ["pull", "resolve"]', '  skip_verify = true', ''].join('\n');
}

/** Starts the registry (unless it runs), writes containerd's hosts.toml for it and returns its address. */
export async function registryUp(log: (line: string) => void, l: Layout): Promise<string> {
  const hosts = path.join(l.registryHosts, REGISTRY_ADDRESS, 'hosts.toml');
  fs.mkdirSync(path.dirname(hosts), { recursive: true });
  fs.writeFileSync(hosts, registryHostsToml(REGISTRY_ADDRESS));
  if (daemonPid(l, 'registry') === undefined) {
    const config = writeRegistryConfig(l.registry, REGISTRY_ADDRESS);
    startDaemon(l, 'registry', await ensureImageRegistry(), ['serve', config], { ...process.env, ...REGISTRY_ENV });
  }
  await waitForDaemon(l, 'registry', () => registryAnswers(REGISTRY_ADDRESS));
  log(`image registry on ${REGISTRY_ADDRESS} (SKAFFOLD_DEFAULT_REPO)`);
  return REGISTRY_ADDRESS;
}
