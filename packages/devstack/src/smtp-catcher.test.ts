import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher';

let catcher: SmtpCatcher;
let dir: string;
const kept: string[] = [];

beforeAll(async () => {
  dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'smtp-catcher-')), 'mail');
  catcher = await startSmtpCatcher({ port: 0, dir, onMessage: (file) => kept.push(file) });
});
afterAll(async () => {
  await catcher.stop();
  fs.rmSync(path.dirname(dir), { recursive: true, force: true });
});

it('keeps every message it is sent as an .eml file, with its envelope in front', async () => {
  const transport = nodemailer.createTransport({ url: catcher.url });
  const message = { from: 'Brandradar <reports@brandradar.localhost>', subject: 'Tracker Demo is active', text: 'Accepted maximum per run: $0.39', html: '<p>Accepted maximum per run: $0.39</p>' };
  await transport.sendMail({ ...message, to: 'demo@example.com' });
  await transport.sendMail({ ...message, to: 'other@example.com', bcc: 'audit@example.com' });
  transport.close();

  const files = fs.readdirSync(dir).sort();
  expect(files).toHaveLength(2);
  expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
  expect(kept.map((f) => path.basename(f)).sort()).toEqual(files);
  const [first, second] = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
  expect(first).toMatch(/^Return-Path: <reports@brandradar\.localhost>\r\nDelivered-To: demo@example\.com\r\n/);
  expect(first).toContain('Subject: Tracker Demo is active');
  expect(first).toContain('Accepted maximum per run: $0.39');
  expect(first).toMatch(/Content-Type: text\/html/);
  // The Bcc recipient is in the envelope only, which is where the file shows it.
  expect(second).toMatch(/^Return-Path: <reports@brandradar\.localhost>\r\nDelivered-To: other@example\.com\r\nDelivered-To: audit@example\.com\r\n/);
});

it('tells where it listens', () => {
  expect(catcher.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
  expect(catcher.dir).toBe(dir);
});
