// api-contract §15: a session ends 12 hours after its last use and 7 days after sign-in, whichever
// comes first, decided by billing at each verification; a sign-in link works 15 minutes, an
// invitation 72 hours, each once. Billing's
// answers against the run's FerretDB, with a clock the test moves (no waiting).
import { randomUUID } from 'node:crypto';
import { DomainError } from '@brandradar/platform';
import { sessionQueryHandlers } from '../../services/billing/src/session-queries';
import { sha256Hex } from '../../services/billing/src/domain/api-keys';
import { invitationToken } from '../../services/billing/src/domain/people';
import { newSignInLink } from '../../services/billing/src/domain/sessions';
import { AccountStore } from '../../services/billing/src/store/accounts';
import { PeopleStore } from '../../services/billing/src/store/people';
import { SessionStore } from '../../services/billing/src/store/sessions';
import { scratchDb } from '../support/scratch-db';

const db = scratchDb('session-expiry');
const HOUR = 3_600_000;
const t0 = new Date('2026-05-04T09:00:00.000Z');
let clock = t0;
let sessions: SessionStore;
let handlers: ReturnType<typeof sessionQueryHandlers>;

beforeAll(async () => {
  const people = new PeopleStore(db());
  sessions = new SessionStore(db());
  const person = await people.person('Ed+__proto__@monday.com', t0);
  await people.insert({ _id: randomUUID(), accountId: randomUUID(), personId: person._id, email: person.email, role: 'editor', status: 'active', invitedAt: t0, joinedAt: t0, tokenSha256: null, tokenExpiresAt: null });
  const announcements = { announce: () => Promise.reject(new Error('nothing here announces')) };
  handlers = sessionQueryHandlers({ accounts: new AccountStore(db()), announcements, people, sessions, redeemInvitation: () => Promise.reject(new Error('no invitations here')) }, () => clock);
});

async function signInAt(at: Date) {
  clock = at;
  const s = await handlers.startSession({ version: 1, by: { kind: 'oidc', email: 'ed+__PROTO__@monday.com' } });
  return { sessionId: s.sessionId, secretSha256: sha256Hex(s.secret) };
}

async function verifyAt(at: Date, s: { sessionId: string; secretSha256: string }): Promise<string> {
  clock = at;
  try {
    await handlers.verifySession({ version: 1, ...s });
    return 'live';
  } catch (e) {
    if (e instanceof DomainError) return e.error.code;
    throw e;
  }
}

const after = (base: Date, ms: number) => new Date(base.getTime() + ms);

it('ends a session 12 hours after its last use, and each use moves that', async () => {
  const s = await signInAt(t0);
  expect(await verifyAt(after(t0, 12 * HOUR - 1), s)).toBe('live');
  const used = after(t0, 12 * HOUR - 1);
  expect(await verifyAt(after(used, 12 * HOUR - 1), s)).toBe('live');
  const lastUse = after(used, 12 * HOUR - 1);
  expect(await verifyAt(after(lastUse, 12 * HOUR), s)).toBe('unauthorized');
  expect(await verifyAt(after(lastUse, 12 * HOUR + 1), s)).toBe('unauthorized');
});

it('ends a session 7 days after sign-in however often it is used', async () => {
  const s = await signInAt(t0);
  const answers: string[] = [];
  for (let at = 10 * HOUR; at < 7 * 24 * HOUR; at += 10 * HOUR) answers.push(await verifyAt(after(t0, at), s));
  expect(answers.every((a) => a === 'live')).toBe(true);
  expect(await verifyAt(after(t0, 7 * 24 * HOUR), s)).toBe('unauthorized');
});

it('refuses a wrong secret, and the sweeper deletes what expired and nothing live', async () => {
  const old = await signInAt(t0);
  expect(await verifyAt(t0, { ...old, secretSha256: sha256Hex('not the secret') })).toBe('unauthorized');
  const fresh = await signInAt(after(t0, 13 * HOUR));
  await sessions.sweep(after(t0, 13 * HOUR));
  expect(await sessions.find(old.sessionId)).toBeNull();
  expect(await sessions.find(fresh.sessionId)).not.toBeNull();
});

it('spends a sign-in link once, within 15 minutes', async () => {
  const person = randomUUID();
  const first = newSignInLink(person, t0);
  await sessions.addLink(first.record);
  expect(await sessions.spendLink(sha256Hex(first.token), after(t0, 15 * 60_000 - 1))).toBe(person);
  expect(await sessions.spendLink(sha256Hex(first.token), after(t0, 1))).toBeNull();
  const late = newSignInLink(person, t0);
  await sessions.addLink(late.record);
  expect(await sessions.spendLink(sha256Hex(late.token), after(t0, 15 * 60_000))).toBeNull();
});

it('redeems an invitation once, within 72 hours', async () => {
  const people = new PeopleStore(db());
  const invite = async () => {
    const { token, tokenSha256, expiresAt } = invitationToken(t0);
    const person = await people.person(`${randomUUID()}+$x@monday.com`, t0);
    await people.insert({ _id: randomUUID(), accountId: randomUUID(), personId: person._id, email: person.email, role: 'viewer', status: 'invited', invitedAt: t0, joinedAt: null, tokenSha256, tokenExpiresAt: expiresAt });
    return sha256Hex(token);
  };
  const first = await invite();
  expect(await people.redeem(first, after(t0, 72 * HOUR - 1))).toMatchObject({ status: 'active', tokenSha256: null });
  expect(await people.redeem(first, after(t0, 1))).toBeNull();
  expect(await people.redeem(await invite(), after(t0, 72 * HOUR))).toBeNull();
});
