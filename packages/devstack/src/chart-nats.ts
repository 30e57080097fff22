import fs from 'node:fs';
import path from 'node:path';
import { natsAuthorization } from '@brandradar/contracts';
import { REPO_ROOT } from './paths';

/**
 * The in-cluster NATS's `authorization` block, included by the chart's nats.conf
 * (templates/nats.yaml), generated from the contracts' SERVICE_ACCESS.
 */
export const CHART_NATS_USERS = path.join(REPO_ROOT, 'helm', 'brandradar', 'files', 'nats-users.conf');

/** The Secret key of a NATS user's password, in the chart and in the NATS server's environment. */
export function passwordKey(user: string): string {
  return `NATS_PASSWORD_${user.toUpperCase()}`;
}

/**
 * nats-server configuration text: the users of the description, each password a
 * `$NATS_PASSWORD_<USER>` reference that nats-server resolves from its environment
 * (the chart sets it from the release's Secret). The rest of each user is JSON,
 * which the configuration format reads as it is.
 */
export function chartNatsUsers(): string {
  const users = natsAuthorization((user) => `$${passwordKey(user)}`);
  const lines = ['# Generated from packages/contracts/src/access.ts by `npm run chart:nats-users`; do not edit.', 'authorization {', '  users: ['];
  for (const u of users) lines.push(`    {user: ${JSON.stringify(u.user)}, password: ${u.password}, permissions: ${JSON.stringify(u.permissions)}}`);
  lines.push('  ]', '}', '');
  return lines.join('\n');
}

if (require.main === module) {
  fs.mkdirSync(path.dirname(CHART_NATS_USERS), { recursive: true });
  fs.writeFileSync(CHART_NATS_USERS, chartNatsUsers());
  console.log(`updated ${path.relative(process.cwd(), CHART_NATS_USERS)}`);
}
