import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { closeServer } from '@brandradar/platform';
import { drainServer, listen } from './listen';

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

/** Sends `raw` bytes on a fresh connection and resolves with everything the server wrote before closing. */
function exchange(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(raw));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('a request Node cannot parse', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    const app = express();
    app.get('/', (_req, res) => res.send('ok'));
    server = await listen(app, 0, 65_000);
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => closeServer(server));

  it.each([
    ['headers over 16 KiB', `GET / HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'headers_too_large'],
    ['a malformed request line', 'GET / HTTP/9\r\n\r\n', 400, 'bad_request'],
    ['a header without a colon', 'GET / HTTP/1.1\r\nHost x\r\n\r\n', 400, 'bad_request'],
  ])('answers %s in the contract error shape with a request id, then closes', async (_what, raw, status, code) => {
    const answer = await exchange(port, raw);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(head).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/);
    expect(head).toMatch(/\r\nConnection: close(\r\n|$)/);
    expect(JSON.parse(body!)).toEqual({ error: { code, message: expect.any(String) } });
  });

  it('still answers a well-formed request on the same server', async () => {
    expect(await exchange(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('draining the listener (a rolling upgrade)', () => {
  async function started(): Promise<{ server: http.Server; port: number; agent: http.Agent }> {
    const app = express();
    app.get('/', (_req, res) => res.send('ok'));
    const server = await listen(app, 0, 65_000);
    return { server, port: (server.address() as AddressInfo).port, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) };
  }

  it('answers a request sent on a kept-alive connection during the drain, with Connection: close, and takes no new connection', async () => {
    const { server, port, agent } = await started();
    try {
      expect(await get(port, agent)).toMatchObject({ connection: 'keep-alive' });
      const drained = drainServer(server, 60_000);
      // The same (idle, pooled) connection: closing it at once would have failed this request.
      expect(await get(port, agent)).toMatchObject({ connection: 'close' });
      await drained;
      await expect(get(port, new http.Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      agent.destroy();
    }
  });

  it('closes a connection still idle when the drain time is up', async () => {
    const { server, port, agent } = await started();
    expect(await get(port, agent)).toMatchObject({ connection: 'keep-alive' });
    const [socket] = Object.values(agent.freeSockets).flat();
    const closed = new Promise((resolve) => socket!.once('close', resolve));
    await drainServer(server, 100);
    await closed;
    agent.destroy();
  });
});
