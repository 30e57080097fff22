/** The Members page (owners): who is in the account with which role; invite by e-mail, change a role, remove. */
import { can, whoIsSignedIn, whyNot } from './access.js';
import { confirmDialog } from './actions.js';
import { api, type Member, type Role } from './api.js';
import { h } from './dom.js';
import { when } from './format.js';
import type { View } from './view.js';

const ROLES: ReadonlyArray<[Role, string]> = [
  ['viewer', 'Viewer: reads reports'],
  ['editor', 'Editor: also runs and changes trackers and webhooks'],
  ['owner', 'Owner: also manages members and API keys'],
];
const LIST_HEADING = 'members-list-heading';

const roleSelect = (id: string, selected: Role, label?: string) =>
  h('select', { id, ...(label ? { 'aria-label': label } : {}) }, ...ROLES.map(([role, words]) => h('option', { value: role, selected: role === selected }, label ? role : words)));

const isRole = (v: string): v is Role => ROLES.some(([r]) => r === v);

export async function membersView(view: View, focus?: string): Promise<void> {
  if (!can('admin')) return view.show('Members', h('p', {}, whyNot('admin')));
  const members = await api.members();
  const reload = (id = LIST_HEADING) => membersView(view, id);
  const me = whoIsSignedIn();
  const myId = me?.kind === 'person' ? me.account.memberId : null;
  const cell = (label: string, ...content: (string | Node | null)[]) => h('td', { 'data-label': label }, ...content);

  const row = (m: Member) => {
    const select = roleSelect(`role-${m.id}`, m.role, `Role of ${m.email}`);
    select.addEventListener('change', () => {
      if (!isRole(select.value)) return;
      const role = select.value;
      // A refusal (the last owner: 409) is said, and the list read again shows the role unchanged.
      void view.act(async () => `${(await api.changeRole(m.id, role)).email} is now ${role === 'owner' ? 'an' : 'a'} ${role}.`, () => reload(select.id));
    });
    const remove = h(
      'button',
      {
        class: 'secondary',
        'aria-label': `Remove ${m.email}`,
        on: {
          click: () =>
            void view.act(async () => {
              const what = m.status === 'invited' ? `Withdraw the invitation of ${m.email}?` : `Remove ${m.email} from this account? They can no longer sign in to it; keys they created stay until revoked.`;
              if (!(await confirmDialog('Remove member', [what], 'Remove'))) return;
              await api.removeMember(m.id);
              return `${m.email} is removed.`;
            }, reload),
        },
      },
      'Remove',
    );
    return h(
      'tr',
      {},
      cell('E-mail', h('span', { class: 'url' }, m.email), m.id === myId ? h('span', { class: 'plan' }, '(you)') : null),
      cell('Role', select),
      cell('Status', m.status === 'invited' ? 'Invited' : 'Active'),
      cell('Invited', when(m.invitedAt)),
      cell('Joined', when(m.joinedAt)),
      cell('Actions', h('div', { class: 'actions' }, remove)),
    );
  };
  view.show(
    'Members',
    h('p', {}, 'Owners do everything; editors everything but members and API keys; viewers read. An account always keeps at least one owner.'),
    h(
      'section',
      { 'aria-labelledby': LIST_HEADING },
      h('h2', { id: LIST_HEADING, tabindex: -1 }, 'Members'),
      h(
        'table',
        { class: 'cards' },
        h('caption', { class: 'visually-hidden' }, 'The account’s members, oldest first'),
        h('thead', {}, h('tr', {}, ...['E-mail', 'Role', 'Status', 'Invited', 'Joined', 'Actions'].map((c) => h('th', { scope: 'col' }, c)))),
        h('tbody', {}, ...members.map(row)),
      ),
    ),
    inviteForm(view, reload),
  );
  if (focus) document.getElementById(focus)?.focus();
}

function inviteForm(view: View, reload: () => Promise<void>): HTMLElement {
  const email = h('input', { id: 'invite-email', type: 'email', required: true, maxlength: 254, autocomplete: 'off', 'aria-describedby': 'invite-hint' });
  const role = roleSelect('invite-role', 'viewer');
  const form = h(
    'form',
    { 'aria-labelledby': 'invite-heading' },
    h('h2', { id: 'invite-heading' }, 'Invite someone'),
    h('p', { class: 'hint', id: 'invite-hint' }, 'They get an e-mail with a link that works once, within 72 hours.'),
    h('div', { class: 'field' }, h('label', { for: 'invite-email' }, 'E-mail address'), email),
    h('div', { class: 'field' }, h('label', { for: 'invite-role' }, 'Role'), role),
    h('div', { class: 'actions' }, h('button', { class: 'primary', type: 'submit' }, 'Invite')),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!isRole(role.value)) return;
    const chosen = role.value;
    void view.act(async () => `${(await api.inviteMember(email.value.trim(), chosen)).email} is invited as ${chosen === 'owner' ? 'an' : 'a'} ${chosen}: the e-mail is on its way.`, reload);
  });
  return form;
}
