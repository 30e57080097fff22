/**
 * A person's sign-in as the web app does it (api-contract §15): the e-mailed link's token, read from
 * what the test's SMTP peer received, traded for a session cookie and its CSRF token.
 */
import { eventually } from './eventually';
import type { SmtpPeer } from './smtp-peer';
import type { HttpClient, HttpResult } from './stack';

export interface Session {
  /** `brandradar_session=<id>.<secret>`, as a browser sends it back. */
  cookie: string;
  csrf: string;
  setCookie: string;
  body: any;
}

/** The mails the peer received for `to`, whatever the letters' case (an address is matched case-insensitively). */
const mailsFor = (smtp: SmtpPeer, to: string) => smtp.received.filter((m) => m.envelopeTo.some((r) => r.toLowerCase() === to.toLowerCase()));

export const mailsTo = (smtp: SmtpPeer, to: string): number => mailsFor(smtp, to).length;

/** The token of the newest sign-in link e-mailed to `to` after `seen` mails to them, on the web app at `appUrl`. */
export async function linkTokenFor(smtp: SmtpPeer, to: string, seen = 0, appUrl = 'http://localhost:8080'): Promise<string> {
  const mails = await eventually(async () => mailsFor(smtp, to), (m) => m.length > seen);
  const text = mails[mails.length - 1]!.text;
  const prefix = `${appUrl}/app/sign-in?token=`;
  const start = text.indexOf(prefix);
  expect(start).toBeGreaterThanOrEqual(0);
  const encoded = text.slice(start + prefix.length).split(/\s/, 1)[0]!;
  return decodeURIComponent(encoded);
}

/** Trades an e-mail link's or an invitation's token for a session. */
export async function signIn(client: HttpClient, token: string): Promise<Session> {
  const res = await client.api('POST', '/api/v1/session', { body: { token } });
  expect(res.status).toBe(200);
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { cookie: setCookie.split(';')[0]!, csrf: res.body.csrfToken, setCookie, body: res.body };
}

/** Asks for an e-mailed link for `email` and signs in with it. */
export async function signInByEmail(client: HttpClient, smtp: SmtpPeer, email: string, appUrl?: string): Promise<Session> {
  const seen = mailsTo(smtp, email);
  expect((await client.api('POST', '/api/v1/session/email-link', { body: { email } })).status).toBe(202);
  return signIn(client, await linkTokenFor(smtp, email, seen, appUrl));
}

/** A request as the browser makes it with the session: the cookie, and the CSRF token unless `csrf` is false. */
export function asSession(client: HttpClient, s: Session, method: string, path: string, opts: { body?: unknown; csrf?: boolean; account?: string } = {}): Promise<HttpResult> {
  const headers: Record<string, string> = { Cookie: s.cookie };
  if (opts.csrf !== false) headers['X-CSRF-Token'] = s.csrf;
  if (opts.account) headers['X-Account-Id'] = opts.account;
  return client.api(method, path, { body: opts.body, headers });
}
