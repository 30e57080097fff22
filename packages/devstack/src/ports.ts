import net from 'node:net';

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
  for (let delay = 25; Date.now() < deadline; delay = Math.min(delay * 2, 500)) {
    try {
      await probe();
      return;
    } catch (e) {
      lastError = e;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
  throw new Error(`${what} did not become ready within ${timeoutMs} ms: ${(lastError as Error)?.message ?? lastError}`);
}
