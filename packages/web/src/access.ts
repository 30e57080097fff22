/**
 * Who is signed in and what they may do in the account shown: a person by their role there (from
 * `/me`), or a pasted key by its scopes (from `/api-keys/current`). Controls are hidden or disabled
 * from this, with the reason in words; the API's 403 `insufficient_scope` stays the last word.
 */
import type { Me, Role, Scope } from './api.js';
import { h, uid } from './dom.js';

/** The scopes each role holds (api-contract §15): the app's copy of the contract's table, which it may not import at run time. */
const ROLE_SCOPES: Record<Role, readonly Scope[]> = { owner: ['read', 'run', 'manage', 'admin'], editor: ['read', 'run', 'manage'], viewer: ['read'] };

export type Identity = { kind: 'person'; me: Me; account: Me['accounts'][number] } | { kind: 'key'; name: string; scopes: readonly Scope[] };

let identity: Identity | null = null;

export const signedIn = (who: Identity | null): void => {
  identity = who;
};
export const whoIsSignedIn = (): Identity | null => identity;

const scopesHeld = (): readonly Scope[] => (identity === null ? [] : identity.kind === 'key' ? identity.scopes : ROLE_SCOPES[identity.account.role]);

/** Whether the signed-in person or key holds `scope` in the account shown. */
export const can = (scope: Scope): boolean => scopesHeld().includes(scope);

/** The scopes a new key may hold: at most what its creator holds. */
export const grantableScopes = (): readonly Scope[] => scopesHeld();

/** What each scope lets one do, as the end of "… cannot …". */
const DOES: Record<Scope, string> = {
  read: 'read this account',
  run: 'start runs or spend credit',
  manage: 'change trackers or webhooks',
  admin: 'manage members, API keys or the weekly digest',
};
const ROLE_PLURAL: Record<Role, string> = { owner: 'Owners', editor: 'Editors', viewer: 'Viewers' };

/** Why a control for `scope` is not offered, e.g. "Viewers cannot start runs or spend credit." */
export function whyNot(scope: Scope): string {
  if (identity?.kind === 'person') return `${ROLE_PLURAL[identity.account.role]} cannot ${DOES[scope]}.`;
  return `This API key cannot ${DOES[scope]}: it lacks the ${scope} scope.`;
}

/**
 * `control` when the caller holds `scope`; else the same control disabled, with the reason beside it
 * in words (a disabled button takes no focus, so the reason is visible text, and names it for screen readers).
 */
export function allowedOr(scope: Scope, control: HTMLButtonElement): HTMLElement {
  if (can(scope)) return control;
  control.disabled = true;
  const id = uid('why-not');
  const reason = h('span', { class: 'hint not-allowed', id }, whyNot(scope));
  control.setAttribute('aria-describedby', id);
  return h('span', { class: 'guarded' }, control, ' ', reason);
}
