/**
 * The Audit page (issue 45): the account's audit trail, newest first, a page at a time ("Load
 * older" reads the next by the API's cursor). Needs a key or a role with `admin`; others get the
 * API's refusal in words. Every name is the account's text, set as text, never as markup.
 */
import type { AuditEntry } from '@brandradar/contracts';
import { call } from './api.js';
import { h } from './dom.js';
import { whenExactly } from './format.js';
import { showMoreButton, type View } from './view.js';

/** Entries per page. */
const PAGE = 50;
type AuditPage = { entries: AuditEntry[]; nextCursor: string | null };

const page = async (cursor: string | null) => (await call<AuditPage>('GET', `/audit?limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body;

/** Who made the call: a member by address, a key by name and id, or the operator. */
function actor(a: AuditEntry['actor']): (string | Node)[] {
  if (a.kind === 'member') return [a.name];
  if (a.kind === 'operator') return ['The operator (admin API)'];
  return [`Key “${a.name}” `, h('code', {}, a.id)];
}

const target = (t: AuditEntry['target']) => {
  const parts = Object.entries(t);
  return parts.length === 0 ? '—' : h('ul', { class: 'plain' }, ...parts.map(([name, id]) => h('li', {}, `${name}: `, h('code', {}, id))));
};

const outcome = (e: AuditEntry) => (e.errorCode ? `${e.status} ${e.errorCode}` : String(e.status));

function row(e: AuditEntry): HTMLTableRowElement {
  const cell = (label: string, ...content: (string | Node)[]) => h('td', { 'data-label': label }, ...content);
  return h(
    'tr',
    {},
    cell('Time', h('time', { datetime: e.time }, whenExactly(e.time))),
    cell('Who', ...actor(e.actor)),
    cell('Action', h('code', {}, e.action)),
    cell('Target', target(e.target)),
    cell('Outcome', h('span', { class: e.errorCode ? 'status failed' : 'status' }, outcome(e))),
    cell('Request id', h('code', {}, e.requestId)),
  );
}

export async function auditView(view: View): Promise<void> {
  const first = await page(null);
  let next = first.nextCursor;
  const rows = h('tbody', {}, ...first.entries.map(row));
  const more = showMoreButton(view, 'Load older', async () => {
    const older = await page(next);
    rows.append(...older.entries.map(row));
    next = older.nextCursor;
    return next !== null;
  });
  const table = h(
    'table',
    { class: 'cards', id: 'audit-entries' },
    h('caption', { class: 'visually-hidden' }, 'Calls that changed something in the account, newest first'),
    h('thead', {}, h('tr', {}, ...['Time', 'Who', 'Action', 'Target', 'Outcome', 'Request id'].map((c) => h('th', { scope: 'col' }, c)))),
    rows,
  );
  view.show(
    'Audit',
    h('p', {}, 'Every call that changed, or tried to change, something in this account: who made it, what it did and how it ended. Reads are not recorded; entries are kept at least 400 days.'),
    first.entries.length === 0 ? h('p', {}, 'Nothing recorded yet.') : table,
    next === null ? null : more,
  );
}
