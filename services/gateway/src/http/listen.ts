import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type Server } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import { ERROR_STATUS, apiError, type ApiError } from '@brandradar/contracts';

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
    answerUnparsableRequests(server);
  });
}

/**
 * Stops taking connections and lets the kept-alive ones go on their own: a request that arrives
 * on one during the drain is answered, with `Connection: close`, so its client opens the next
 * connection to another replica. `server.close()` would close the idle ones at once, and a client
 * sending on one of them just then gets no answer at all (a failed request in a rolling upgrade).
 * After `drainMs` idle connections are closed, and so is each one that becomes idle later (one whose
 * request was in flight when the drain began); requests in flight are still answered.
 */
export function drainServer(server: Server, drainMs: number): Promise<void> {
  server.prependListener('request', (_req, res) => {
    res.shouldKeepAlive = false;
  });
  return new Promise((resolve) => {
    let sweep: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      server.closeIdleConnections();
      sweep = setInterval(() => server.closeIdleConnections(), 250);
    }, drainMs);
    // net.Server's close: stop listening, call back once the last connection has ended (http.Server's
    // own close would first close the idle connections).
    net.Server.prototype.close.call(server, () => {
      clearTimeout(timer);
      clearInterval(sweep);
      resolve();
    });
  });
}

/**
 * A request Node cannot parse never reaches express, and Node's own answer is a bare status line.
 * Ours is the contract's error body with an `X-Request-Id`, then the connection closes. A socket
 * still sending an earlier (pipelined) response gets nothing more written into it: it is closed.
 */
function answerUnparsableRequests(server: Server): void {
  const answering = new WeakSet<Duplex>();
  server.on('request', (req, res) => {
    answering.add(req.socket);
    res.on('close', () => answering.delete(req.socket));
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable || answering.has(socket)) return void socket.destroy();
    const error = clientErrorOf(err.code);
    const status = ERROR_STATUS[error.code];
    const body = JSON.stringify({ error });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${randomUUID()}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/** Node's parser error codes (llhttp's HPE_*), in the contract's terms. */
function clientErrorOf(code: string | undefined): ApiError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return apiError('headers_too_large', 'The request headers are over 16 KiB in total.');
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return apiError('payload_too_large', 'The chunk extensions of the request body are too large.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return apiError('request_timeout', 'The request headers did not arrive in time.');
    default:
      return apiError('bad_request', 'The request is not valid HTTP/1.1.');
  }
}
