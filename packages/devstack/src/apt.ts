import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Installs a Debian package with apt-get (index refreshed first) when this process is root;
 * otherwise fails with `hint`, which says what to run instead.
 */
export async function aptInstall(pkg: string, hint: string): Promise<void> {
  if (process.getuid?.() !== 0) throw new Error(hint);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update'], { env, maxBuffer: 64 << 20 });
  await run('apt-get', ['install', '-y', '--no-install-recommends', pkg], { env, maxBuffer: 64 << 20 });
}
