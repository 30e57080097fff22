import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR, ensureNatsServer, freePort, startFerretDb, type LocalServer } from '@brandradar/devstack';

declare global {
  // eslint-disable-next-line no-var
  var __FERRETDB__: LocalServer | undefined;
  // eslint-disable-next-line no-var
  var __TEST_DIR__: string | undefined;
}

/**
 * Once per test run: build (or reuse) the binaries and start one FerretDB.
 * Each test file makes its own databases on it and starts its own NATS
 * server, so files never see each other's streams or data.
 */
export default async function globalSetup(): Promise<void> {
  // One folder per run (removed by the teardown), so concurrent runs never share data.
  const dir = path.join(DATA_DIR, 'test', String(process.pid));
  fs.mkdirSync(dir, { recursive: true });
  const log = fs.createWriteStream(path.join(dir, 'infra.log'));
  const [, ferret] = await Promise.all([
    ensureNatsServer(),
    startFerretDb({ port: await freePort(), dataDir: path.join(dir, 'ferretdb'), sink: (l) => log.write(`[ferretdb] ${l}\n`) }),
  ]);
  globalThis.__FERRETDB__ = ferret;
  globalThis.__TEST_DIR__ = dir;
  process.env.TEST_MONGO_URL = ferret.url;
  process.env.TEST_DATA_DIR = dir;
}
