import type { Request } from 'express';
import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { BrandradarClient } from '@brandradar/client';
import { brandradarMcpServer } from '@brandradar/mcp';
import { DomainError } from '@brandradar/platform';
import { bearerToken } from '../auth';
import { principalOf } from './app';

/** Where the gateway serves the Model Context Protocol (Streamable HTTP) to agents. */
export const MCP_PATH = '/mcp';

/**
 * The gateway's own public API as this request reached it: the address and port it came in on, so
 * tool calls take the same server whatever port or interface the gateway listens on.
 */
function loopbackUrl(req: Request): string {
  const address = req.socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${req.socket.localPort}`;
}

/**
 * MCP over Streamable HTTP, stateless: each POST gets its own server whose tools call the public
 * API with the caller's key, so the key's account, the API's checks and its rate limits apply to
 * every tool call as to any other request. Mounted behind the app's authentication. GET (a stream
 * of server messages) and DELETE (ending a session) mean nothing without sessions: 405.
 */
export function mcpRouter(): express.Router {
  const router = express.Router();
  router.post('/', (req, res, next) => {
    // The app's authentication has accepted this key, so it is there.
    const apiKey = bearerToken(req) ?? '';
    // No retries here: a refusal (429 too) reaches the agent at once, which decides whether to wait.
    const client = new BrandradarClient({ baseUrl: loopbackUrl(req), apiKey, retry: { maxRetries: 0 } });
    // Behind the app's authentication, so there is a principal; a read key is offered the read tools only.
    const server = brandradarMcpServer(client, principalOf(res)?.scopes ?? []);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.once('close', () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res, req.body))
      .catch(next);
  });
  router.all('/', (req, res, next) => {
    res.setHeader('Allow', 'POST, OPTIONS');
    if (req.method === 'OPTIONS') return res.status(204).end();
    next(DomainError.of('method_not_allowed', `${req.method} is not allowed here; MCP over Streamable HTTP is served statelessly, by POST.`));
  });
  return router;
}
