/**
 * A real SMTP server (smtp-server) in the test process, as the notifier's
 * peer: it collects what it accepts, and each delivery attempt can be
 * scripted to drop the connection mid-message or to answer with an error code.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** What the peer does with the next delivery attempt, once the client starts sending the message. */
type Behaviour = 'accept' | 'drop' | { reply: number };

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  /** Every leaf part of the message (nested multiparts flattened), decoded: the text, the HTML, inline images, attachments. */
  parts: MimePart[];
  raw: string;
}

interface MimePart {
  headers: Map<string, string>;
  content: Buffer;
}

export interface SmtpPeer {
  url: string;
  received: ReceivedMail[];
  /** Delivery attempts that reached the message (DATA), whatever became of them. */
  attempts: number;
  /** Behaviours for the next attempts, in order; after them every attempt is accepted. */
  script(...behaviours: Behaviour[]): void;
  reset(): void;
  stop(): Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  let queue: Behaviour[] = [];
  const peer = {
    url: '',
    received: [] as ReceivedMail[],
    attempts: 0,
    script: (...behaviours: Behaviour[]) => {
      queue.push(...behaviours);
    },
    reset: () => {
      queue = [];
      peer.received = [];
      peer.attempts = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: SMTPServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    onData(stream, session, callback) {
      peer.attempts++;
      const behaviour = queue.shift() ?? 'accept';
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        // Mid-message: the client has started on the body and never hears back.
        if (behaviour === 'drop') [...server.connections].find((c) => c.id === session.id)?._socket.destroy();
      });
      stream.on('end', () => {
        if (behaviour === 'drop') return;
        if (typeof behaviour === 'object') return callback(Object.assign(new Error(`scripted ${behaviour.reply}`), { responseCode: behaviour.reply }));
        const raw = Buffer.concat(chunks).toString('utf8');
        peer.received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          ...parseMessage(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return peer;
}

// ------------------------------------------------------------ MIME, as much as nodemailer's output needs

function splitHead(entity: string): { headers: Map<string, string>; body: string } {
  const at = entity.indexOf('\r\n\r\n');
  const head = entity.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: entity.slice(at + 4) };
}

function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(soft.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words, as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** The leaf entities of `entity`, depth first: a multipart's parts, each of which may be a multipart again. */
function leaves(entity: { headers: Map<string, string>; body: string }): { headers: Map<string, string>; body: string }[] {
  const boundary = /boundary="?([^";]+)"?/.exec(entity.headers.get('content-type') ?? '')?.[1];
  if (!boundary) return [entity];
  return entity.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((p) => leaves(splitHead(p.replace(/^\r\n/, ''))));
}

function decodeBytes(headers: Map<string, string>, body: string): Buffer {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  return encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(decodeBody(headers, body), 'utf8');
}

export function parseMessage(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'text' | 'html' | 'parts'> {
  const { headers, body } = splitHead(raw);
  const parts = leaves({ headers, body });
  const partOf = (type: string) => {
    const part = parts.find((p) => (p.headers.get('content-type') ?? '').startsWith(type) && !(p.headers.get('content-disposition') ?? '').startsWith('attachment'));
    return part ? decodeBody(part.headers, part.body) : '';
  };
  return {
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: partOf('text/plain'),
    html: partOf('text/html'),
    parts: parts.map((p) => ({ headers: p.headers, content: decodeBytes(p.headers, p.body) })),
  };
}
