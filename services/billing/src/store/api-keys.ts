import type { Collection, Db } from 'mongodb';
import type { IndexSpec } from '@brandradar/platform';

export interface ApiKeyRecord {
  _id: string; // key id
  accountId: string;
  secretSha256: string;
  createdAt: Date;
  revokedAt: Date | null;
}

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

  /** An account's keys, oldest first (by the `account` index). */
  async forAccount(accountId: string): Promise<ApiKeyRecord[]> {
    return this.keys.find({ accountId }).sort({ createdAt: 1 }).toArray();
  }

  /** Marks a key revoked (revoking again leaves it revoked); null for an unknown key id. */
  async revoke(keyId: string, now: Date): Promise<ApiKeyRecord | null> {
    await this.keys.updateOne({ _id: keyId, revokedAt: null }, { $set: { revokedAt: now } });
    return this.find(keyId);
  }
}
