/** An account's members and its own API keys. */
import type { AccountApiKey, CreatedAccountApiKey, Member } from '@brandradar/client';
import { fields, oneLine, table } from './text';

export function memberTable(members: Member[]): string {
  return table(
    ['ID', 'EMAIL', 'ROLE', 'STATUS', 'INVITED', 'JOINED'],
    members.map((m) => [m.id, oneLine(m.email), m.role, m.status, m.invitedAt ?? '–', m.joinedAt ?? '–']),
  );
}

export const memberText = (m: Member): string =>
  fields([
    ['id', m.id],
    ['email', oneLine(m.email)],
    ['role', m.role],
    ['status', m.status],
  ]);

const createdBy = (k: AccountApiKey) => (k.createdBy === null ? 'an operator' : oneLine(k.createdBy.name));

export function keyTable(keys: AccountApiKey[]): string {
  if (keys.length === 0) return 'No API keys.\n';
  return table(
    ['ID', 'NAME', 'SCOPES', 'CREATED BY', 'LAST USED', 'EXPIRES'],
    keys.map((k) => [k.id, oneLine(k.name), k.scopes.join(','), createdBy(k), k.lastUsedAt ?? 'never', k.expiresAt ?? 'never']),
  );
}

/** A new key with its secret, which the API shows this once. */
export function keyCreatedText({ key, apiKey }: CreatedAccountApiKey): string {
  const details = fields([
    ['id', key.id],
    ['name', oneLine(key.name)],
    ['scopes', key.scopes.join(', ')],
    ['expires', key.expiresAt ?? 'never'],
    ['api key', apiKey],
  ]);
  return `${details}\nThe key will not be shown again: keep it where its program reads secrets. Lost, revoke it and create another.\n`;
}
