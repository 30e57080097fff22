import type { z } from 'zod';
import type { PeopleCommands } from '@brandradar/contracts';
import type { EventHandler } from '@brandradar/platform';
import { messageIdFor } from './domain/mailbox';
import { render, type MailContent } from './domain/render';
import { mailKey, type MailOutbox } from './store/mail-outbox';

type Invitation = z.infer<(typeof PeopleCommands.sendInvitation)['payload']>;
const TEMPLATE = 'member_invited';

/** The invitation e-mail: who invited whom to which account, and the single-use link. */
function invitationMail(invitation: Invitation, appUrl: string): MailContent {
  const link = `${appUrl.replace(/\/+$/, '')}/app/sign-in?token=${encodeURIComponent(invitation.token)}`;
  const account = invitation.accountName ?? 'a brandradar account';
  return {
    subject: `You are invited to ${account} on brandradar`,
    heading: `Join ${account}`,
    blocks: [
      { kind: 'paragraph', text: `${invitation.invitedBy.name} invited you as ${invitation.role}. Open this link to join: ${link}` },
      { kind: 'facts', rows: [['Role', invitation.role], ['Link valid until', invitation.expiresAt]] },
      { kind: 'small', text: 'The link works once. If you did not expect this, ignore this e-mail.' },
    ],
  };
}

/** Records the invitation's e-mail in the outbox (once per command, however often it is delivered); the sender sends it. */
export function invitationIntake(d: { outbox: MailOutbox; appUrl: string; senderAddress: string; recorded(): void; now?: () => Date }): EventHandler<typeof PeopleCommands.sendInvitation> {
  const now = d.now ?? (() => new Date());
  return async ({ payload }) => {
    const key = mailKey(payload.eventId, TEMPLATE);
    if (await d.outbox.has(key)) return;
    const mail = render(invitationMail(payload, d.appUrl));
    const recorded = await d.outbox.enqueue({ eventId: payload.eventId, template: TEMPLATE, accountId: payload.accountId, to: payload.email, messageId: messageIdFor(key, d.senderAddress), ...mail }, now());
    if (recorded) d.recorded();
  };
}
