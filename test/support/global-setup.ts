import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR, ensureNatsServer, freePort, startStore, storeKind, storeSerialise, type LocalStore } from '@brandradar/devstack';

declare global {
  var __STORE__: LocalStore | undefined;
  var __TEST_DIR__: string | undefined;
}

/**
 * Once per test run: build (or reuse) the binaries and start one store (FerretDB on PostgreSQL,
 * or on SQLite with LOCAL_STORE=sqlite). Each test file makes its own databases on it and starts
 * its own NATS server, so files never see each other's streams or data.
 */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  // One folder per run (removed by the teardown), so concurrent runs never share data.
  const dir = path.join(DATA_DIR, 'test', String(process.pid));
  fs.mkdirSync(dir, { recursive: true });
  const log = fs.createWriteStream(path.join(dir, 'infra.log'));
  const [, store] = await Promise.all([
    ensureNatsServer(),
    startStore({ kind: storeKind(), serialise: storeSerialise(), dir, port: await freePort(), durable: false, sink: (name) => (l) => log.write(`[${name}] ${l}\n`) }),
  ]);
  globalThis.__STORE__ = store;
  globalThis.__TEST_DIR__ = dir;
  process.env.TEST_MONGO_URL = store.url;
  process.env.TEST_DATA_DIR = dir;
  if (store.postgres) process.env.TEST_POSTGRES = JSON.stringify(store.postgres);
  log.write(`[setup] ${store.kind} store ready in ${Date.now() - started} ms\n`);
}
