/**
 * The app's entry: sign-in at /app/sign-in (a person's session, or a pasted key in local
 * development), and pages by the URL's hash (#/, #/new, #/trackers/<id>, #/trackers/<id>/edit,
 * #/webhooks, #/webhooks/<id>, #/members, #/api-keys, #/audit, #/settings), so the gateway only serves static files.
 */
import { can, signedIn, whoIsSignedIn, type Identity } from './access.js';
import { apiKeysView } from './api-keys.js';
import { api, ApiError, session, type Me, type Scope } from './api.js';
import { auditView } from './audit.js';
import { digestView } from './digest.js';
import { h } from './dom.js';
import { explain, money } from './format.js';
import { membersView } from './members.js';
import { reportView } from './report.js';
import { SIGN_IN_PATH, signInView, signInWithToken, type SignedIn } from './sign-in.js';
import { trackerFormView, trackersView } from './trackers.js';
import { newView, type View } from './view.js';
import { deliveriesView, webhooksView } from './webhooks.js';

const main = document.getElementById('main')!;
const account = document.getElementById('account')!;
const pages = document.getElementById('pages')!;
/** The main navigation's pages, by the hash each starts with, and the scope a page needs to be listed; the current one is marked for screen readers too. */
const PAGES: ReadonlyArray<[string, string, Scope]> = [
  ['Trackers', '#/', 'read'],
  ['Webhooks', '#/webhooks', 'read'],
  ['Members', '#/members', 'admin'],
  ['API keys', '#/api-keys', 'admin'],
  ['Audit', '#/audit', 'admin'],
  ['Settings', '#/settings', 'read'],
];

function navigation(path: string): void {
  const current = PAGES.find(([, href]) => href !== '#/' && path.startsWith(href.slice(1)))?.[1] ?? '#/';
  pages.replaceChildren(...PAGES.filter(([, , scope]) => can(scope)).map(([label, href]) => h('a', { href, 'aria-current': href === current ? 'page' : null }, label)));
}
/** A sentence for the next page, e.g. "saved" after the form sends the user to the list. */
let flash: { text: string; kind: 'info' | 'error' } | null = null;
/** The tracker whose names alone were just edited: its report, the next page, suggests recomputing its history. */
let namesEdited: string | null = null;

/** To the sign-in page, with `reason` said there. */
function toSignIn(reason?: string, kind: 'info' | 'error' = 'info'): void {
  session.signOut();
  signedIn(null);
  flash = reason ? { text: reason, kind } : null;
  history.replaceState(null, '', SIGN_IN_PATH);
  route();
}

/** A person signs out of this browser, or of every browser; the server forgets the session either way. */
function signOut(everywhere: boolean): void {
  const person = whoIsSignedIn()?.kind === 'person';
  void (person ? api.logout(everywhere) : Promise.resolve()).then(
    () => toSignIn(everywhere ? 'Signed out on every browser.' : 'Signed out.'),
    (e: unknown) => toSignIn(`Signed out here; the server could not be told (${e instanceof ApiError ? explain(e) : 'unreachable'}).`, 'error'),
  );
}

/** The account a person acts in: this tab's choice when it is still theirs, else their first. */
function personIn(me: Me): Identity | null {
  const chosen = me.accounts.find((a) => a.id === session.accountId()) ?? me.accounts[0];
  if (!chosen) return null;
  session.chooseAccount(chosen.id);
  return { kind: 'person', me, account: chosen };
}

const signedInNow: SignedIn = {
  person(me, csrfToken) {
    session.person(csrfToken);
    signedIn(personIn(me));
    history.replaceState(null, '', '/app/#/');
    route();
  },
  key() {
    api.currentKey().then(
      (k) => {
        signedIn({ kind: 'key', name: k.name, scopes: k.scopes });
        history.replaceState(null, '', '/app/#/');
        route();
      },
      (err: unknown) =>
        toSignIn(err instanceof ApiError ? (err.code === 'insufficient_scope' ? 'This key cannot read the account (it lacks the read scope); the web app needs read.' : explain(err)) : 'The API could not be reached. Check your connection and try again.', 'error'),
    );
  },
};

