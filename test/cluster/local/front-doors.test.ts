import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { layout } from '@brandradar/devstack';

const run = promisify(execFile);

/**
 * The release's front doors that `up` runs on the host, Traefik (the HTTP route) and the image
 * registry (skaffold's), listen on loopback only: nothing of them is reachable from the outside
 * interface, and they need no firewall rule of their own.
 */
function pidOf(name: string): number {
  return Number(fs.readFileSync(path.join(layout().pids, `${name}.pid`), 'utf8').split(' ')[0]);
}

it.each([
  ['traefik', ['127.0.0.1:18082']],
  ['registry', ['127.0.0.1:18083']],
])('%s listens on %j and nothing else', async (name, expected) => {
  const pid = pidOf(name);
  const listening = (await run('ss', ['-Hltnup'])).stdout
    .split('\n')
    .filter((line) => line.includes(`pid=${pid},`))
    .map((line) => line.trim().split(/\s+/)[4]);
  expect(listening).toEqual(expected);
});
