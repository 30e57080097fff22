import type { Collection, Db } from 'mongodb';
import type { IndexSpec } from '@brandradar/platform';
import type { ApiKeyRecord } from '../domain/people';

export const apiKeyIndexes: IndexSpec[] = [{ collection: 'api_keys', key: { accountId: 1 }, options: { name: 'account' } }];

export class ApiKeyStore {
  private readonly keys: Collection<ApiKeyRecord>;

  constructor(db: Db) {
    this.keys = db.collection<ApiKeyRecord>('api_keys');
  }

  async insert(record: ApiKeyRecord): Promise<void> {
    await this.keys.insertOne(record);
  }

  async find(keyId: string): Promise<ApiKeyRecord | null> {
    return this.keys.findOne({ _id: keyId });
  }

  /** An account's keys, oldest first (by the `account` index); `live` leaves out revoked ones. */
  async forAccount(accountId: string, live = false): Promise<ApiKeyRecord[]> {
    return this.keys.find({ accountId, ...(live ? { revokedAt: null } : {}) }).sort({ createdAt: 1 }).toArray();
  }

  /** Marks a key revoked (revoking again leaves it revoked); null for an unknown key id. */
  async revoke(keyId: string, now: Date): Promise<ApiKeyRecord | null> {
    await this.keys.updateOne({ _id: keyId, revokedAt: null }, { $set: { revokedAt: now } });
    return this.find(keyId);
  }

  /** Revokes a live key of `accountId`; false when the account has no such live key. */
  async revokeOfAccount(accountId: string, keyId: string, now: Date): Promise<boolean> {
    const { modifiedCount } = await this.keys.updateOne({ _id: keyId, accountId, revokedAt: null }, { $set: { revokedAt: now } });
    return modifiedCount === 1;
  }

  /** Keeps the latest use of each key (`$max`: a late, older report changes nothing); one write per key of the batch. */
  async recordUses(uses: ReadonlyArray<{ keyId: string; at: Date }>): Promise<number> {
    if (uses.length === 0) return 0;
    const result = await this.keys.bulkWrite(
      uses.map(({ keyId, at }) => ({ updateOne: { filter: { _id: keyId }, update: { $max: { lastUsedAt: at } } } })),
      { ordered: false },
    );
    return result.matchedCount;
  }
}
