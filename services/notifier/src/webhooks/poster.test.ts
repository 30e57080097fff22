import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { eventually } from '../../../../test/support/eventually';
import { createWebhookPoster, type PostOutcome, type WebhookPost, type WebhookPoster } from './poster';
import { newWebhookSecret, signedHeaders } from './signing';
import { refusedTarget, type LookupAll } from './target';

const MESSAGE_ID = 'msg_0123456789abcdefABCDEF0123456789';
const BODY = JSON.stringify({ type: 'tracker.paused', timestamp: '2026-11-28T14:00:00.000Z', data: { tracker: { name: 'monday.com $x __proto__ 🚀' } } });

/** A local peer that counts the connections made to it and the bytes it got, whatever it answers. */
interface Peer {
  url: string;
  port: number;
  connections: number;
  bytesReceived: number;
  /** Sockets that have closed: a hostile peer's socket must not outlive the attempt. */
  closed: number;
  close(): Promise<void>;
}

const peers: Peer[] = [];
const posters: WebhookPoster[] = [];
afterEach(async () => {
  for (const poster of posters.splice(0)) poster.close();
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});

function counting(server: net.Server, path = '/hook'): Promise<Peer> {
  const sockets = new Set<net.Socket>();
  const peer: Peer = {
    url: '',
    port: 0,
    connections: 0,
    bytesReceived: 0,
    closed: 0,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  server.on('connection', (socket: net.Socket) => {
    peer.connections++;
    sockets.add(socket);
    socket.on('data', (chunk: Buffer) => (peer.bytesReceived += chunk.length));
    // A poster that gives up may reset the connection (ECONNRESET here); its 'close' still counts it.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      peer.closed++;
      sockets.delete(socket);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      peer.port = (server.address() as AddressInfo).port;
      peer.url = `http://127.0.0.1:${peer.port}${path}`;
      peers.push(peer);
      resolve(peer);
    }),
  );
}

/** An HTTP receiver on loopback. */
const receiver = (handle: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void) =>
  counting(
    http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => handle(req, Buffer.concat(chunks).toString('utf8'), res));
    }),
  );

/** A TCP peer that does whatever `behave` does with each connection, HTTP or not. */
const rawPeer = (behave: (socket: net.Socket) => void) => counting(net.createServer(behave));

/** Calls `then` once the first request's head and body (ending in BODY) have arrived. */
const onRequest = (then: (socket: net.Socket) => void) => (socket: net.Socket) => {
  let got = '';
  socket.on('data', (chunk: Buffer) => {
    got += chunk.toString('latin1');
    if (got.endsWith(Buffer.from(BODY).toString('latin1'))) then(socket);
  });
};

function poster(options: Partial<Parameters<typeof createWebhookPoster>[0]> = {}): WebhookPoster {
  const created = createWebhookPoster({ allowPrivate: true, timeoutMs: 10_000, maxResponseBytes: 4096, ...options });
  posters.push(created);
  return created;
}

function delivery(url: string, secret = newWebhookSecret(), body = BODY): WebhookPost {
  return { url, body, headers: signedHeaders(secret, MESSAGE_ID, new Date(), body) };
}

