import { createHash } from 'node:crypto';
import { DIGEST_LIMITS, type DigestTracker } from '@brandradar/contracts';
import type { Logger } from '@brandradar/platform';
import { messageIdFor } from '../domain/mailbox';
import { render } from '../domain/render';
import { mailKey, type MailAttachment, type MailOutbox } from '../store/mail-outbox';
import { chartCid, digestContent } from './content';
import type { DigestIncidents } from './incidents';
import { digestWeek, nextSendAt } from './schedule';
import type { DigestClaim, DigestSettingsStore } from './settings-store';

const DIGEST_TEMPLATE = 'weekly_digest';
const WEEK_MS = 7 * 24 * 3_600_000;

/**
 * The e-mail's event id: the account, the week and the recipient (hashed: an address is user data
 * and stays out of ids and headers). With the outbox's unique (eventId, template) index it is the
 * once-per-recipient-and-week guarantee: any sweep, replica or restart that builds the week's
 * digest again finds it recorded.
 */
function digestEventId(accountId: string, week: string, recipient: string): string {
  const who = createHash('sha256').update(recipient.toLowerCase()).digest('hex').slice(0, 24);
  return `digest-${accountId}-${week}-${who}`;
}

export interface DigestSweepDeps {
  settings: DigestSettingsStore;
  incidents: DigestIncidents;
  outbox: MailOutbox;
  /** The account's trackers as the tracker service reports them (`trackers.digest.v1`), with the names first put forward since `since`; throws while it is away. */
  trackersOf(accountId: string, since: Date): Promise<DigestTracker[]>;
  /** A tracker's headline as a PNG, or null when it has nothing to draw. */
  chartOf: (tracker: DigestTracker, timezone: string) => Buffer | null;
  /** A tracker's report as a PDF, for a digest with `attachPdf`; throws while the tracker service is away. */
  reportPdfOf: (accountId: string, trackerId: string, timezone: string) => Promise<Buffer>;
  appUrl: string;
  senderAddress: string;
  /** A claim's lease: longer than building one digest takes. */
  leaseMs: number;
  /** After a failure to build a digest (the tracker service away), when it is tried again. */
  retryMs: number;
  /**
   * The sender's clock, which the outbox's times are on: an e-mail is due when recorded. Apart from
   * the sweep's `now`, which a test moves to a week's due time without moving the sender's.
   */
  wallClock(): Date;
  /** E-mails were recorded: the sender should look now. */
  recorded(): void;
  logger: Logger;
}

function chartAttachments(trackers: readonly DigestTracker[], chartOf: DigestSweepDeps['chartOf'], timezone: string): { charted: Set<string>; attachments: MailAttachment[] } {
  const charted = new Set<string>();
  const attachments: MailAttachment[] = [];
  for (const t of trackers) {
    const png = chartOf(t, timezone);
    if (!png) continue;
    charted.add(t.trackerId);
    const file = { filename: `chart-${t.trackerId}.png`, contentType: 'image/png', content: png.toString('base64') };
    // Shown in the HTML by its cid, and attached as well, for a reader that shows no images or wants the file.
    attachments.push({ ...file, cid: chartCid(t.trackerId) }, file);
  }
  return { charted, attachments };
}

/**
 * Sends every digest due at `now`: claims one at a time (an atomic write on the indexed
 * `nextDueAt`, so replicas never build the same one), records one e-mail per recipient in the
 * outbox, then moves the digest to its next week. A crash between the two leaves the claim to run
 * out; the next sweep finds the e-mails already recorded and only moves it on. Returns how many
 * digests it handled.
 */
export async function sweepDigests(d: DigestSweepDeps, now: Date): Promise<number> {
  // A digest shows its week's incidents; one a day late (a notifier that was down) still finds them.
  await d.incidents.forgetAllBefore(new Date(now.getTime() - WEEK_MS - 24 * 3_600_000));
  let handled = 0;
  for (let claim = await d.settings.claimDue(now, d.leaseMs); claim; claim = await d.settings.claimDue(now, d.leaseMs)) {
    handled++;
    try {
      await sendDigest(d, claim, now);
    } catch (err) {
      d.logger.warn({ err, accountId: claim.doc._id }, 'weekly digest not built; trying again later');
      await d.settings.release(claim, new Date(now.getTime() + d.retryMs));
    }
  }
  return handled;
}

async function sendDigest(d: DigestSweepDeps, claim: DigestClaim, now: Date): Promise<void> {
  const { doc } = claim;
  const accountId = doc._id;
  const dueAt = doc.nextDueAt!; // claimed by it, so set
  const week = digestWeek(dueAt, doc.timezone);
  const keys = doc.recipients.map((to) => ({ to, eventId: digestEventId(accountId, week, to) }));
  const missing = [];
  for (const k of keys) if (!(await d.outbox.has(mailKey(k.eventId, DIGEST_TEMPLATE)))) missing.push(k);

  if (missing.length > 0) {
    const since = new Date(dueAt.getTime() - WEEK_MS);
    const [trackers, incidents] = await Promise.all([d.trackersOf(accountId, since), d.incidents.between(accountId, since, dueAt)]);
    const { charted, attachments } = chartAttachments(trackers, d.chartOf, doc.timezone);
    const withPdf = doc.attachPdf ? trackers.slice(0, DIGEST_LIMITS.pdfs) : [];
    for (const t of withPdf) {
      const pdf = await d.reportPdfOf(accountId, t.trackerId, doc.timezone);
      attachments.push({ filename: `report-${t.trackerId}.pdf`, contentType: 'application/pdf', content: pdf.toString('base64') });
    }
    const pdfs = new Set(withPdf.map((t) => t.trackerId));
    const mail = render(digestContent({ trackers, incidents, dueAt, timezone: doc.timezone, appUrl: d.appUrl, charted, pdfs }));
    for (const { to, eventId } of missing) {
      const messageId = messageIdFor(mailKey(eventId, DIGEST_TEMPLATE), d.senderAddress);
      await d.outbox.enqueue({ eventId, template: DIGEST_TEMPLATE, accountId, to, messageId, ...mail, attachments }, d.wallClock());
    }
    d.recorded();
    d.logger.info({ accountId, week, recipients: missing.length }, 'weekly digest recorded');
  }
  // The next week's time after both the due time and now: a notifier that was down for weeks sends one digest, not one per missed week.
  const after = new Date(Math.max(dueAt.getTime(), now.getTime()));
  if (!(await d.settings.advance(claim, nextSendAt(doc, after)))) await d.settings.release(claim, new Date(0));
}
