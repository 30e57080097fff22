import { spawnSync } from 'node:child_process';
import { ensureChromium, ensureNatsServer, startNats, startStore } from '@brandradar/devstack';
import { NOT_A_UNIT_TEST } from './unit-tier';

// In the unit project: what a file that needs a server gets there (see test/support/unit-tier.ts).
describe('a test file that needs a server, in the unit project', () => {
  it("cannot read the store's address", () => {
    expect(() => process.env.TEST_MONGO_URL).toThrow(`TEST_MONGO_URL is not set: ${NOT_A_UNIT_TEST}`);
    expect(() => process.env.TEST_DATA_DIR).toThrow(NOT_A_UNIT_TEST);
  });

  it('cannot build a binary, install Chromium or start NATS or the store', async () => {
    expect(() => ensureNatsServer()).toThrow(`ensureNatsServer(): ${NOT_A_UNIT_TEST}`);
    expect(() => ensureChromium()).toThrow(`ensureChromium(): ${NOT_A_UNIT_TEST}`);
    const nowhere = { port: 0, dir: '/nonexistent', storeDir: '/nonexistent', durable: false, users: [], sink: () => () => undefined };
    await expect(startNats(nowhere)).rejects.toThrow(`ensureNatsServer(): ${NOT_A_UNIT_TEST}`);
    await expect(startStore({ ...nowhere, kind: 'postgresql' })).rejects.toThrow(`startPostgres(): ${NOT_A_UNIT_TEST}`);
    await expect(startStore({ ...nowhere, kind: 'sqlite' })).rejects.toThrow(`ensureFerretDb(): ${NOT_A_UNIT_TEST}`);
  });

  it('can still give a child process its environment', () => {
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(process.env.PATH ?? "")'], { env: { ...process.env }, encoding: 'utf8' });
    expect(child.stdout).toBe(process.env.PATH);
  });
});
