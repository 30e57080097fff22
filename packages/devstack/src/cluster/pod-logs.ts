import fs from 'node:fs';
import path from 'node:path';
import type { Layout } from './layout';

/**
 * The last lines each container of the pods whose name starts with `podPrefix` wrote, from the
 * kubelet's log files (`<namespace>_<pod>_<uid>/<container>/<restart>.log`): what a failed install
 * shows of its Job, since `down` removes the files and kubectl logs do not reach this node.
 */
export function podLogTails(l: Layout, namespace: string, podPrefix: string, lines = 15): string {
  const dirs = fs.existsSync(l.podLogs) ? fs.readdirSync(l.podLogs).filter((d) => d.startsWith(`${namespace}_${podPrefix}`)) : [];
  return dirs
    .flatMap((pod) =>
      fs.readdirSync(path.join(l.podLogs, pod)).flatMap((container) => {
        const dir = path.join(l.podLogs, pod, container);
        return fs.readdirSync(dir).map((file) => {
          const tail = fs.readFileSync(path.join(dir, file), 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
          return `--- ${pod.split('_')[1]} ${container} (${file})\n${tail}`;
        });
      }),
    )
    .join('\n');
}
