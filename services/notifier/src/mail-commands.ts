import type { z } from 'zod';
import type { PeopleCommands } from '@brandradar/contracts';
import type { EventHandler } from '@brandradar/platform';
import { messageIdFor } from './domain/mailbox';
import { render, type MailContent } from './domain/render';
import { mailKey, type MailOutbox } from './store/mail-outbox';

type Invitation = z.infer<(typeof PeopleCommands.sendInvitation)['payload']>;
type SignInLink = z.infer<(typeof PeopleCommands.sendSignInLink)['payload']>;
type MailCommand = typeof PeopleCommands.sendInvitation | typeof PeopleCommands.sendSignInLink;

/** The web app's sign-in page with a single-use token: where invitations and sign-in links lead. */
const signInUrl = (appUrl: string, token: string) => `${appUrl.replace(/\/+$/, '')}/app/sign-in?token=${encodeURIComponent(token)}`;

/** The invitation e-mail: who invited whom to which account, and the single-use link. */
function invitationMail(invitation: Invitation, appUrl: string): MailContent {
  const account = invitation.accountName ?? 'a brandradar account';
  return {
    subject: `You are invited to ${account} on brandradar`,
    heading: `Join ${account}`,
    blocks: [
      { kind: 'paragraph', text: `${invitation.invitedBy.name} invited you as ${invitation.role}. Open this link to join: ${signInUrl(appUrl, invitation.token)}` },
      { kind: 'facts', rows: [['Role', invitation.role], ['Link valid until', invitation.expiresAt]] },
      { kind: 'small', text: 'The link works once. If you did not expect this, ignore this e-mail.' },
    ],
  };
}

/** The sign-in e-mail: the single-use link someone asked for with this address. */
function signInMail(link: SignInLink, appUrl: string): MailContent {
  return {
    subject: 'Your brandradar sign-in link',
    heading: 'Sign in to brandradar',
    blocks: [
      { kind: 'paragraph', text: `Open this link to sign in: ${signInUrl(appUrl, link.token)}` },
      { kind: 'facts', rows: [['Link valid until', link.expiresAt]] },
      { kind: 'small', text: 'The link works once, for 15 minutes. If you did not ask to sign in, ignore this e-mail: nobody can sign in without it.' },
    ],
  };
}

/** What each command becomes: its template, the account it concerns ('' for none) and the content. An invitation is the one with a role. */
function mailOf(payload: Invitation | SignInLink, appUrl: string): { template: string; accountId: string; content: MailContent } {
  if ('role' in payload) return { template: 'member_invited', accountId: payload.accountId, content: invitationMail(payload, appUrl) };
  return { template: 'sign_in_link', accountId: '', content: signInMail(payload, appUrl) };
}

/**
 * Records the e-mail billing asked for (an invitation or a sign-in link) in the outbox, once per
 * command however often it is delivered; the sender sends it. Sign-in links concern no account, so
 * no account's hourly quota counts them (billing sends one only to a member who asked).
 */
export function mailCommandIntake(d: { outbox: MailOutbox; appUrl: string; senderAddress: string; recorded(): void; now?: () => Date }): EventHandler<MailCommand> {
  const now = d.now ?? (() => new Date());
  return async ({ payload }) => {
    const { template, accountId, content } = mailOf(payload, d.appUrl);
    const key = mailKey(payload.eventId, template);
    if (await d.outbox.has(key)) return;
    const mail = render(content);
    // The body holds the token in clear until the e-mail is settled (api-contract §15: single-use links).
    const recorded = await d.outbox.enqueue({ eventId: payload.eventId, template, accountId, to: payload.email, messageId: messageIdFor(key, d.senderAddress), ...mail, bodyHoldsSecret: true }, now());
    if (recorded) d.recorded();
  };
}