function accountSwitcher(who: Extract<Identity, { kind: 'person' }>): HTMLElement {
  const label = (a: Me['accounts'][number]) => `${a.name ?? `Account ${a.id.slice(0, 8)}`} (${a.role})`;
  if (who.me.accounts.length === 1) return h('span', { class: 'current-account' }, label(who.account));
  const select = h('select', { id: 'account-switcher' }, ...who.me.accounts.map((a) => h('option', { value: a.id, selected: a.id === who.account.id }, label(a))));
  select.addEventListener('change', () => {
    session.chooseAccount(select.value);
    signedIn(personIn(who.me));
    const now = whoIsSignedIn();
    flash = { text: `Now in ${now?.kind === 'person' ? label(now.account) : 'another account'}.`, kind: 'info' };
    if (location.hash === '' || location.hash === '#/') route();
    else location.hash = '#/';
  });
  return h('span', { class: 'field inline' }, h('label', { for: 'account-switcher' }, 'Switch account'), select);
}

async function header(view: View): Promise<void> {
  const who = whoIsSignedIn();
  const a = await api.account();
  if (!view.current() || !who) return;
  const signOutButton = (everywhere: boolean) => h('button', { class: 'link', on: { click: () => signOut(everywhere) } }, everywhere ? 'Sign out everywhere' : 'Sign out');
  account.replaceChildren(
    ...(who.kind === 'person' ? [h('span', { class: 'person' }, who.me.person.email), accountSwitcher(who)] : []),
    h('span', { class: 'balance' }, `Balance ${money(a.balanceMicro)}`),
    signOutButton(false),
    who.kind === 'person' ? signOutButton(true) : '',
  );
}

function route(): void {
  const who = whoIsSignedIn();
  // A balance that cannot be read again keeps the one shown; the page's own calls say why.
  const view = newView(
    main,
    () => toSignIn(who?.kind === 'person' ? 'Your session has ended. Sign in again.' : 'Your API key is no longer accepted. Sign in again.', 'error'),
    () => void header(view).catch(() => undefined),
  );
  if (flash) view.say(flash.text, flash.kind);
  flash = null;
  if (!who) {
    account.replaceChildren();
    pages.replaceChildren();
    const params = new URLSearchParams(location.search);
    return void view.act(() => signInView(view, params.get('error'), signedInNow));
  }
  const edited = namesEdited;
  namesEdited = null;
  const path = location.hash.replace(/^#/, '') || '/';
  const tracker = /^\/trackers\/([0-9a-f-]{36})(\/edit)?$/.exec(path);
  const saved = (t: { id: string }, sentence: string, namesOnly: boolean) => {
    flash = { text: sentence, kind: 'info' };
    namesEdited = namesOnly ? t.id : null;
    location.hash = `#/trackers/${t.id}`;
  };
  const webhook = /^\/webhooks\/([0-9a-f-]{36})$/.exec(path);
  navigation(path);
  const page =
    path === '/audit'
      ? auditView(view)
      : path === '/settings'
        ? digestView(view)
        : path === '/webhooks'
          ? webhooksView(view)
          : path === '/members'
            ? membersView(view)
            : path === '/api-keys'
              ? apiKeysView(view)
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

/**
 * Who is signed in, at load: a sign-in link's token first; else a key pasted in this tab; else the
 * session cookie, which `/me` describes (a 401: no one, so the sign-in page).
 */
async function start(): Promise<void> {
  const token = location.pathname === SIGN_IN_PATH ? new URLSearchParams(location.search).get('token') : null;
  if (token) {
    // The token leaves the address bar (and the history) before anything else happens.
    history.replaceState(null, '', SIGN_IN_PATH);
    const view = newView(main, () => undefined, () => undefined);
    if (await signInWithToken(view, token, signedInNow)) return;
    return void view.act(() => signInView(view, null, signedInNow));
  }
  if (session.key()) return signedInNow.key();
  try {
    const me = await api.me();
    session.person(me.csrfToken);
    const who = personIn(me);
    if (!who) return toSignIn('You are not a member of any account any more. Ask an owner to invite you again.');
    signedIn(who);
    if (location.pathname === SIGN_IN_PATH) history.replaceState(null, '', '/app/#/');
    route();
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 401) flash = { text: e instanceof ApiError ? explain(e) : 'The API could not be reached. Check your connection and try again.', kind: 'error' };
    if (location.pathname !== SIGN_IN_PATH) history.replaceState(null, '', SIGN_IN_PATH);
    route();
  }
}

window.addEventListener('hashchange', () => {
  if (whoIsSignedIn()) route();
});
void start();
