import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP proxy on loopback that holds every request for `delayMs` before
 * passing it to `target`: a provider that answers slowly, for tests of
 * timeouts, ack waits and crashes in the middle of provider calls.
 */
export async function startSlowProxy(
  target: string,
  delayMs: number,
): Promise<{ baseUrl: string; received: number; receivedWith(text: string): number; close(): Promise<void> }> {
  const base = new URL(target);
  const state = { received: 0 };
  // Bodies kept so that a test counts only its own calls, not those of runs an earlier test left in flight.
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    state.received++;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      setTimeout(() => {
        const upstream = http.request(
          { host: base.hostname, port: base.port, method: req.method, path: req.url, headers: req.headers },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        upstream.on('error', () => res.destroy());
        upstream.end(Buffer.concat(chunks));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${base.pathname}`,
    get received() {
      return state.received;
    },
    receivedWith: (text: string) => bodies.filter((body) => body.includes(text)).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
