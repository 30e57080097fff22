import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * dpkg takes a lock: two installs at once fail. Within this process they queue here; another
 * process's apt-get (a jest worker, the image scripts) is waited for through `DPkg::Lock::Timeout`.
 */
let queue: Promise<unknown> = Promise.resolve();
let indexRefreshed = false;
const LOCK_WAIT = ['-o', 'DPkg::Lock::Timeout=600'];

/**
 * Installs Debian packages with apt-get (index refreshed once per process) when this process is
 * root; otherwise fails with `hint`, which says what to run instead.
 */
export function aptInstall(pkg: string, hint: string): Promise<void> {
  const install = queue.then(async () => {
    if (process.getuid?.() !== 0) throw new Error(hint);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (!indexRefreshed) await run('apt-get', [...LOCK_WAIT, 'update'], { env, maxBuffer: 64 << 20 });
    indexRefreshed = true;
    await run('apt-get', [...LOCK_WAIT, 'install', '-y', '--no-install-recommends', pkg], { env, maxBuffer: 64 << 20 });
  });
  queue = install.catch(() => undefined);
  return install;
}

const CHROMIUM = '/usr/bin/chromium';

/** Debian's Chromium (for the web app's browser test), installed with apt-get when missing. */
export async function ensureChromium(): Promise<string> {
  if (!fs.existsSync(CHROMIUM)) await aptInstall('chromium', `Chromium is not installed (no ${CHROMIUM}): run \`sudo apt-get install -y chromium\`.`);
  return CHROMIUM;
}

const PDFTOTEXT = '/usr/bin/pdftotext';

/** Debian's pdftotext (poppler-utils), which the PDF report's tests read the document back with, installed with apt-get when missing. */
export async function ensurePdftotext(): Promise<string> {
  if (!fs.existsSync(PDFTOTEXT)) await aptInstall('poppler-utils', `pdftotext is not installed (no ${PDFTOTEXT}): run \`sudo apt-get install -y poppler-utils\`.`);
  return PDFTOTEXT;
}
