import { clusterDown } from './down';
import { stateDir } from './layout';
import { clusterUp, isRunning } from './node';
import { installRelease, releaseAccess, type ReleaseAccess } from './release';

/**
 * `npm run cluster -- up|down`: the single-node cluster of this machine (docs/development.md).
 * `up` starts the node, installs the release from locally built images and prints how to reach it,
 * one `KEY=value` a line on stdout (progress goes to stderr); `up --node-only` stops after the node.
 * `down` removes everything the cluster put on the machine.
 */
const log = (line: string) => process.stderr.write(`[cluster] ${line}\n`);

function print(access: ReleaseAccess): void {
  for (const [key, value] of Object.entries(access)) process.stdout.write(`${key}=${value}\n`);
}

async function main(command: string | undefined, flags: string[]): Promise<void> {
  if (command === 'up') {
    const wasRunning = isRunning();
    const api = await clusterUp(log);
    if (flags.includes('--node-only')) {
      process.stdout.write(`KUBECONFIG=${api.kubeconfig}\n`);
      return;
    }
    // A second `up` reports the running release rather than installing it again.
    print(wasRunning ? await releaseAccess().catch(() => installRelease(log)) : await installRelease(log));
  } else if (command === 'down') {
    await clusterDown(log);
  } else {
    throw new Error(`usage: npm run cluster -- up [--node-only] | down   (state in ${stateDir()})`);
  }
}

main(process.argv[2], process.argv.slice(3)).catch((e: unknown) => {
  log(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
