import type { Collection, Db } from 'mongodb';
import type { IndexSpec } from '@brandradar/platform';
import { expiryCutoffs, needsTouch, type SessionRecord, type SignInLinkRecord } from '../domain/sessions';

// FerretDB 1.x has no TTL indexes (expireAfterSeconds came with 2.0), so billing's sweeper deletes
// what expired; verification checks expiry itself and never relies on the sweep.
export const sessionIndexes: IndexSpec[] = [
  { collection: 'sessions', key: { personId: 1 }, options: { name: 'person' } },
  { collection: 'sessions', key: { lastSeenAt: 1 }, options: { name: 'last_seen' } },
  { collection: 'sessions', key: { createdAt: 1 }, options: { name: 'created' } },
  { collection: 'sign_in_links', key: { expiresAt: 1 }, options: { name: 'expires' } },
];

/** Sessions and sign-in links; both are found by id (a random one, or a token's hash), never by user data. */
export class SessionStore {
  private readonly sessions: Collection<SessionRecord>;
  private readonly links: Collection<SignInLinkRecord>;

  constructor(db: Db) {
    this.sessions = db.collection<SessionRecord>('sessions');
    this.links = db.collection<SignInLinkRecord>('sign_in_links');
  }

  async insert(session: SessionRecord): Promise<void> {
    await this.sessions.insertOne(session);
  }

  async find(sessionId: string): Promise<SessionRecord | null> {
    return this.sessions.findOne({ _id: sessionId });
  }

  /** Records a use, unless one within the last minute was (the filter keeps `lastSeenAt` from going back); the session as it is now. */
  async touch(session: SessionRecord, now: Date): Promise<SessionRecord> {
    if (!needsTouch(session, now)) return session;
    await this.sessions.updateOne({ _id: session._id, lastSeenAt: { $lt: now } }, { $set: { lastSeenAt: now } });
    return { ...session, lastSeenAt: now };
  }

  async end(sessionId: string): Promise<boolean> {
    return (await this.sessions.deleteOne({ _id: sessionId })).deletedCount === 1;
  }

  async endAll(personId: string): Promise<number> {
    return (await this.sessions.deleteMany({ personId })).deletedCount;
  }

  async addLink(link: SignInLinkRecord): Promise<void> {
    await this.links.insertOne(link);
  }

  /** Spends a sign-in link: its person, or null for an unknown, used or expired one. One request wins a race. */
  async spendLink(tokenSha256: string, now: Date): Promise<string | null> {
    return (await this.links.findOneAndDelete({ _id: tokenSha256, expiresAt: { $gt: now } }))?.personId ?? null;
  }

  /** Deletes expired sessions and links; how many of each. */
  async sweep(now: Date): Promise<{ sessions: number; links: number }> {
    const { idleBefore, startedBefore } = expiryCutoffs(now);
    const sessions = await this.sessions.deleteMany({ $or: [{ lastSeenAt: { $lte: idleBefore } }, { createdAt: { $lte: startedBefore } }] });
    const links = await this.links.deleteMany({ expiresAt: { $lte: now } });
    return { sessions: sessions.deletedCount, links: links.deletedCount };
  }
}
