// `npm start`'s terminal (issue 43): the ledger's idempotent inserts make the store log duplicate-key
// errors, by design; they go to the store's log files, not to the terminal, unless verbose.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { MongoClient } from 'mongodb';
import { freePort, psql, stackOutput, startStore, type LocalStore } from '@brandradar/devstack';
import { Ledger } from '../../services/billing/src/store/ledger';
import { eventually } from '../support/eventually';

const started: { store: LocalStore; close: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const s of started) {
    await s.store.stop();
    await s.close();
  }
});

/** A store as the local stack starts it, its terminal captured; the ledger records one entry twice. */
async function ledgerRetriedOn(verbose: boolean): Promise<{ terminal: string[]; store: LocalStore }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-output-'));
  const terminal: string[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      terminal.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const output = stackOutput({ logDir: path.join(dir, 'logs'), verbose, out });
  const store = await startStore({ kind: 'postgresql', dir, port: await freePort(), durable: false, sink: (name) => output.sink(name, 8, 'store') });
  started.push({ store, close: output.close });
  const client = await new MongoClient(store.url).connect();
  try {
    const ledger = new Ledger(client.db('ledger-retried'));
    const entry = { accountId: 'a1', kind: 'credit' as const, amountMicro: 1_000, chargedMicro: 0, reference: 'invoice-1', createdAt: new Date() };
    await ledger.record(entry);
    await ledger.record(entry); // a retried credit: the same id, a no-op
  } finally {
    await client.close();
  }
  // Both servers logged the refused insert (in their files): the terminal had it to show or hide.
  const logOf = (name: string) => async () => fs.promises.readFile(path.join(dir, 'logs', `${name}.log`), 'utf8').catch(() => '');
  await eventually(logOf('postgres'), (text) => /23505 ERROR: +duplicate key value violates unique constraint/.test(text));
  await eventually(logOf('ferretdb'), (text) => text.includes('(SQLSTATE 23505)'));
  return { terminal, store };
}

it('shows no ERROR line in the terminal for the ledger’s duplicate inserts, the store’s log files keep them, and other errors show', async () => {
  const { terminal, store } = await ledgerRetriedOn(false);
  expect(terminal.filter((line) => line.includes('ERROR'))).toEqual([]);
  // An error that is not expected, logged after the duplicates, reaches the terminal.
  await expect(psql(store.postgres!, 'SELECT 1/0')).rejects.toThrow(/division by zero/);
  await eventually(async () => terminal.filter((line) => line.includes('ERROR')), (errors) => errors.length > 0);
  expect(terminal.filter((line) => line.includes('ERROR')).every((line) => line.includes('22012'))).toBe(true);
});

it('shows them as before when verbose', async () => {
  const { terminal } = await ledgerRetriedOn(true);
  expect(terminal.filter((line) => line.includes('duplicate key value violates unique constraint')).length).toBeGreaterThanOrEqual(2);
});
