import net from 'node:net';
import { backoffDelayMs, sleep } from '@brandradar/platform';

/** Probes start quickly (a process is often ready within tens of milliseconds) and settle at about one a second. */
const PROBE_BACKOFF = { baseMs: 50, maxMs: 1_000 };

/** A TCP port that was free on loopback a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
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
