import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for `vertexaisearch.cloud.google.com`, the host of Gemini's grounding
 * redirects: point `GEMINI_REDIRECT_BASE_URL` (or the client's `redirects.origin`) at `origin`.
 * It answers each request as `reply(path)` says and counts what it saw, so tests wait on its
 * counters, never on the clock.
 */

/**
 * `redirect`: that status with `Location`; `status`: that status and nothing else; `hang`: never
 * answers; `endless`: a 302 with `Location`, then a body streamed for as long as the connection
 * lasts, written past the HTTP layer so that it is sent whatever the method (the client must not
 * read it).
 */
export type RedirectPeerReply = { redirect: string; status?: number } | { status: number } | { hang: true } | { endless: string };

export type GroundingRedirectPeer = {
  origin: string;
  requests: { method: string; path: string }[];
  /** Requests answered or hung on and not yet closed by the client. */
  inFlight: number;
  /**
   * When each request arrived (performance.now(), ms), in order. A limit on the client's concurrency
   * shows here: counting requests in flight would not, since the peer learns that the client gave
   * one up only some time after it did.
   */
  arrivedAt: number[];
  /** Connections the client closed while the peer was still streaming a body to it. */
  endlessClosed: number;
  close(): Promise<void>;
};

/** A grounding redirect with this token, as Gemini writes them. */
export const groundingRedirect = (token: string) => `https://vertexaisearch.cloud.google.com/grounding-api-redirect/${token}`;

export async function startGroundingRedirectPeer(reply: (path: string) => RedirectPeerReply): Promise<GroundingRedirectPeer> {
  const server = createServer((req, res) => answer(req, res));
  const peer: GroundingRedirectPeer = {
    origin: '',
    requests: [],
    inFlight: 0,
    arrivedAt: [],
    endlessClosed: 0,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  function answer(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://peer');
    peer.requests.push({ method: req.method ?? 'GET', path: `${url.pathname}${url.search}` });
    peer.arrivedAt.push(performance.now());
    peer.inFlight++;
    res.once('close', () => peer.inFlight--);
    const scripted = reply(`${url.pathname}${url.search}`);
    if ('hang' in scripted) return;
    if ('endless' in scripted) return streamForever(res, scripted.endless);
    if ('redirect' in scripted) res.writeHead(scripted.status ?? 302, { location: scripted.redirect });
    else res.writeHead(scripted.status);
    res.end();
  }

  function streamForever(res: ServerResponse, location: string): void {
    const socket = res.socket!;
    let streaming = true;
    socket.on('error', () => undefined);
    socket.once('close', () => {
      if (streaming) peer.endlessClosed++;
      streaming = false;
    });
    socket.write(`HTTP/1.1 302 Found\r\nlocation: ${location}\r\ncontent-type: text/html\r\ntransfer-encoding: chunked\r\n\r\n`);
    const chunk = `400\r\n${'x'.repeat(0x400)}\r\n`;
    const pump = (): void => {
      while (streaming && !socket.destroyed && socket.write(chunk));
      if (streaming && !socket.destroyed) socket.once('drain', pump);
    };
    pump();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return peer;
}
