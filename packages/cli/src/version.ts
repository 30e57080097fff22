import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const PackageJson = z.object({ version: z.string().min(1) });

/**
 * This package's version, read from its package.json at run time: the compiler's rootDir is `src`,
 * so the file cannot be imported, and `src` (tests) and `dist` (the binary) both sit beside it.
 */
export function cliVersion(): string {
  return PackageJson.parse(JSON.parse(readFileSync(path.join(__dirname, '../package.json'), 'utf8'))).version;
}
