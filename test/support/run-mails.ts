import fs from 'node:fs';
import path from 'node:path';
import { parseMessage, type ReceivedMail } from './smtp-peer';

/** Run-finished e-mails per run id (the e-mail ends "Full results: GET /api/v1/trackers/<id>/runs/<run id>"). */
export function runFinishedMails(received: Pick<ReceivedMail, 'headers' | 'text'>[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of received) {
    if (mail.headers.get('x-brandradar-template') !== 'run_finished') continue;
    const id = /Full results: GET \/api\/v1\/trackers\/[0-9a-f-]{36}\/runs\/([0-9a-f-]{36})/.exec(mail.text)?.[1] ?? 'without a run link';
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** The e-mails a mail catcher kept as `.eml` files in `dir` (the local cluster's relay, `npm start`'s). */
export function mailsIn(dir: string): ReturnType<typeof parseMessage>[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => parseMessage(fs.readFileSync(path.join(dir, name), 'utf8')));
}
