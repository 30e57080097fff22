import fs from 'node:fs';
import net from 'node:net';
import { backoffDelayMs, sleep } from '@brandradar/platform';

/** Probes start quickly (a process is often ready within tens of milliseconds) and settle at about one a second. */
const PROBE_BACKOFF = { baseMs: 50, maxMs: 1_000 };

/**
 * Where the kernel picks the local ports of outgoing connections (and of `listen(0)`): Linux's
 * `ip_local_port_range`, 32768–60999 by default.
 */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && high) return [low, high];
  } catch {
    // not Linux: the range the IANA reserves for them
  }
  return [49152, 65535];
}

/**
 * Ports the Fetch standard blocks (https://fetch.spec.whatwg.org/#port-blocking): Node's `fetch`
 * and browsers refuse them with "bad port". Of that list only 10080 lies at or above 10,000, where
 * `freePort` draws.
 */
const FETCH_BLOCKED_PORTS = new Set([10080]);

/** Listens on `port` on every address for a moment; true when nothing else had it. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/**
 * A TCP port that was free on every address a moment ago, chosen at random below the ephemeral
 * range. A port from `listen(0)` (as before) lies inside that range, so between the probe and the
 * caller's own listen an outgoing connection of any process, or another test's `listen(0)`, could
 * take it: the suite saw `EADDRINUSE` that way. Below the range only another caller of this
 * function can, by drawing the same port from thousands at the same moment.
 */
export async function freePort(): Promise<number> {
  const [ephemeralLow, ephemeralHigh] = ephemeralRange();
  const [low, high] = ephemeralLow > 11_024 ? [10_000, ephemeralLow] : [ephemeralHigh + 1, 65_536];
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (!FETCH_BLOCKED_PORTS.has(port) && (await bindable(port))) return port;
  }
  throw new Error(`no free TCP port found in ${low}–${high - 1} after 100 tries`);
}

/** Polls `probe` until it succeeds or `timeoutMs` passes; the error names what never became ready. */
export async function waitUntil(what: string, probe: () => Promise<unknown>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (let attempt = 1; Date.now() < deadline; attempt++) {
    try {
      await probe();
      return;
    } catch (e) {
      lastError = e;
      await sleep(backoffDelayMs(attempt, PROBE_BACKOFF));
    }
  }
  throw new Error(`${what} did not become ready within ${timeoutMs} ms: ${(lastError as Error)?.message ?? lastError}`);
}
