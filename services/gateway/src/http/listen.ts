import type { Server } from 'node:http';
import type { Express } from 'express';

/**
 * Serves `app` on `port`. Idle client connections stay open `keepAliveTimeoutMs`, which must be
 * longer than the idle timeout of the load balancer or ingress in front (60 s for most): a proxy
 * that reuses a connection the gateway has just closed answers its client 502. The request
 * headers may take 1 s more (Node requires headersTimeout above keepAliveTimeout).
 */
export function listen(app: Express, port: number, keepAliveTimeoutMs: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, (err?: Error) => (err ? reject(err) : resolve(server)));
    server.keepAliveTimeout = keepAliveTimeoutMs;
    server.headersTimeout = keepAliveTimeoutMs + 1_000;
  });
}
