import os from 'node:os';
import path from 'node:path';

/** The repository root (this file is packages/devstack/{src,dist}/paths.*). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** Git-ignored folder for local and test data. */
export const DATA_DIR = path.join(REPO_ROOT, '.data');

/**
 * Built binaries and Go's module and build caches live outside the clone, so a
 * fresh clone (and CI) reuses them. Override with BRANDRADAR_CACHE_DIR.
 */
export const CACHE_DIR = process.env.BRANDRADAR_CACHE_DIR ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'brandradar');
