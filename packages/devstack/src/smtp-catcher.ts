import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** The local stand-in for a mail relay: accepts every message and keeps it as a file. */
export interface SmtpCatcher {
  url: string;
  /** Where the `.eml` files go, one per message and recipient list. */
  dir: string;
  stop(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/**
 * An SMTP server on loopback for `npm start` (on the local cluster's bridge for its notifier): no TLS, no login, every message
 * accepted and written to `dir` as `<time>-<random>.eml`, which any mail
 * program opens. The envelope goes in front as `Return-Path` and
 * `Delivered-To` headers, as a delivering server would add them.
 */
export async function startSmtpCatcher(opts: { port: number; dir: string; host?: string; onMessage?: (file: string) => void }): Promise<SmtpCatcher> {
  const host = opts.host ?? '127.0.0.1';
  fs.mkdirSync(opts.dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: MAX_MESSAGE_BYTES,
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
        try {
          const file = keep(opts.dir, session, Buffer.concat(chunks));
          opts.onMessage?.(file);
          callback();
        } catch (e) {
          callback(Object.assign(new Error(`Could not keep the message: ${(e as Error).message}`), { responseCode: 451 }));
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://${host}:${port}`, dir: opts.dir, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Writes the message under a temporary name first, so a reader never sees half a file. */
function keep(dir: string, session: SMTPServerSession, message: Buffer): string {
  const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  const envelope = [`Return-Path: <${from}>`, ...session.envelope.rcptTo.map((r) => `Delivered-To: ${r.address}`)].join('\r\n') + '\r\n';
  const name = `${new Date().toISOString().replace(/:/g, '-')}-${randomBytes(3).toString('hex')}.eml`;
  const file = path.join(dir, name);
  fs.writeFileSync(`${file}.tmp`, Buffer.concat([Buffer.from(envelope), message]));
  fs.renameSync(`${file}.tmp`, file);
  return file;
}
