import { PeopleCommands, PeopleEvents, unauthorized, type SessionAccount, type SessionQueries, type VerifiedSession } from '@brandradar/contracts';
import { DomainError, type QueryRequest, type QueryResult } from '@brandradar/platform';
import { digestsMatch } from './domain/api-keys';
import { newSession, newSignInLink, sessionExpiresAt, sessionLive, type SessionRecord } from './domain/sessions';
import type { BillingStores } from './queries';
import type { Announcements } from './store/announcements';
import type { PeopleStore } from './store/people';
import type { SessionStore } from './store/sessions';

type Q = typeof SessionQueries;

export interface SessionDeps extends Pick<BillingStores, 'accounts'> {
  announcements: Pick<Announcements, 'announce'>;
  people: PeopleStore;
  sessions: SessionStore;
  /** Spends an invitation's token (its hash): the person it made a member; `unauthorized` for an unknown, used or expired one. */
  redeemInvitation(tokenSha256: string): Promise<{ personId: string }>;
}

/**
 * Billing's answers about sessions (api-contract §15). Expiry (12 h idle, 7 days absolute) is
 * decided here at every verification, by `now`; the sweeper only tidies up what expired.
 */
export function sessionQueryHandlers(s: SessionDeps, now: () => Date = () => new Date()) {
  async function accountsOf(personId: string): Promise<SessionAccount[]> {
    const memberships = await s.people.activeMemberships(personId);
    return Promise.all(
      memberships.map(async (m) => {
        const account = await s.accounts.find(m.accountId);
        return { accountId: m.accountId, accountName: account?.name ?? null, memberId: m._id, role: m.role, ...(account ? { accountStatus: account.status } : {}) };
      }),
    );
  }

  async function describe(session: SessionRecord): Promise<VerifiedSession> {
    const person = await s.people.personById(session.personId);
    if (!person) throw new DomainError(unauthorized());
    return { sessionId: session._id, personId: person._id, email: person.email, accounts: await accountsOf(person._id), expiresAt: sessionExpiresAt(session).toISOString() };
  }

  /** The session, if `secretSha256` is its secret's and it is live at `at`. */
  async function live(sessionId: string, secretSha256: string, at: Date): Promise<SessionRecord | null> {
    const session = await s.sessions.find(sessionId);
    return session && digestsMatch(session.secretSha256, secretSha256) && sessionLive(session, at) ? session : null;
  }

  async function personOfToken(tokenSha256: string, at: Date): Promise<string> {
    return (await s.sessions.spendLink(tokenSha256, at)) ?? (await s.redeemInvitation(tokenSha256)).personId;
  }

  async function personOfVerifiedEmail(email: string): Promise<string> {
    const person = await s.people.findPerson(email);
    if (!person || (await s.people.activeMemberships(person._id)).length === 0) throw new DomainError(unauthorized());
    return person._id;
  }

  return {
    async requestSignInLink({ email }: QueryRequest<Q['requestSignInLink']>): Promise<QueryResult<Q['requestSignInLink']>> {
      const at = now();
      const person = await s.people.findPerson(email);
      if (person && (await s.people.activeMemberships(person._id)).length > 0) {
        const { token, record } = newSignInLink(person._id, at);
        await s.sessions.addLink(record);
        await s.announcements.announce(PeopleCommands.sendSignInLink, { email: person.email, token, expiresAt: record.expiresAt.toISOString() }, at);
      }
      return { accepted: true };
    },

    async startSession({ by }: QueryRequest<Q['startSession']>): Promise<QueryResult<Q['startSession']>> {
      const at = now();
      const personId = by.kind === 'token' ? await personOfToken(by.tokenSha256, at) : await personOfVerifiedEmail(by.email);
      const { record, secret } = newSession(personId, at);
      await s.sessions.insert(record);
      return { ...(await describe(record)), secret };
    },

    async verifySession({ sessionId, secretSha256 }: QueryRequest<Q['verifySession']>): Promise<QueryResult<Q['verifySession']>> {
      const at = now();
      const session = await live(sessionId, secretSha256, at);
      if (!session) throw new DomainError(unauthorized());
      return describe(await s.sessions.touch(session, at));
    },

    async endSession({ sessionId, secretSha256 }: QueryRequest<Q['endSession']>): Promise<QueryResult<Q['endSession']>> {
      const session = await s.sessions.find(sessionId);
      if (!session || !digestsMatch(session.secretSha256, secretSha256) || !(await s.sessions.end(sessionId))) return { ended: false };
      await s.announcements.announce(PeopleEvents.sessionsEnded, { personId: session.personId, sessionId }, now());
      return { ended: true };
    },

    async endAllSessions({ personId }: QueryRequest<Q['endAllSessions']>): Promise<QueryResult<Q['endAllSessions']>> {
      const ended = await s.sessions.endAll(personId);
      await s.announcements.announce(PeopleEvents.sessionsEnded, { personId, sessionId: null }, now());
      return { ended };
    },
  };
}
