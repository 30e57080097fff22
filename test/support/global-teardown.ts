import fs from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  await globalThis.__FERRETDB__?.stop();
  if (globalThis.__TEST_DIR__) fs.rmSync(globalThis.__TEST_DIR__, { recursive: true, force: true });
}
