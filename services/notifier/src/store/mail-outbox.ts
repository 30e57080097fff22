import { randomUUID } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import { insertIfNew, Leases, type IndexSpec } from '@brandradar/platform';

/**
 * `pending`: due at `leaseUntil` (nobody may take it before). `sending`: a
 * sender (`owner`) holds it until `leaseUntil`, its lease. `sent` and `failed`
 * are final.
 */
type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** One e-mail for one (event, template), with everything needed to send it again. */
export interface OutboxMail {
  /** `<eventId>:<template>`: a redelivered event finds its e-mail already here. */
  _id: string;
  eventId: string;
  template: string;
  accountId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Files sent with it (the digest's charts); absent on e-mails without any. */
  attachments?: MailAttachment[];
  status: MailStatus;
  attempts: number;
  /** The claim of the latest attempt; null before the first. */
  owner: string | null;
  leaseUntil: Date;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
  /** The body holds a single-use link (an invitation, a sign-in link): blanked once the e-mail is sent or given up. */
  bodyHoldsSecret?: boolean;
}

/** A file in an e-mail: shown in the HTML where `cid` is given (`<img src="cid:…">`), else attached. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The bytes, base64. */
  content: string;
  cid?: string;
}

/** An open e-mail as stored before leases: due at `nextAttemptAt`, with no `leaseUntil`. */
interface PreLeaseMail {
  _id: string;
  status: MailStatus;
  nextAttemptAt?: Date;
  leaseUntil?: Date;
  owner?: string | null;
}

export type NewMail = Pick<OutboxMail, 'eventId' | 'template' | 'accountId' | 'to' | 'subject' | 'text' | 'html' | 'messageId' | 'bodyHoldsSecret' | 'attachments'>;

export const MAIL_OUTBOX = 'mail_outbox';

export const mailOutboxIndexes: IndexSpec[] = [
  // The guarantee: one e-mail per event and template, whoever inserts it and however often.
  { collection: MAIL_OUTBOX, key: { eventId: 1, template: 1 }, options: { name: 'one_per_event_and_template', unique: true } },
  { collection: MAIL_OUTBOX, key: { status: 1, leaseUntil: 1 }, options: { name: 'due_by_lease' } },
];

export const mailKey = (eventId: string, template: string) => `${eventId}:${template}`;

/** A settled e-mail keeps no single-use link: nothing sends it again, and the store is no place for a credential. */
const erasedSecret = (mail: Pick<OutboxMail, 'bodyHoldsSecret'>): Partial<OutboxMail> => (mail.bodyHoldsSecret ? { text: '', html: '' } : {});

/** The notifier's persisted outbox: e-mails to send, their attempts and outcomes. */
export class MailOutbox {
  private readonly collection: Collection<OutboxMail>;
  private readonly preLease: Collection<PreLeaseMail>;
  private readonly leases: Leases;

  constructor(db: Db) {
    this.collection = db.collection<OutboxMail>(MAIL_OUTBOX);
    this.preLease = db.collection<PreLeaseMail>(MAIL_OUTBOX);
    this.leases = new Leases(db, MAIL_OUTBOX);
  }

  /**
   * E-mails recorded before the outbox used leases wait on `nextAttemptAt`,
   * which the sender no longer reads: once at start, each open one is given
   * that time as its lease, so an upgrade loses no e-mail. Returns how many.
   */
  async adoptPreLeaseMails(): Promise<number> {
    let adopted = 0;
    // One indexed equality per open status (due_by_lease starts with status); sent and failed mails are never read.
    for (const status of ['pending', 'sending'] as const) {
      for await (const mail of this.preLease.find({ status, leaseUntil: { $exists: false } })) {
        const { modifiedCount } = await this.preLease.updateOne(
          { _id: mail._id, leaseUntil: { $exists: false } },
          { $set: { leaseUntil: mail.nextAttemptAt ?? new Date(0), owner: null } },
        );
        adopted += modifiedCount;
      }
    }
    return adopted;
  }

  async has(key: string): Promise<boolean> {
    return (await this.collection.countDocuments({ _id: key }, { limit: 1 })) > 0;
  }

  /** Records an e-mail to send now; false when this event's e-mail of this template is already recorded. */
  async enqueue(mail: NewMail, now: Date): Promise<boolean> {
    const doc: OutboxMail = {
      _id: mailKey(mail.eventId, mail.template),
      ...mail,
      status: 'pending',
      attempts: 0,
      owner: null,
      leaseUntil: now,
      lastError: null,
      createdAt: now,
      updatedAt: now,
      sentAt: null,
    };
    return insertIfNew(this.collection, doc);
  }

  /**
   * Takes the most overdue e-mail for one attempt: a pending one that is due,
   * or one whose sender crashed while `sending` (its lease ran out). The
   * attempt is counted before anything is sent.
   */
  async claimNext(now: Date, leaseMs: number): Promise<OutboxMail | null> {
    const open = { status: { $in: ['pending', 'sending'] } };
    const lease = await this.leases.claimNext(open, randomUUID(), now, leaseMs, { set: { status: 'sending', updatedAt: now }, inc: { attempts: 1 } });
    // Read back as claimed; gone only if the lease ran out and another sender took it meanwhile.
    return lease && this.collection.findOne({ _id: lease.id, owner: lease.owner });
  }

  markSent(claim: OutboxMail, now: Date): Promise<boolean> {
    return this.settle(claim, { status: 'sent', sentAt: now, lastError: null, updatedAt: now, ...erasedSecret(claim) });
  }

  markRetry(claim: OutboxMail, at: Date, error: string, now: Date): Promise<boolean> {
    return this.settle(claim, { status: 'pending', leaseUntil: at, lastError: error, updatedAt: now });
  }

  markFailed(claim: OutboxMail, error: string, now: Date): Promise<boolean> {
    return this.settle(claim, { status: 'failed', lastError: error, updatedAt: now, ...erasedSecret(claim) });
  }

  /** Records an attempt's outcome, unless another sender has taken the e-mail since (the lease ran out). */
  private async settle(claim: OutboxMail, set: Partial<OutboxMail>): Promise<boolean> {
    const { modifiedCount } = await this.collection.updateOne({ _id: claim._id, status: 'sending', owner: claim.owner }, { $set: set });
    return modifiedCount === 1;
  }
}
