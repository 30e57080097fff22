import { execFileSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { runCli } from './cli';

const PACKAGE_DIR = path.join(__dirname, '..');
const PackageJson = z.object({ version: z.string(), bin: z.object({ brandradar: z.string() }) });
const packageJson = PackageJson.parse(JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')));

/** runCli with its output captured and the environment given (nothing of this process's). */
async function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' };
  const io = { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) }, stdin: Readable.from([]), env };
  const code = await runCli(args, io);
  return { code, ...out };
}

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

describe('--version', () => {
  it("prints the package's version", async () => {
    expect(await cli(['--version'])).toEqual({ code: 0, stdout: `brandradar ${packageJson.version}\n`, stderr: '' });
  });
});
