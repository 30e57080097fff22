import fs from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  await globalThis.__STORE__?.stop();
  if (globalThis.__TEST_DIR__) fs.rmSync(globalThis.__TEST_DIR__, { recursive: true, force: true });
  // A cluster moved out of the data folder (out of the server user's reach) is removed too.
  if (globalThis.__STORE__?.postgres) fs.rmSync(globalThis.__STORE__.postgres.socketDir, { recursive: true, force: true });
}
