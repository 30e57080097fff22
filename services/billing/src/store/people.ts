import { randomUUID } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { normalisedEmail, type Role } from '@brandradar/contracts';
import { isDuplicateKeyError, type IndexSpec } from '@brandradar/platform';
import type { MembershipRecord } from '../domain/people';

/** A person, in as many accounts as they belong to. The e-mail is a field (unique in its normalised form), never a key. */
interface PersonRecord {
  _id: string;
  email: string;
  emailKey: string;
  createdAt: Date;
}

/** The field of an account document that counts its active owners (absent until its first owner is recorded). */
interface OwnerCount {
  _id: string;
  owners?: number;
}

export const peopleIndexes: IndexSpec[] = [
  { collection: 'people', key: { emailKey: 1 }, options: { name: 'email_unique', unique: true } },
  { collection: 'memberships', key: { accountId: 1, personId: 1 }, options: { name: 'account_person_unique', unique: true } },
  { collection: 'memberships', key: { personId: 1 }, options: { name: 'person' } },
  { collection: 'memberships', key: { tokenSha256: 1 }, options: { name: 'invitation_token' } },
];

/**
 * People, their memberships, and each account's count of active owners, which lives on the account
 * document so that the last-owner rule is one conditional update there (`owners > 1`): two
 * concurrent demotions cannot both pass it. No transactions: a membership is written after the
 * count is taken and before it is given, so a crash in between leaves the count low (refusing a
 * change it could allow), never high.
 */
export class PeopleStore {
  private readonly people: Collection<PersonRecord>;
  private readonly memberships: Collection<MembershipRecord>;
  private readonly counts: Collection<OwnerCount>;

  constructor(db: Db) {
    this.people = db.collection<PersonRecord>('people');
    this.memberships = db.collection<MembershipRecord>('memberships');
    this.counts = db.collection<OwnerCount>('accounts');
  }

  /** The person with this address, created if new. */
  async person(email: string, now: Date): Promise<PersonRecord> {
    const emailKey = normalisedEmail(email);
    const found = await this.people.findOne({ emailKey });
    if (found) return found;
    const person = { _id: randomUUID(), email, emailKey, createdAt: now };
    try {
      await this.people.insertOne(person);
      return person;
    } catch (e) {
      if (!isDuplicateKeyError(e)) throw e;
      const raced = await this.people.findOne({ emailKey });
      if (!raced) throw e;
      return raced;
    }
  }

  /** The person with this address, if known (never created here: asking about an address leaves no trace). */
  async findPerson(email: string): Promise<PersonRecord | null> {
    return this.people.findOne({ emailKey: normalisedEmail(email) });
  }

  async personById(personId: string): Promise<PersonRecord | null> {
    return this.people.findOne({ _id: personId });
  }

  /** The person's active memberships, oldest first. */
  async activeMemberships(personId: string): Promise<MembershipRecord[]> {
    const all = await this.memberships.find({ personId, status: 'active' }).toArray();
    return all.sort((a, b) => (a.joinedAt?.getTime() ?? 0) - (b.joinedAt?.getTime() ?? 0) || a.accountId.localeCompare(b.accountId));
  }

  /** Whether the account's owners are counted yet (accounts made before members existed are not). */
  async ownersCounted(accountId: string): Promise<boolean> {
    const doc = await this.counts.findOne({ _id: accountId }, { projection: { owners: 1 } });
    return typeof doc?.owners === 'number';
  }

  /** Starts the count at 1 for the first owner, unless it was started meanwhile. */
  async startOwnerCount(accountId: string): Promise<void> {
    await this.counts.updateOne({ _id: accountId, owners: { $exists: false } }, { $set: { owners: 1 } });
  }

  /** Takes one owner from the count unless it is the last: false then. */
  async takeOwner(accountId: string): Promise<boolean> {
    const { modifiedCount } = await this.counts.updateOne({ _id: accountId, owners: { $gt: 1 } }, { $inc: { owners: -1 } });
    return modifiedCount === 1;
  }

  async giveOwner(accountId: string): Promise<void> {
    await this.counts.updateOne({ _id: accountId }, { $inc: { owners: 1 } });
  }

  /** Adds a membership; false when the person is in the account already. */
  async insert(member: MembershipRecord): Promise<boolean> {
    try {
      await this.memberships.insertOne(member);
      return true;
    } catch (e) {
      if (isDuplicateKeyError(e)) return false;
      throw e;
    }
  }

  async member(accountId: string, memberId: string): Promise<MembershipRecord | null> {
    return this.memberships.findOne({ _id: memberId, accountId });
  }

  /** An account's members, oldest first. */
  async members(accountId: string): Promise<MembershipRecord[]> {
    const all = await this.memberships.find({ accountId }).toArray();
    return all.sort((a, b) => (a.invitedAt ?? a.joinedAt ?? new Date(0)).getTime() - (b.invitedAt ?? b.joinedAt ?? new Date(0)).getTime());
  }

  /** Sets the role if the member is still as it was read (role and status); false when it changed meanwhile. */
  async setRole(seen: MembershipRecord, role: Role): Promise<boolean> {
    const { modifiedCount, matchedCount } = await this.memberships.updateOne({ _id: seen._id, accountId: seen.accountId, role: seen.role, status: seen.status }, { $set: { role } });
    return modifiedCount === 1 || matchedCount === 1;
  }

  /** Deletes the member if it is still as it was read; false when it changed meanwhile. */
  async remove(seen: MembershipRecord): Promise<boolean> {
    const { deletedCount } = await this.memberships.deleteOne({ _id: seen._id, accountId: seen.accountId, role: seen.role, status: seen.status });
    return deletedCount === 1;
  }

  /** Spends an invitation: the invited member with this unexpired token becomes active. Null for an unknown, used or expired token. */
  async redeem(tokenSha256: string, now: Date): Promise<MembershipRecord | null> {
    return this.memberships.findOneAndUpdate(
      { tokenSha256, status: 'invited', tokenExpiresAt: { $gt: now } },
      { $set: { status: 'active', joinedAt: now, tokenSha256: null, tokenExpiresAt: null } },
      { returnDocument: 'after' },
    );
  }
}

