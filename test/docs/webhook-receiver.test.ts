import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';

/**
 * The receiver docs/api.md shows (docs/examples/webhook-receiver.mjs) runs as written: started as a
 * reader would start it, it takes a delivery signed as brandradar signs one (204) and refuses one
 * whose body or signature was changed, or that is too old (401). api.md shows the very file.
 */
const DOCS = path.resolve(__dirname, '..', '..', 'docs');
const RECEIVER = path.join(DOCS, 'examples', 'webhook-receiver.mjs');
const SECRET = `whsec_${randomBytes(32).toString('base64')}`;

let receiver: ChildProcessWithoutNullStreams;
let url: string;
/** Everything the receiver printed so far. */
let printed = '';
/** Resolves once the receiver has printed a line matching `pattern`. */
let waitFor: (pattern: RegExp) => Promise<RegExpMatchArray>;

beforeAll(async () => {
  receiver = spawn(process.execPath, [RECEIVER], { env: { ...process.env, WEBHOOK_SECRET: SECRET, PORT: '0' } });
  const waiting = new Set<() => void>();
  receiver.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    printed += chunk;
    for (const check of waiting) check();
  });
  waitFor = (pattern) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const match = printed.match(pattern);
        if (match) {
          waiting.delete(check);
          resolve(match);
        }
      };
      waiting.add(check);
      receiver.once('exit', (code) => reject(new Error(`the receiver exited (${code}) before printing ${pattern}: ${printed}`)));
      check();
    });
  const [, port] = await waitFor(/listening on port (\d+)/);
  url = `http://127.0.0.1:${port}/`;
});
afterAll(() => {
  receiver?.kill();
});

const body = JSON.stringify({ type: 'brief.finished', timestamp: '2026-11-22T09:00:00.000Z', data: { brief: { summary: '__proto__ $x monday.com 🚀' } } });

/** The delivery brandradar would send: the body with its Standard Webhooks headers. */
function signed(id: string, at = new Date(), secret = SECRET) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
    'content-type': 'application/json',
  };
}
const post = (headers: Record<string, string>, payload = body) => fetch(url, { method: 'POST', headers, body: payload });

it('answers 204 to a delivery signed with its secret, and hands the event on', async () => {
  const id = `msg_${randomBytes(16).toString('hex')}`;
  const res = await post(signed(id));
  expect(res.status).toBe(204);
  const [line] = await waitFor(new RegExp(`.*${id}.*`));
  expect(JSON.parse(line)).toEqual({ id, type: 'brief.finished', timestamp: '2026-11-22T09:00:00.000Z' });
});

it('answers 401 to a changed body, another secret, an old timestamp or no signature', async () => {
  const id = `msg_${randomBytes(16).toString('hex')}`;
  const tampered = await post(signed(id), body.replace('monday.com', 'tuesday.com'));
  const otherSecret = await post(signed(id, new Date(), `whsec_${randomBytes(32).toString('base64')}`));
  const old = await post(signed(id, new Date(Date.now() - 10 * 60_000)));
  const unsigned = await post({ 'content-type': 'application/json' });
  expect([tampered.status, otherSecret.status, old.status, unsigned.status]).toEqual([401, 401, 401, 401]);
  expect(printed).not.toContain(id);
});

it('is the receiver docs/api.md shows, character for character', () => {
  expect(fs.readFileSync(path.join(DOCS, 'api.md'), 'utf8')).toContain(`\`\`\`js\n${fs.readFileSync(RECEIVER, 'utf8')}\`\`\`\n`);
});
