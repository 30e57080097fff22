/**
 * The sign-in page at /app/sign-in: the operator's OpenID Provider, or else an e-mailed link; a
 * link's or an invitation's `?token=` signs in at once, an issuer's `?error=` is said in words.
 * Pasting an API key is offered only where the gateway says so (local development).
 */
import { api, ApiError, session, type Me, type SignInOptions } from './api.js';
import { h } from './dom.js';
import { explain } from './format.js';
import type { View } from './view.js';

export const SIGN_IN_PATH = '/app/sign-in';

/** What the callback's `?error=` values mean for the person who was sent back. */
const SIGN_IN_ERRORS: Record<string, string> = {
  oidc_failed: 'Signing in with your identity provider did not work out. Try again; if it keeps failing, ask whoever runs this service.',
  email_not_verified: 'Your identity provider has not verified your e-mail address, so it cannot be matched to a member. Verify it there, then try again.',
  not_a_member: 'That address is not a member of any account here. Ask an owner of your account to invite you.',
};

const unreachable = 'The API could not be reached. Check your connection and try again.';
const failure = (e: unknown) => (e instanceof ApiError ? explain(e) : unreachable);

export interface SignedIn {
  /** A person: the session's `/me` and CSRF token. */
  person(me: Me, csrfToken: string): void;
  /** A pasted key, accepted. */
  key(): void;
}

/** Signs in with the URL's token, if it has one; true when it did. A used or expired link is said in words. */
export async function signInWithToken(view: View, token: string, done: SignedIn): Promise<boolean> {
  try {
    const { me, csrfToken } = await api.startSession(token);
    done.person(me, csrfToken);
    return true;
  } catch (e) {
    view.say(e instanceof ApiError && e.code === 'unauthorized' ? 'This sign-in link was already used or has expired. Ask for a new one below.' : failure(e), 'error');
    return false;
  }
}

/** The page: the ways in the gateway offers, with the callback's error (if any) said first. */
export async function signInView(view: View, error: string | null, done: SignedIn): Promise<void> {
  if (error) view.say(SIGN_IN_ERRORS[error] ?? 'Signing in did not work out. Try again.', 'error');
  // Without the gateway's answer the page still says where the user is, and why nothing is offered.
  const options = await api.signInOptions().catch(() => null);
  if (options === null) {
    view.show('Sign in', h('p', {}, 'The API could not be reached, so no way to sign in can be offered. Reload the page to try again.'));
    return;
  }
  view.show('Sign in', options.oidc ? issuerButton(options.oidc) : emailForm(view), options.apiKey ? keyForm(done) : null);
}

/** The issuer's sign-in is a plain navigation: the gateway answers with the redirect, the issuer sends the browser back to /app. */
const issuerButton = (oidc: NonNullable<SignInOptions['oidc']>) =>
  h('p', { class: 'actions' }, h('a', { href: '/api/v1/session/oidc/start', class: 'button primary' }, `Sign in with ${oidc.name}`));

function emailForm(view: View): HTMLElement {
  const email = h('input', { id: 'sign-in-email', type: 'email', autocomplete: 'email', required: true, maxlength: 254, 'aria-describedby': 'sign-in-email-hint' });
  const form = h(
    'form',
    { class: 'sign-in' },
    h('div', { class: 'field' }, h('label', { for: 'sign-in-email' }, 'E-mail address'), h('p', { class: 'hint', id: 'sign-in-email-hint' }, 'We e-mail you a link that signs you in; it works once, within 15 minutes.'), email),
    h('div', { class: 'actions' }, h('button', { class: 'primary', type: 'submit' }, 'E-mail me a link')),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const address = email.value.trim();
    // The same sentence whoever asks: the API tells nothing of whether the address may sign in, nor does the page.
    void api.requestSignInLink(address).then(
      () => view.say(`Check your e-mail: if ${address} may sign in here, a link is on its way. It works once, within 15 minutes.`),
      (err: unknown) => view.say(failure(err), 'error'),
    );
  });
  return form;
}

/** For local development: `npm start` prints a key, and the gateway then offers this form. */
function keyForm(done: SignedIn): HTMLElement {
  const key = h('input', { id: 'api-key', type: 'password', autocomplete: 'off', required: true, spellcheck: 'false', 'aria-describedby': 'api-key-hint' });
  const form = h(
    'form',
    { class: 'sign-in' },
    h('div', { class: 'field' }, h('label', { for: 'api-key' }, 'API key'), h('p', { class: 'hint', id: 'api-key-hint' }, 'Starts with brk_. It stays in this browser tab only and is sent to the API, never in a URL.'), key),
    h('div', { class: 'actions' }, h('button', { class: 'secondary', type: 'submit' }, 'Sign in')),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    session.signIn(key.value.trim());
    done.key();
  });
  const whereKeys = h(
    'section',
    { class: 'key-help', 'aria-labelledby': 'key-help-heading' },
    h('h3', { id: 'key-help-heading' }, 'Where keys come from'),
    h('p', {}, 'From whoever runs this service: operators create accounts and their keys with the admin API, and a key is shown once, when it is made. Ask them for one.'),
    h('p', {}, 'Running it yourself? ', h('code', {}, 'npm start'), ' prints a demo key (with $100 of credit) when it starts; copy it from the terminal.'),
    h('p', {}, h('a', { href: '/docs#auth' }, 'How API keys work'), ' (the API reference, Authentication).'),
  );
  return h('div', { class: 'key-sign-in' }, h('h2', {}, 'Or with an API key (local development)'), form, whereKeys);
}
