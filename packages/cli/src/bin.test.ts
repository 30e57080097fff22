import { execFileSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

// In the integration project (jest.config.js): it runs the compiled CLI, which `npm test` builds first.
const PACKAGE_DIR = path.join(__dirname, '..');
const PackageJson = z.object({ version: z.string(), bin: z.object({ brandradar: z.string() }) });
const packageJson = PackageJson.parse(JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')));

describe('the brandradar binary', () => {
  // npm links a workspace's bin only if its target exists at install time: on a fresh clone that is
  // before anything is built, so the target must be a committed file, not build output.
  const bin = path.join(PACKAGE_DIR, packageJson.bin.brandradar);

  it('is an executable file outside the build output', () => {
    expect(path.relative(PACKAGE_DIR, bin)).not.toMatch(/^dist\//);
    expect(() => accessSync(bin, constants.X_OK)).not.toThrow();
  });

  it('runs the built CLI: prints the version', () => {
    expect(execFileSync(bin, ['--version'], { encoding: 'utf8' })).toBe(`brandradar ${packageJson.version}\n`);
  });
});
