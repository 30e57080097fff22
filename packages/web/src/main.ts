/**
 * The app's entry: sign-in with an API key, and pages by the URL's hash (#/, #/new,
 * #/trackers/<id>, #/trackers/<id>/edit, #/webhooks, #/webhooks/<id>, #/audit), so the gateway only serves static files.
 */
import { api, ApiError, session } from './api.js';
import { auditView } from './audit.js';
import { h } from './dom.js';
import { explain, money } from './format.js';
import { reportView } from './report.js';
import { trackerFormView, trackersView } from './trackers.js';
import { newView, type View } from './view.js';
import { deliveriesView, webhooksView } from './webhooks.js';

const main = document.getElementById('main')!;
const account = document.getElementById('account')!;
const pages = document.getElementById('pages')!;
/** The main navigation's pages, by the hash each starts with; the current one is marked for screen readers too. */
const PAGES: ReadonlyArray<[string, string]> = [
  ['Trackers', '#/'],
  ['Webhooks', '#/webhooks'],
  ['Audit', '#/audit'],
];

function navigation(path: string): void {
  const current = PAGES.find(([, href]) => href !== '#/' && path.startsWith(href.slice(1)))?.[1] ?? '#/';
  pages.replaceChildren(...PAGES.map(([label, href]) => h('a', { href, 'aria-current': href === current ? 'page' : null }, label)));
}
/** A sentence for the next page, e.g. "saved" after the form sends the user to the list. */
let flash: string | null = null;
/** The tracker whose names alone were just edited: its report, the next page, suggests recomputing its history. */
let namesEdited: string | null = null;

function signOut(reason?: string): void {
  session.signOut();
  flash = reason ?? null;
  if (location.hash === '' || location.hash === '#/') route();
  else location.hash = '#/';
}

function signInView(view: View): void {
  const key = h('input', { id: 'api-key', type: 'password', autocomplete: 'off', required: true, spellcheck: 'false', 'aria-describedby': 'api-key-hint' });
  const form = h(
    'form',
    { class: 'sign-in' },
    h('div', { class: 'field' }, h('label', { for: 'api-key' }, 'API key'), h('p', { class: 'hint', id: 'api-key-hint' }, 'Starts with brk_. It stays in this browser tab only and is sent to the API, never in a URL.'), key),
    h('div', { class: 'actions' }, h('button', { class: 'primary', type: 'submit' }, 'Sign in')),
  );
  const whereKeys = h(
    'section',
    { class: 'key-help', 'aria-labelledby': 'key-help-heading' },
    h('h2', { id: 'key-help-heading' }, 'Where keys come from'),
    h('p', {}, 'From whoever runs this service: operators create accounts and their keys with the admin API, and a key is shown once, when it is made. Ask them for one.'),
    h('p', {}, 'Running it yourself? ', h('code', {}, 'npm start'), ' prints a demo key (with $100 of credit) when it starts; copy it from the terminal.'),
    h('p', {}, h('a', { href: '/docs#auth' }, 'How API keys work'), ' (the API reference, Authentication).'),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    session.signIn(key.value.trim());
    api.account().then(route, (err: unknown) => {
      session.signOut();
      view.say(err instanceof ApiError ? explain(err) : 'The API could not be reached. Check your connection and try again.', 'error');
    });
  });
  view.show('Sign in', form, whereKeys);
  account.replaceChildren();
  pages.replaceChildren();
}

async function header(view: View): Promise<void> {
  const a = await api.account();
  if (!view.current()) return;
  account.replaceChildren(
    h('span', { class: 'balance' }, `Balance ${money(a.balanceMicro)}`),
    h('button', { class: 'link', on: { click: () => signOut('Signed out.') } }, 'Sign out'),
  );
}

function route(): void {
  // A balance that cannot be read again keeps the one shown; the page's own calls say why.
  const view = newView(main, () => signOut('Your API key is no longer accepted. Sign in again.'), () => void header(view).catch(() => undefined));
  if (flash) view.say(flash);
  flash = null;
  const edited = namesEdited;
  namesEdited = null;
  if (!session.key()) return signInView(view);
  const path = location.hash.replace(/^#/, '') || '/';
  const tracker = /^\/trackers\/([0-9a-f-]{36})(\/edit)?$/.exec(path);
  const saved = (t: { id: string }, sentence: string, namesOnly: boolean) => {
    flash = sentence;
    namesEdited = namesOnly ? t.id : null;
    location.hash = `#/trackers/${t.id}`;
  };
  const webhook = /^\/webhooks\/([0-9a-f-]{36})$/.exec(path);
  navigation(path);
  const page =
    path === '/audit'
      ? auditView(view)
      : path === '/webhooks'
        ? webhooksView(view)
        : webhook
          ? deliveriesView(view, webhook[1]!)
          : path === '/new'
            ? trackerFormView(view, null, saved)
            : tracker
              ? tracker[2]
                ? trackerFormView(view, tracker[1]!, saved)
                : reportView(view, tracker[1]!, edited === tracker[1])
              : trackersView(view);
  void view.act(() => Promise.all([page, header(view)]).then(() => undefined));
}

window.addEventListener('hashchange', route);
route();
