import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { closeServer } from '@brandradar/platform';
import { listen } from './listen';

/** What a client sees: one response on a kept-alive connection, its headers and whether the socket stayed open. */
function get(port: number, agent: http.Agent): Promise<{ keepAlive: string | undefined; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get({ port, path: '/', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ keepAlive: res.headers['keep-alive']?.toString(), connection: res.headers.connection }));
      })
      .on('error', reject);
  });
}

describe('the gateway listener', () => {
  it('tells clients it keeps idle connections open for the configured time (longer than a 60 s load balancer idle timeout)', async () => {
    const app = express();
    app.get('/', (_req, res) => res.send('ok'));
    const server = await listen(app, 0, 65_000);
    const agent = new http.Agent({ keepAlive: true });
    try {
      const port = (server.address() as AddressInfo).port;
      expect(await get(port, agent)).toEqual({ keepAlive: 'timeout=65', connection: 'keep-alive' });
      expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    } finally {
      agent.destroy();
      await closeServer(server);
    }
  });
});
