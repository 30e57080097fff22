import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';

/** CPU time used so far by each process of this jest run (Linux /proc), by pid. */
type Snapshot = Map<number, { name: string; seconds: number }>;

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function stat(pid: number): { name: string; ppid: number; seconds: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const name = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    return { name, ppid: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return null; // it ended meanwhile
  }
}

function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** The outermost jest process above this one: every service, store and server of the run descends from it. */
function jestRoot(): number {
  let root = process.pid;
  for (let parent = stat(root)?.ppid ?? 0; parent > 1 && cmdline(parent).includes('jest'); parent = stat(parent)?.ppid ?? 0) root = parent;
  return root;
}

function snapshot(root: number): Snapshot {
  const all = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);
  const stats = new Map(all.map((pid) => [pid, stat(pid)] as const));
  const inTree = (pid: number): boolean => {
    for (let p = pid; p > 1; p = stats.get(p)?.ppid ?? 0) if (p === root) return true;
    return false;
  };
  const out: Snapshot = new Map();
  for (const [pid, s] of stats) if (s && inTree(pid)) out.set(pid, { name: s.name, seconds: s.seconds });
  return out;
}

/**
 * Measures the CPU seconds this jest run's processes (the services in the jest worker, nats-server,
 * FerretDB, PostgreSQL) use between `start` and `stop`, by process name: a figure that does not
 * depend on what else the machine is doing, unlike a rate. Linux only; elsewhere it reports nothing.
 */
export function cpuMeter() {
  if (os.platform() !== 'linux') return { stop: () => new Map<string, number>() };
  const root = jestRoot();
  const before = snapshot(root);
  return {
    stop(): Map<string, number> {
      const byName = new Map<string, number>();
      for (const [pid, s] of snapshot(root)) {
        const used = s.seconds - (before.get(pid)?.seconds ?? 0);
        byName.set(s.name, (byName.get(s.name) ?? 0) + used);
      }
      return byName;
    },
  };
}

/**
 * With BENCH_CPU_PROFILE set to a file name, records a V8 CPU profile of this process (every service
 * of the run lives in it) from now until `stop`, and writes it there for Chrome's DevTools or
 * `--cpu-prof` tooling; without it, does nothing.
 */
export async function cpuProfile(): Promise<{ stop: () => Promise<void> }> {
  const file = process.env.BENCH_CPU_PROFILE;
  if (!file) return { stop: async () => undefined };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** `cpuMeter`'s figures as one line: the total, per `unit` of the `count` done, and each process using 0.05 s or more, most first. */
export function cpuLine(cpuSeconds: Map<string, number>, count: number, unit: string): string {
  const total = [...cpuSeconds.values()].reduce((a, b) => a + b, 0);
  const parts = [...cpuSeconds].filter(([, s]) => s >= 0.05).sort((a, b) => b[1] - a[1]).map(([name, s]) => `${name} ${s.toFixed(1)} s`);
  return `CPU meanwhile ${total.toFixed(1)} s (${((total * 1000) / count).toFixed(2)} ms per ${unit}): ${parts.join(', ')}`;
}
