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
  const stored: unknown = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  // What is not a user's password string is dropped, and that user gets a new one.
  const entries = typeof stored === 'object' && stored !== null ? Object.entries(stored) : [];
  const kept = Object.fromEntries(entries.filter((e): e is [string, string] => typeof e[1] === 'string'));
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

/** How one server of a NATS cluster joins it: its name, the cluster's, and the route ports of all its servers (its own included). */
export interface NatsClusterMember {
  serverName: string;
  name: string;
  port: number;
  routes: readonly number[];
}

/**
 * nats-server configuration (its format reads JSON) with these users and nobody else; with
 * `cluster`, a member of a cluster on loopback, its routes to every server (a route to itself is
 * ignored), as the chart's nats.conf says.
 */
export function natsServerConfig(users: readonly NatsUser[], cluster?: NatsClusterMember): string {
  const member = cluster && {
    server_name: cluster.serverName,
    cluster: { name: cluster.name, listen: `127.0.0.1:${cluster.port}`, routes: cluster.routes.map((p) => `nats://127.0.0.1:${p}`) },
  };
  return JSON.stringify({ ...member, authorization: { users } }, null, 2) + '\n';
}
