import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { NATS_USERS, natsAuthorization, type NatsUser } from '@brandradar/contracts';

/** A random password for each user. */
export function randomPasswords(users: readonly string[] = NATS_USERS): Record<string, string> {
  return Object.fromEntries(users.map((u) => [u, randomBytes(24).toString('hex')]));
}

/**
 * The NATS passwords of the local stack, kept under its data folder (like the
 * admin token) so they survive restarts; delete the file to rotate them all.
 */
export function persistentPasswords(file: string): Record<string, string> {
  const kept: Record<string, string> = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const missing = NATS_USERS.filter((u) => typeof kept[u] !== 'string');
  if (missing.length === 0) return kept;
  const passwords = { ...kept, ...randomPasswords(missing) };
  fs.writeFileSync(file, JSON.stringify(passwords, null, 2) + '\n', { mode: 0o600 });
  return passwords;
}

/** The users of the description (services and provisioning) with these passwords. */
export function describedNatsUsers(passwords: Record<string, string>): NatsUser[] {
  return natsAuthorization((user) => {
    const password = passwords[user];
    if (!password) throw new Error(`no NATS password for user ${user}`);
    return password;
  });
}

/** nats-server configuration (its format reads JSON) with these users and nobody else. */
export function natsServerConfig(users: readonly NatsUser[]): string {
  return JSON.stringify({ authorization: { users } }, null, 2) + '\n';
}
