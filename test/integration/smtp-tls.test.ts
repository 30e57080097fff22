import { createSmtpMailer } from '../../services/notifier/src/smtp/smtp-mailer';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';

// SMTP_REQUIRE_TLS against a real SMTP server that offers no STARTTLS (issue 15).
let peer: SmtpPeer;
beforeAll(async () => (peer = await startSmtpPeer()));
afterAll(() => peer.stop());

const mail = { to: 'owner@example.com', subject: 'Run finished', text: 'hello', html: '<p>hello</p>', messageId: '<m1@brandradar.example>', eventId: 'e1', template: 'run_finished' };
const mailer = (requireTls: boolean) => createSmtpMailer({ url: peer.url, from: 'reports@brandradar.example', timeoutMs: 5_000, requireTls });

it('sends nothing in clear when TLS is required and the relay offers no STARTTLS', async () => {
  const strict = mailer(true);
  try {
    await expect(strict.send(mail)).rejects.toThrow();
    expect(peer.attempts).toBe(0); // the message itself was never sent
    expect(peer.received).toHaveLength(0);
  } finally {
    strict.close();
  }
});

it('sends over a plain connection when TLS is not required', async () => {
  const relaxed = mailer(false);
  try {
    await relaxed.send(mail);
    expect(peer.received.map((m) => m.subject)).toEqual(['Run finished']);
  } finally {
    relaxed.close();
  }
});
