import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Account } from '@brandradar/contracts';
import { z } from 'zod';
import { DEMO_TRACKERS, seedDemoTrackers } from './demo-trackers';
import { localSettings, startLocalStack } from './local-stack';

/**
 * `npm start`: the whole system on this machine, a demo account with credits,
 * and its API key on the screen. Ctrl-C stops everything.
 */
async function main(): Promise<void> {
  const settings = localSettings();
  const nats = settings.natsNodes === 1 ? 'NATS' : `a cluster of ${settings.natsNodes} NATS servers`;
  console.log(`Starting ${nats}, FerretDB and the seven services (the first start builds the servers from Go modules; later starts reuse them)…`);
  const stack = await startLocalStack(settings);
  let stopping = false;
  const shutdown = (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    void stack.stop().then(() => process.exit(code));
  };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));
  for (const s of stack.services) s.onExit((code, signal) => {
    if (!stopping) {
      console.error(`${s.name} exited unexpectedly (${signal ?? code}); stopping the stack.`);
      shutdown(1);
    }
  });

  // A failure here must not leave the stack running without this process to stop it.
  const { apiKey, created } = await demoApiKey(settings.adminPort, settings.gatewayPort, stack.adminToken, path.join(settings.dataDir, 'demo-account.json')).catch(async (e: unknown) => {
    stopping = true;
    await stack.stop();
    throw e;
  });
  const base = `http://127.0.0.1:${settings.gatewayPort}`;
  console.log(`
────────────────────────────────────────────────────────────────────
 brandradar is running.
   Public API   ${base}/api/v1        Admin API  http://127.0.0.1:${settings.adminPort}/admin/v1
   Web app      ${base}/app           (sign in with the demo key below)
   Admin token  ${stack.adminToken}
   Data         ${settings.dataDir}
   Logs         ${stack.logDir}  (every line of every process; ${settings.verbose ? 'all of them shown here too' : 'npm start -- --verbose shows them all here'})
   E-mail       ${stack.mailDir ? `kept as .eml files in ${stack.mailDir} (open them with any mail program)` : 'sent through the relay SMTP_URL names'}
 Demo account API key (shown once; a new key is issued at every start):
   ${apiKey}
 Try:
   curl -s -H "Authorization: Bearer ${apiKey}" ${base}/api/v1/rates
 Ctrl-C stops everything.
────────────────────────────────────────────────────────────────────`);
  // A new demo account gets trackers with a short history, run in the background: the web app's
  // overview and report then have figures and changes to show from the first sign-in.
  if (created) {
    console.log(`Running ${DEMO_TRACKERS.length} demo trackers ${DEMO_RUNS} times each on the simulation: the demo account is simulated, so no provider is called whatever keys are set (about a minute)…`);
    seedDemoTrackers(base, apiKey, DEMO_RUNS, (line) => console.log(line)).catch((e: unknown) => console.error(`The demo trackers could not be set up: ${e instanceof Error ? e.message : String(e)}`));
  }
}

/** Whether the account of `apiKey` is simulated (its runs never call a provider). */
async function isSimulated(gatewayPort: number, apiKey: string): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${gatewayPort}/api/v1/account`, { headers: { Authorization: `Bearer ${apiKey}` } });
  if (res.status !== 200) throw new Error(`GET /api/v1/account answered ${res.status}`);
  return z.object({ account: Account }).parse(await res.json()).account.simulated;
}

/** Runs of each demo tracker at the first start: enough for a trend and a change. */
const DEMO_RUNS = 3;

/**
 * Creates the demo account on first start; later starts issue it a fresh key. A store started over
 * (a deleted data folder, or the move from SQLite to PostgreSQL) no longer has the account the
 * state file names: a new one is made then (under another address if the store already has a demo
 * account this file does not name).
 */
async function demoApiKey(adminPort: number, gatewayPort: number, adminToken: string, stateFile: string): Promise<{ apiKey: string; created: boolean }> {
  const admin = async (p: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${adminPort}${p}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminToken}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { apiKey?: string; account?: { id: string } };
    return { status: res.status, json, failure: () => new Error(`admin API ${p} answered ${res.status}: ${JSON.stringify(json)}`) };
  };
  if (fs.existsSync(stateFile)) {
    const { accountId } = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { accountId: string };
    const issued = await admin(`/admin/v1/accounts/${accountId}/api-keys`);
    if (issued.status === 201 && (await isSimulated(gatewayPort, issued.json.apiKey!))) return { apiKey: issued.json.apiKey!, created: false };
    if (issued.status === 201) {
      // Made before demo accounts were simulated: its trackers would call the providers whose keys are set.
      const closed = await admin(`/admin/v1/accounts/${accountId}/close`);
      if (closed.status !== 200) throw closed.failure();
      console.log(`The demo account ${accountId} could call real providers: closed it, creating a simulated one.`);
    } else if (issued.status !== 404) throw issued.failure();
    else console.log(`The demo account ${accountId} is not in this store (it was started over): creating a new one.`);
  }
  for (const email of ['demo@example.com', `demo+${randomUUID().slice(0, 8)}@example.com`]) {
    // Simulated: its runs never call a provider, whatever keys this machine has (billing and the runner enforce it).
    const created = await admin('/admin/v1/accounts', { email, name: 'Demo', creditsMicro: 10_000_000, simulated: true });
    if (created.status === 409) continue; // a demo account this file does not name
    if (created.status !== 201) throw created.failure();
    fs.writeFileSync(stateFile, JSON.stringify({ accountId: created.json.account!.id }) + '\n');
    return { apiKey: created.json.apiKey!, created: true };
  }
  throw new Error('could not create a demo account');
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
