import { BrandradarApiError, BrandradarNetworkError, BrandradarRefusedError } from '@brandradar/client';
import { ConfigError } from './config';
import type { Io } from './io';

/** The exit codes, documented in docs/api.md ("The CLI") and in `brandradar --help`. */
export const EXIT = { ok: 0, apiError: 1, usage: 2, failed: 3, network: 4, gaveUpWaiting: 5 } as const;

/** A command line the CLI cannot run as given: printed after `brandradar: `, exit 2. */
export class UsageError extends Error {}

/** Prints what went wrong as the user should read it; resolves to the exit code. Anything else is a bug and is thrown on. */
export function reportError(io: Io, error: unknown): number {
  if (error instanceof UsageError || error instanceof ConfigError) {
    io.stderr.write(`brandradar: ${error.message}\n`);
    return EXIT.usage;
  }
  if (error instanceof BrandradarApiError) {
    const facts = Object.entries(error.details).map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`);
    // The message names the field as a user knows it; the path says where it is in a definition file.
    const issues = error.issues.map((i) => `  ${i.message}${i.path ? ` (at ${i.path})` : ''}`);
    io.stderr.write(`brandradar: ${error.code} (HTTP ${error.status}): ${error.message}\n${[...issues, ...facts].map((l) => `${l}\n`).join('')}`);
    return EXIT.apiError;
  }
  if (error instanceof BrandradarRefusedError) {
    io.stderr.write(`brandradar: ${error.code}: ${error.message}\n`);
    return EXIT.apiError;
  }
  if (error instanceof BrandradarNetworkError) {
    io.stderr.write(`brandradar: ${error.message}\n`);
    return EXIT.network;
  }
  if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('E')) {
    // A file that could not be read or written (ENOENT, EACCES, …).
    io.stderr.write(`brandradar: ${error.message}\n`);
    return EXIT.usage;
  }
  throw error;
}
