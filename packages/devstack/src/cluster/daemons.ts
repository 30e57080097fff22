import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { waitUntil } from '../ports';
import type { Layout } from './layout';

export const run = promisify(execFile);

/**
 * The node's processes outlive `npm run cluster -- up`: each runs detached in a session of its own,
 * its output in logs/<name>.log and its pid in run/<name>.pid, which `down` reads to stop it.
 */
export function startDaemon(l: Layout, name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  fs.mkdirSync(l.logs, { recursive: true });
  fs.mkdirSync(l.pids, { recursive: true });
  const log = fs.openSync(path.join(l.logs, `${name}.log`), 'a');
  const child = spawn(command, args, { detached: true, stdio: ['ignore', log, log], env });
  fs.closeSync(log);
  if (child.pid === undefined) throw new Error(`${name} did not start (${command})`);
  child.unref();
  fs.writeFileSync(pidFile(l, name), `${child.pid} ${command}\n`);
  return child.pid;
}

function pidFile(l: Layout, name: string): string {
  return path.join(l.pids, `${name}.pid`);
}

/** The pid of a daemon that is still running the command it was started with (a reused pid is not it). */
export function daemonPid(l: Layout, name: string): number | undefined {
  let recorded: string;
  try {
    recorded = fs.readFileSync(pidFile(l, name), 'utf8').trim();
  } catch {
    return undefined;
  }
  const [pidText, command] = [recorded.slice(0, recorded.indexOf(' ')), recorded.slice(recorded.indexOf(' ') + 1)];
  const pid = Number(pidText);
  try {
    const argv0 = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
    return argv0 === command ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; waits until the process is gone. */
export async function stopDaemon(l: Layout, name: string, graceMs = 15_000): Promise<void> {
  const pid = daemonPid(l, name);
  if (pid !== undefined) {
    process.kill(pid, 'SIGTERM');
    const gone = () => {
      if (fs.existsSync(`/proc/${pid}`) && !isZombie(pid)) throw new Error(`${name} (${pid}) still running`);
    };
    try {
      await waitUntil(`${name} to stop`, async () => gone(), graceMs);
    } catch {
      process.kill(pid, 'SIGKILL');
      await waitUntil(`${name} to be killed`, async () => gone(), 10_000);
    }
  }
  fs.rmSync(pidFile(l, name), { force: true });
}

function isZombie(pid: number): boolean {
  try {
    return /^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true;
  }
}

/** Waits for `ready`; fails at once, naming its log, when the daemon has exited first. */
export async function waitForDaemon(l: Layout, name: string, ready: () => Promise<unknown>, timeoutMs = 60_000): Promise<void> {
  await waitUntil(
    name,
    async () => {
      if (daemonPid(l, name) === undefined) throw new Error(`${name} is not running: see ${path.join(l.logs, `${name}.log`)}`);
      return ready();
    },
    timeoutMs,
  );
}

/** The last lines of a daemon's log, for an error message. */
export function logTail(l: Layout, name: string, lines = 20): string {
  try {
    return fs.readFileSync(path.join(l.logs, `${name}.log`), 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
