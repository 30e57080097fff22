/** The account's audit trail. */
import type { AuditEntry } from '@brandradar/client';
import { clip, oneLine, table } from './text';

/** Who made a call: a member by e-mail address, a key by name and id, the operator. Names are the account's text, kept to one line. */
function actorText(a: AuditEntry['actor']): string {
  if (a.kind === 'key') return `key ${clip(oneLine(a.name), 40)} (${a.id})`;
  return a.kind === 'member' ? oneLine(a.name) : 'operator';
}

/** What the call acted on: the ids in its path and what it created, `name=value` each. */
const targetText = (t: AuditEntry['target']) => Object.entries(t).map(([k, v]) => `${k}=${oneLine(v)}`).join(' ') || '–';

/** One entry a line, newest first. */
export function auditTable(entries: AuditEntry[]): string {
  if (entries.length === 0) return 'Nothing recorded yet.\n';
  return table(
    ['TIME', 'ACTOR', 'ACTION', 'TARGET', 'STATUS', 'REQUEST'],
    entries.map((e) => [e.time, actorText(e.actor), e.action, targetText(e.target), e.errorCode ? `${e.status} ${e.errorCode}` : String(e.status), e.requestId]),
  );
}