describe('posting a delivery', () => {
  it('POSTs the body with the signed headers, which the receiver verifies with its secret', async () => {
    const secret = newWebhookSecret();
    const verified: unknown[] = [];
    const peer = await receiver((req, body, res) => {
      try {
        verified.push({ method: req.method, path: req.url, id: req.headers['webhook-id'], agent: req.headers['user-agent'], event: new Webhook(secret).verify(body, req.headers as Record<string, string>) });
        res.writeHead(204).end();
      } catch (err) {
        res.writeHead(401).end(`signature check failed: ${(err as Error).message}`);
      }
    });

    const outcome = await poster().post(delivery(peer.url, secret));
    expect(outcome).toEqual({ ok: true, httpStatus: 204, durationMs: expect.any(Number), error: null });
    expect(verified).toEqual([{ method: 'POST', path: '/hook', id: MESSAGE_ID, agent: expect.stringMatching(/^Brandradar-Webhooks\//), event: JSON.parse(BODY) }]);

    const tampered = { ...delivery(peer.url, secret), body: BODY.replace('paused', 'deleted') };
    await expect(poster().post(tampered)).resolves.toMatchObject({ ok: false, httpStatus: 401, error: 'HTTP 401: signature check failed: No matching signature found' });
  });

  it('counts only a 2xx as success', async () => {
    const statuses = [200, 201, 202, 204, 299, 400, 404, 410, 429, 500, 503];
    const peer = await receiver((req, _body, res) => res.writeHead(Number(req.url?.slice(1))).end());
    const outcomes = await Promise.all(statuses.map((status) => poster().post(delivery(`${peer.url.replace('/hook', '')}/${status}`))));
    expect(outcomes.map(({ ok, httpStatus }) => [httpStatus, ok])).toEqual(statuses.map((status) => [status, status < 300]));
    expect(outcomes.find((o) => o.httpStatus === 503)?.error).toBe('HTTP 503');
  });

  it('never follows a redirect: a 3xx is a failed attempt naming where it pointed, cut short', async () => {
    const elsewhere = await receiver((_req, _body, res) => res.writeHead(200).end());
    const location = `${elsewhere.url}?from=\there&${'a'.repeat(400)}`;
    const peer = await receiver((req, _body, res) => res.writeHead(Number(req.url?.slice(1)), { location }).end());
    const shown = `${location.replace('\t', ' ').slice(0, 200)}…`;
    for (const status of [301, 302, 303, 307, 308]) {
      const outcome = await poster().post(delivery(`${peer.url.replace('/hook', '')}/${status}`));
      expect(outcome).toMatchObject({ ok: false, httpStatus: status, error: `redirects are not followed (${status} to ${shown})` });
    }
    expect(elsewhere.connections).toBe(0);
  });

  it('keeps the start of a failed answer on one line, without the signature the receiver echoed', async () => {
    const peer = await receiver((req, _body, res) =>
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`Boom:\r\n\tgot ${String(req.headers['webhook-signature'])}\u202e\u0000 then ${'é'.repeat(400)}`),
    );
    const post = delivery(peer.url);
    const outcome = await poster().post(post);
    const signature = post.headers['webhook-signature']?.slice(3) ?? '';
    expect(signature).toHaveLength(44);
    expect(outcome.httpStatus).toBe(500);
    expect(outcome.error).toBe(`HTTP 500: Boom: got v1,[signature] then ${'é'.repeat(300 - 'Boom: got v1,[signature] then '.length)}…`);
    expect(outcome.error).not.toContain(signature);
  });

  it('says why when there is no answer at all', async () => {
    const gone = await receiver(() => undefined);
    await gone.close();
    peers.splice(peers.indexOf(gone), 1);
    await expect(poster().post(delivery(gone.url))).resolves.toMatchObject({ ok: false, httpStatus: null, error: `no response: connect ECONNREFUSED 127.0.0.1:${gone.port}` });

    const hangsUp = await rawPeer(onRequest((socket) => socket.destroy()));
    await expect(poster().post(delivery(hangsUp.url))).resolves.toMatchObject({ httpStatus: null, error: 'the connection closed before a response' });

    const notHttp = await rawPeer(onRequest((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n\r\n')));
    await expect(poster().post(delivery(notHttp.url))).resolves.toMatchObject({ httpStatus: null, error: expect.stringMatching(/^the response was not valid HTTP \(HPE_[A-Z_]+\)$/) });

    const bigHead = await rawPeer(onRequest((socket) => socket.end(`HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`)));
    await expect(poster().post(delivery(bigHead.url))).resolves.toMatchObject({ ok: false, httpStatus: null, error: 'the response headers were too large' });
  });
});

describe('hostile receivers', () => {
  const TIMEOUT_MS = 300;

  it('one that never answers: the attempt ends at the timeout and its socket is closed', async () => {
    const peer = await rawPeer(() => undefined);
    const outcome = await poster({ timeoutMs: TIMEOUT_MS }).post(delivery(peer.url));
    expect(outcome).toMatchObject({ ok: false, httpStatus: null, error: 'no response within 0.3 s' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 1);
    expect(outcome.durationMs).toBeLessThan(TIMEOUT_MS + 2_000);
    await eventually(async () => peer.closed, (closed) => closed === 1);
  });

  it('one that drips its status line and headers: the timeout covers them', async () => {
    const drips: NodeJS.Timeout[] = [];
    const peer = await rawPeer(
      onRequest((socket) => {
        socket.write('HTTP/1.1 200 OK\r\nX-Slow: ');
        drips.push(setInterval(() => socket.writable && socket.write('a'), 20));
      }),
    );
    try {
      await expect(poster({ timeoutMs: TIMEOUT_MS }).post(delivery(peer.url))).resolves.toMatchObject({ ok: false, httpStatus: null, error: 'no response within 0.3 s' });
      await eventually(async () => peer.closed, (closed) => closed === 1);
    } finally {
      drips.forEach(clearInterval);
    }
  });

  it('one that drips a failed answer: the attempt ends at the timeout with what came', async () => {
    const drips: NodeJS.Timeout[] = [];
    const peer = await receiver((_req, _body, res) => {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.write('slow');
      drips.push(setInterval(() => res.writable && res.write('.'), 20));
    });
    try {
      const outcome = await poster({ timeoutMs: TIMEOUT_MS }).post(delivery(peer.url));
      expect(outcome).toMatchObject({ ok: false, httpStatus: 503, error: expect.stringMatching(/^HTTP 503: slow\.*$/) });
      expect(outcome.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 1);
      await eventually(async () => peer.closed, (closed) => closed === 1);
    } finally {
      drips.forEach(clearInterval);
    }
  });

  it('one that answers 10 MB: only maxResponseBytes are read, then the socket is dropped', async () => {
    const tenMegabytes = Buffer.alloc(10 * 1024 * 1024, 'x');
    const peer = await receiver((req, _body, res) => res.writeHead(Number(req.url?.slice(1))).end(tenMegabytes));
    // A timeout far above what reading 4 KiB takes: the attempt must end at the byte limit, not at the timer.
    const slowTimeout = poster({ timeoutMs: 60_000, maxResponseBytes: 4096 });
    const failed = await slowTimeout.post(delivery(`${peer.url.replace('/hook', '')}/500`));
    expect(failed).toMatchObject({ ok: false, httpStatus: 500, error: `HTTP 500: ${'x'.repeat(300)}…` });
    expect(failed.durationMs).toBeLessThan(10_000);
    const succeeded = await slowTimeout.post(delivery(`${peer.url.replace('/hook', '')}/200`));
    expect(succeeded).toMatchObject({ ok: true, httpStatus: 200, error: null });
    expect(succeeded.durationMs).toBeLessThan(10_000);
    await eventually(async () => peer.closed, (closed) => closed === 2);
  });

  it('one that closes mid-answer: the attempt ends at once with the part that came', async () => {
    const peer = await rawPeer(onRequest((socket) => socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 1000\r\n\r\npartial answer')));
    const outcome = await poster({ timeoutMs: 60_000 }).post(delivery(peer.url));
    expect(outcome).toMatchObject({ ok: false, httpStatus: 502, error: 'HTTP 502: partial answer' });
    expect(outcome.durationMs).toBeLessThan(10_000);
  });
});

describe('refused targets at delivery (allowPrivate false)', () => {
  /** A peer on loopback: reachable with private targets allowed, so that getting nothing without means the poster refused. */
  async function loopbackPeer(): Promise<Peer> {
    const peer = await rawPeer((socket) => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n'));
    await expect(poster().post(delivery(peer.url))).resolves.toMatchObject({ ok: true });
    await eventually(async () => peer.closed, (closed) => closed === 1);
    peer.connections = 0;
    peer.bytesReceived = 0;
    return peer;
  }
  const expectNothingSent = (peer: Peer) => expect({ connections: peer.connections, bytesReceived: peer.bytesReceived }).toEqual({ connections: 0, bytesReceived: 0 });
  const refused = (outcome: PostOutcome, error: string | RegExp) => expect(outcome).toEqual({ ok: false, httpStatus: null, durationMs: expect.any(Number), error: typeof error === 'string' ? error : expect.stringMatching(error) });

  it('refuses http:// and loopback addresses before any byte is sent', async () => {
    const peer = await loopbackPeer();
    const strict = poster({ allowPrivate: false });
    refused(await strict.post(delivery(`http://127.0.0.1:${peer.port}/hook`)), 'not sent: the URL must be an https:// URL');
    refused(await strict.post(delivery(`https://127.0.0.1:${peer.port}/hook`)), 'not sent: the URL must point to a public address; 127.0.0.1 is a loopback address');
    refused(
      await strict.post(delivery(`https://[::ffff:127.0.0.1]:${peer.port}/hook`)),
      'not sent: the URL must point to a public address; ::ffff:7f00:1 is an IPv4-mapped address of 127.0.0.1, a loopback address',
    );
    refused(await strict.post(delivery(`https://localhost:${peer.port}/hook`)), /^not sent: the URL must point to a public address; localhost resolves to (127\.0\.0\.1|::1), a loopback address$/);
    expectNothingSent(peer);
  });

  it('checks the address again when connecting, so a name that rebinds to loopback after it was accepted gets nothing', async () => {
    const peer = await loopbackPeer();
    const answers = [['93.184.216.34'], ['93.184.216.34', '127.0.0.1']];
    const rebinding: LookupAll = async () => (answers.shift() ?? ['127.0.0.1']).map((address) => ({ address, family: 4 }));
    const url = `https://hooks.example.com:${peer.port}/hook`;
    await expect(refusedTarget(url, { allowPrivate: false }, rebinding)).resolves.toBeNull();
    refused(
      await poster({ allowPrivate: false, lookup: rebinding }).post(delivery(url)),
      'not sent: the URL must point to a public address; hooks.example.com resolves to 127.0.0.1, a loopback address',
    );
    expectNothingSent(peer);
  });
});

describe('cancelling', () => {
  it('ends an attempt in flight when its signal aborts, and every attempt when the poster closes', async () => {
    const peer = await rawPeer(() => undefined);
    const posting = poster();
    const cancelled = new AbortController();
    const first = posting.post(delivery(peer.url), cancelled.signal);
    const second = posting.post(delivery(peer.url));
    await eventually(async () => ({ connections: peer.connections, bytes: peer.bytesReceived }), ({ connections, bytes }) => connections === 2 && bytes >= 2 * BODY.length);
    cancelled.abort();
    await expect(first).resolves.toMatchObject({ ok: false, httpStatus: null, error: 'cancelled before a response' });
    posting.close();
    await expect(second).resolves.toMatchObject({ ok: false, httpStatus: null, error: 'the notifier shut down before a response' });
    await expect(posting.post(delivery(peer.url))).resolves.toMatchObject({ ok: false, error: 'not sent: the notifier is shutting down' });
    const aborted = new AbortController();
    aborted.abort();
    await expect(poster().post(delivery(peer.url), aborted.signal)).resolves.toMatchObject({ ok: false, error: 'not sent: cancelled' });
    await eventually(async () => peer.closed, (closed) => closed === 2);
    expect(peer.connections).toBe(2);
  });
});
