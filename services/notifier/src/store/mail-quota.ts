import type { Collection, Db } from 'mongodb';

/**
 * Counts each account's e-mails per clock hour, so a loop (activate, pause,
 * activate…) cannot flood an inbox. One `$inc` by `_id` per e-mail.
 */
export class MailQuota {
  /** E-mails recorded for one account in one clock hour (UTC): `_id` is `<accountId>:<hour>`. */
  private readonly quotas: Collection<{ _id: string; count: number }>;

  constructor(db: Db) {
    this.quotas = db.collection('mail_quota');
  }

  /** Counts one more e-mail for the account in `now`'s hour and returns the hour's count so far. */
  async take(accountId: string, now: Date): Promise<number> {
    const hour = now.toISOString().slice(0, 13);
    const doc = await this.quotas.findOneAndUpdate({ _id: `${accountId}:${hour}` }, { $inc: { count: 1 } }, { upsert: true, returnDocument: 'after' });
    return doc?.count ?? 1;
  }
}
