/**
 * The API keys page (owners): the account's keys with their scopes, who made them, when last used
 * and when they expire; a new key's secret shown once with Copy; revocation after a confirmation.
 */
import { can, grantableScopes, whyNot } from './access.js';
import { confirmDialog } from './actions.js';
import { api, type AccountApiKey, type Scope } from './api.js';
import { h } from './dom.js';
import { when } from './format.js';
import { secretBox } from './secret-box.js';
import type { View } from './view.js';

const SCOPE_WORDS: Record<Scope, string> = {
  read: 'read: reports, trackers, CSV, the MCP read tools',
  run: 'run: manual runs, recomputing, briefs (spends credit)',
  manage: 'manage: trackers, activation, webhooks',
  admin: 'admin: members and API keys',
};
const LIST_HEADING = 'keys-list-heading';

const createdByText = (k: AccountApiKey) => (k.createdBy === null ? 'an operator' : k.createdBy.name);

export async function apiKeysView(view: View, created?: { key: AccountApiKey; apiKey: string }): Promise<void> {
  if (!can('admin')) return view.show('API keys', h('p', {}, whyNot('admin')));
  const keys = await api.apiKeys();
  const cell = (label: string, ...content: (string | Node | null)[]) => h('td', { 'data-label': label }, ...content);
  const row = (k: AccountApiKey) =>
    h(
      'tr',
      {},
      cell('Name', h('span', { class: 'url' }, k.name), h('span', { class: 'plan' }, h('code', {}, `brk_${k.id}_…`))),
      cell('Scopes', k.scopes.join(', ')),
      cell('Created', `${when(k.createdAt)} by `, h('span', { class: 'url' }, createdByText(k))),
      cell('Last used', k.lastUsedAt === null ? 'Never' : when(k.lastUsedAt)),
      cell('Expires', k.expiresAt === null ? 'Never' : when(k.expiresAt)),
      cell(
        'Actions',
        h(
          'button',
          {
            class: 'secondary',
            'aria-label': `Revoke ${k.name}`,
            on: {
              click: () =>
                void view.act(
                  async () => {
                    if (!(await confirmDialog('Revoke API key', [`Revoke “${k.name}”? Whatever uses it is refused from now on. This cannot be undone.`], 'Revoke'))) return;
                    await api.revokeApiKey(k.id);
                    return `“${k.name}” is revoked.`;
                  },
                  () => apiKeysView(view),
                ),
            },
          },
          'Revoke',
        ),
      ),
    );
  view.show(
    'API keys',
    h('p', {}, 'Keys let programs, the CLI and AI agents (MCP) act in this account. Give each the fewest scopes its task needs.'),
    created
      ? secretBox(view, {
          id: 'new-api-key',
          heading: 'Your new key',
          label: 'API key',
          warning: `Shown only now: copy the key “${created.key.name}” and keep it where its program reads secrets. It cannot be shown again; if it is lost, revoke it and create another.`,
          secret: created.apiKey,
        })
      : null,
    h(
      'section',
      { 'aria-labelledby': LIST_HEADING },
      h('h2', { id: LIST_HEADING, tabindex: -1 }, 'Keys'),
      keys.length === 0
        ? h('p', {}, 'No keys yet.')
        : h(
            'table',
            { class: 'cards' },
            h('caption', { class: 'visually-hidden' }, 'The account’s API keys, oldest first (never their secrets)'),
            h('thead', {}, h('tr', {}, ...['Name', 'Scopes', 'Created', 'Last used', 'Expires', 'Actions'].map((c) => h('th', { scope: 'col' }, c)))),
            h('tbody', {}, ...keys.map(row)),
          ),
    ),
    createForm(view),
  );
  if (created) document.getElementById('new-api-key')?.focus();
}

function createForm(view: View): HTMLElement {
  const name = h('input', { id: 'key-name', type: 'text', required: true, maxlength: 100, autocomplete: 'off' });
  const boxes = grantableScopes().map((scope) => {
    const box = h('input', { type: 'checkbox', name: 'scopes', value: scope, checked: scope === 'read' });
    return { scope, box, label: h('label', { class: 'check' }, box, ' ', SCOPE_WORDS[scope]) };
  });
  const expires = h('input', { id: 'key-expires', type: 'date', 'aria-describedby': 'key-expires-hint' });
  const form = h(
    'form',
    { 'aria-labelledby': 'key-create-heading' },
    h('h2', { id: 'key-create-heading' }, 'Create a key'),
    h('div', { class: 'field' }, h('label', { for: 'key-name' }, 'Name'), h('p', { class: 'hint' }, 'What uses it, e.g. “Dashboard on the wall” or “Claude Desktop”.'), name),
    h('fieldset', { class: 'field' }, h('legend', {}, 'Scopes'), h('p', { class: 'hint' }, 'Only those your role holds.'), ...boxes.map((b) => b.label)),
    h('div', { class: 'field' }, h('label', { for: 'key-expires' }, 'Expires (optional)'), h('p', { class: 'hint', id: 'key-expires-hint' }, 'The key stops working at the end of that day, your time. Empty: it does not expire.'), expires),
    h('div', { class: 'actions' }, h('button', { class: 'primary', type: 'submit' }, 'Create key')),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const scopes = boxes.filter((b) => b.box.checked).map((b) => b.scope);
    if (scopes.length === 0) return view.say('Choose at least one scope.', 'error');
    // The end of the chosen day in this browser's time zone.
    const expiresAt = expires.value ? new Date(`${expires.value}T23:59:59.999`).toISOString() : undefined;
    void view.act(async () => {
      const made = await api.createApiKey({ name: name.value.trim(), scopes, ...(expiresAt ? { expiresAt } : {}) });
      await apiKeysView(view, made);
      return `“${made.key.name}” is created with ${made.key.scopes.join(', ')}. Copy its secret now.`;
    });
  });
  return form;
}
