import fs from 'node:fs';
import path from 'node:path';
import { NATS_USERS, natsAuthorization } from '@brandradar/contracts';
import { REPO_ROOT } from './paths';

/** The chart's values file, whose in-cluster NATS settings carry the users of the contracts' SERVICE_ACCESS. */
export const CHART_VALUES = path.join(REPO_ROOT, 'helm', 'brandradar', 'values.yaml');
const BEGIN = '    # BEGIN generated from packages/contracts/src/access.ts by `npm run chart:nats-users`; do not edit';
const END = '    # END generated';

/** The Secret key of a NATS user's password, in the chart and in the NATS server's environment. */
export function passwordKey(user: string): string {
  return `NATS_PASSWORD_${user.toUpperCase()}`;
}

/**
 * The in-cluster NATS chart's part of values.yaml: the `authorization` users
 * (passwords are `$NATS_PASSWORD_<USER>`, read by nats-server from its
 * environment) and that environment, from the release's Secret.
 */
export function chartNatsValues(): string {
  const users = natsAuthorization((user) => `<< $${passwordKey(user)} >>`);
  const lines = [BEGIN, '    merge:', '      authorization:', '        users:'];
  for (const u of users) {
    lines.push(`          - user: ${u.user}`, `            password: ${JSON.stringify(u.password)}`, `            permissions: ${JSON.stringify(u.permissions)}`);
  }
  lines.push('  container:', '    env:');
  for (const user of NATS_USERS) {
    lines.push(
      `      ${passwordKey(user)}:`,
      '        valueFrom:',
      '          secretKeyRef:',
      // The nats chart templates `$tplYaml` values: the chart's own Secret, named after the release.
      "            name: { $tplYaml: '{{ .Release.Name }}-secrets' }",
      `            key: ${passwordKey(user)}`,
    );
  }
  lines.push(END);
  return lines.join('\n');
}

/** values.yaml with its generated block replaced by `block`. */
export function withChartNatsValues(valuesYaml: string, block: string): string {
  const start = valuesYaml.indexOf(BEGIN);
  const end = valuesYaml.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${CHART_VALUES} has no generated NATS users block`);
  return valuesYaml.slice(0, start) + block + valuesYaml.slice(end + END.length);
}

if (require.main === module) {
  fs.writeFileSync(CHART_VALUES, withChartNatsValues(fs.readFileSync(CHART_VALUES, 'utf8'), chartNatsValues()));
  console.log(`updated ${path.relative(process.cwd(), CHART_VALUES)}`);
}
