import fs from 'node:fs';

/** A process's /proc stat line; undefined when it exited since /proc was listed (other containers' processes come and go). */
function procStat(pid: string): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ESRCH') return undefined;
    throw e;
  }
}

/** The processes under `pid` (chroot isolation has no PID namespace: they are the host's). */
export function descendants(pid: number): { pid: number; name: string }[] {
  const all = fs.readdirSync('/proc').flatMap((entry) => {
    const stat = /^\d+$/.test(entry) ? procStat(entry)?.match(/^(\d+) \((.*)\) \S+ (\d+)/) : null;
    return stat ? [{ pid: Number(stat[1]), name: stat[2]!, ppid: Number(stat[3]) }] : [];
  });
  const found: { pid: number; name: string }[] = [];
  for (let parents = [pid]; parents.length > 0; ) {
    const children = all.filter((p) => parents.includes(p.ppid));
    found.push(...children);
    parents = children.map((c) => c.pid);
  }
  return found;
}

export function killIfAlive(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
  }
}
