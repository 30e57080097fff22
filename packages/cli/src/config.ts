import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** What `brandradar login` saves: the settings a command falls back on after its flags and the environment. */
export const SavedLogin = z.object({ apiKey: z.string().min(1), baseUrl: z.url() });
export type SavedLogin = z.infer<typeof SavedLogin>;

// Not `instanceof Error`: errors of node:fs may come from another realm (as under jest).
const isMissing = (error: unknown) => typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';

/** A config file that is not what `brandradar login` writes. */
export class ConfigError extends Error {}

/**
 * `$XDG_CONFIG_HOME/brandradar/config.json`, else `~/.config/brandradar/config.json`, as the XDG base
 * directory specification says: a relative XDG_CONFIG_HOME is to be ignored.
 */
function configFile(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(env.HOME || homedir(), '.config');
  return path.join(base, 'brandradar', 'config.json');
}

/** The saved login, or undefined when there is none. Synchronous: read once, before a command's first request. */
export function readLogin(env: NodeJS.ProcessEnv): SavedLogin | undefined {
  const file = configFile(env);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError(`${file} is not valid JSON: run brandradar login again, or brandradar logout`);
  }
  const login = SavedLogin.safeParse(parsed);
  if (!login.success) throw new ConfigError(`${file} is not a brandradar login (${z.prettifyError(login.error).replace(/\n/g, ' ')}): run brandradar login again, or brandradar logout`);
  return login.data;
}

/** Saves the login readable by its owner only (the folder 0700, the file 0600): it holds an API key. */
export function saveLogin(env: NodeJS.ProcessEnv, login: SavedLogin): string {
  const file = configFile(env);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // A mode applies only to what is created: an existing folder keeps its own unless changed, and the
  // file is created anew (exclusively), so that it is never readable by others, not even briefly.
  chmodSync(path.dirname(file), 0o700);
  rmSync(file, { force: true });
  writeFileSync(file, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return file;
}

/** Removes the saved login; false when there was none. */
export function removeLogin(env: NodeJS.ProcessEnv): { file: string; removed: boolean } {
  const file = configFile(env);
  try {
    rmSync(file);
    return { file, removed: true };
  } catch (error) {
    if (isMissing(error)) return { file, removed: false };
    throw error;
  }
}
