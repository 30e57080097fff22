import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

/** What the operations port serves; probes and scrapes, so not traced. */
export const OPS_PATHS: readonly string[] = ['/livez', '/readyz', '/metrics'];

export type ReadinessCheck = () => Promise<boolean> | boolean;

/**
 * The operations port: `/livez` says the process runs (it never looks at
 * dependencies, so a database blip does not restart pods), `/readyz` says its
 * connections work, `/metrics` is for Prometheus.
 */
export async function startOpsServer(port: number, registry: Registry, checks: Record<string, ReadinessCheck>): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0];
      if (path === '/livez') return send(res, 200, { status: 'ok' });
      if (path === '/readyz') {
        const results = Object.fromEntries(
          await Promise.all(Object.entries(checks).map(async ([name, check]) => [name, await Promise.resolve().then(check).catch(() => false)] as const)),
        );
        const ready = Object.values(results).every(Boolean);
        return send(res, ready ? 200 : 503, { status: ready ? 'ready' : 'not_ready', checks: results });
      }
      if (path === '/metrics') {
        res.writeHead(200, { 'Content-Type': registry.contentType });
        return res.end(await registry.metrics());
      }
      send(res, 404, { error: { code: 'not_found', message: 'Unknown path.' } });
    })().catch(() => send(res, 500, { error: { code: 'internal_error', message: 'Something went wrong on our side.' } }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, resolve);
  });
  return server;
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

export function listeningPort(server: http.Server): number {
  return (server.address() as AddressInfo).port;
}

export function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
