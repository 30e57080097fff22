import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startSlowProxy } from '../slow-proxy';

/**
 * Local protocol peers: tiny HTTP servers on 127.0.0.1 that answer like each
 * provider's real API (paths, auth, JSON bodies, error bodies, `Retry-After`),
 * so the real clients can be tested without the network. Point a client at one
 * through the provider's base URL setting.
 */

type RecordedRequest = { method: string; path: string; query: Record<string, string>; headers: IncomingHttpHeaders; body: unknown };
/** What the peer answers; each peer writes it in its provider's wire format. */
export type PeerAnswer = { text: string; citations: { url: string; title: string }[] };
/** A failure in the provider's own error format; 429s carry `Retry-After` when `retryAfterSeconds` is set. */
export type PeerFailure = { status: number; retryAfterSeconds?: number; message?: string };
/** A reply sent exactly as given, e.g. a malformed body, optionally late (to test timeouts). */
export type RawReply = { status: number; body: string; headers?: Record<string, string>; delayMs?: number };

export type ProtocolPeer = {
  /** The value for the provider's base URL setting. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** The next requests fail, in this order; later ones are answered normally. */
  failNext(...failures: PeerFailure[]): void;
  /** The next requests get these replies verbatim. */
  replyNext(...replies: RawReply[]): void;
  close(): Promise<void>;
};

export type PeerOptions = {
  /** The key the peer accepts; any other gets the provider's 401. Default `test-key`. */
  apiKey?: string;
  answer?: (prompt: string) => PeerAnswer;
};

export const PEER_API_KEY = 'test-key';

function defaultPeerAnswer(prompt: string): PeerAnswer {
  return {
    text: `Answer to "${prompt}":\n1. Alpha is the leader.\n2. Beta is a close second.`,
    citations: [
      { url: 'https://www.example.com/best-tools?utm_source=peer', title: 'Best tools' },
      { url: 'https://reviews.example.org/alpha', title: 'Alpha review' },
    ],
  };
}

type Route = (request: RecordedRequest) => RawReply;
/** What makes a peer speak one provider's protocol; also used by the data sources' peers. */
export type PeerSpec = {
  /** Path prefix the provider's base URL includes (OpenAI's `/v1`). */
  basePath?: string;
  authorised(request: RecordedRequest, apiKey: string): boolean;
  /** The reply to a request that is not authorised; by default the provider's 401. */
  unauthorised?: RawReply;
  route: Route;
  formatError: (failure: PeerFailure) => RawReply;
};

/** An HTTP server on 127.0.0.1 that records requests and answers as `spec` says, failures first when scripted. */
export async function startPeer(spec: PeerSpec, apiKey: string = PEER_API_KEY): Promise<ProtocolPeer> {
  const requests: RecordedRequest[] = [];
  const scripted: RawReply[] = [];
  const server = createServer((req, res) => {
    void readRequest(req).then(async (request) => {
      requests.push(request);
      const reply = scripted.shift() ?? (spec.authorised(request, apiKey) ? spec.route(request) : (spec.unauthorised ?? spec.formatError({ status: 401, message: 'invalid api key' })));
      if (reply.delayMs) await lateness(reply.delayMs, res);
      if (res.destroyed) return;
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${spec.basePath ?? ''}`,
    requests,
    failNext: (...failures) => scripted.push(...failures.map(spec.formatError)),
    replyNext: (...replies) => scripted.push(...replies),
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Waits `ms`, or less if the client goes away (an aborted call, a closed peer). */
function lateness(ms: number, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    res.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function readRequest(req: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const url = new URL(req.url ?? '/', 'http://peer');
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: req.headers,
    body: text ? parseBody(text) : undefined,
  };
}

/** JSON when it parses; the raw text otherwise, for a test to inspect. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Where the providers' published and recorded bodies live (test/fixtures/providers/README.md names each one's source). */
const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'providers');

/** A 200 reply whose body is a fixture, byte for byte: `fixtureReply('gemini', 'grounded-cookbook')`, for `peer.replyNext`. */
export function fixtureReply(surface: 'openai' | 'anthropic' | 'gemini' | 'perplexity' | 'serpapi', name: string): RawReply {
  return { status: 200, body: readFileSync(join(FIXTURES, surface, `${name}.json`), 'utf8') };
}

/** A JSON reply. */
export const json = (status: number, body: unknown, headers?: Record<string, string>): RawReply => ({ status, body: JSON.stringify(body), ...(headers && { headers }) });
/** The `Retry-After` header a scripted failure asks for, if any. */
export const retryAfter = (f: PeerFailure) => (f.retryAfterSeconds === undefined ? undefined : { 'retry-after': String(f.retryAfterSeconds) });
const bearer = (request: RecordedRequest, apiKey: string) => request.headers.authorization === `Bearer ${apiKey}`;
/** Request and reply bodies, read loosely: the peers only pick out the fields they need. */
type Body = Record<string, any>;

// ---------------------------------------------------------------- OpenAI Responses API

export type OpenAIPeerOptions = PeerOptions & {
  /** A failure to send instead of the answer to this call, or undefined to answer: failures chosen by prompt, or a share of calls. */
  fail?: (prompt: string) => PeerFailure | undefined;
};

/** `POST /v1/responses`; the reply names the dated snapshot of the requested model, as OpenAI does. */
export function startOpenAIPeer(options: OpenAIPeerOptions = {}): Promise<ProtocolPeer> {
  const answer = options.answer ?? defaultPeerAnswer;
  const formatError = (f: PeerFailure) => openAIError(f.status, f.message ?? defaultMessage(f.status), retryAfter(f));
  return startPeer(
    {
      basePath: '/v1',
      authorised: bearer,
      route(request) {
        if (request.method !== 'POST' || request.path !== '/v1/responses') return openAIError(404, `Invalid URL (${request.method} ${request.path})`);
        const body = request.body as Body;
        const failure = options.fail?.(String(body.input));
        if (failure) return formatError(failure);
        const { text, citations } = answer(String(body.input));
        const searched = (body.tools ?? []).some((t: Body) => t.type === 'web_search');
        const annotations = citations.map((c) => ({ type: 'url_citation', start_index: 0, end_index: text.length, url: c.url, title: c.title }));
        return json(200, {
          id: 'resp_peer',
          object: 'response',
          created_at: 1_767_225_600,
          status: 'completed',
          error: null,
          incomplete_details: null,
          model: `${body.model}-2024-07-18`,
          output: [
            ...(searched ? [{ type: 'web_search_call', id: 'ws_peer', status: 'completed', action: { type: 'search', query: body.input } }] : []),
            { type: 'message', id: 'msg_peer', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: searched ? annotations : [], logprobs: [] }] },
          ],
          parallel_tool_calls: true,
          store: body.store ?? true,
          tools: body.tools ?? [],
          usage: { input_tokens: 12, output_tokens: 40, total_tokens: 52 },
        });
      },
      formatError,
    },
    options.apiKey ?? PEER_API_KEY,
  );
}

function openAIError(status: number, message: string, headers?: Record<string, string>): RawReply {
  const type = status === 429 ? 'requests' : status >= 500 ? 'server_error' : 'invalid_request_error';
  const code = status === 429 ? 'rate_limit_exceeded' : status === 401 ? 'invalid_api_key' : null;
  return json(status, { error: { message, type, param: null, code } }, headers);
}

// ---------------------------------------------------------------- Anthropic Messages API

/**
 * `POST /v1/messages`, authenticated by `x-api-key` or, as SDK 1.x sends it,
 * `Authorization: Bearer`; with the web search tool, the answer follows a search
 * and cites its results.
 */
export function startAnthropicPeer(options: PeerOptions = {}): Promise<ProtocolPeer> {
  const answer = options.answer ?? defaultPeerAnswer;
  return startPeer(
    {
      authorised: (request, apiKey) => request.headers['x-api-key'] === apiKey || bearer(request, apiKey),
      route(request) {
        if (request.method !== 'POST' || request.path !== '/v1/messages') return anthropicError(404, `Not found: ${request.path}`);
        const body = request.body as Body;
        const prompt = String(body.messages?.[0]?.content);
        const { text, citations } = answer(prompt);
        const searched = (body.tools ?? []).some((t: Body) => String(t.type).startsWith('web_search'));
        return json(200, {
          id: 'msg_peer',
          type: 'message',
          role: 'assistant',
          model: body.model,
          content: searched ? searchedContent(prompt, text, citations) : [{ type: 'text', text, citations: null }],
          stop_reason: 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: 12, output_tokens: 40 },
        });
      },
      formatError: (f) => anthropicError(f.status, f.message ?? defaultMessage(f.status), retryAfter(f)),
    },
    options.apiKey ?? PEER_API_KEY,
  );
}

/** Narration, the search and its results, then the answer split at the cited span as Anthropic splits it. */
function searchedContent(prompt: string, text: string, citations: PeerAnswer['citations']): Body[] {
  const [first, ...rest] = text.split('\n');
  return [
    { type: 'text', text: 'Let me search for that.', citations: null },
    { type: 'server_tool_use', id: 'srvtoolu_peer', name: 'web_search', input: { query: prompt } },
    {
      type: 'web_search_tool_result',
      tool_use_id: 'srvtoolu_peer',
      content: citations.map((c) => ({ type: 'web_search_result', url: c.url, title: c.title, encrypted_content: 'opaque', page_age: null })),
    },
    {
      type: 'text',
      text: first,
      citations: citations.map((c) => ({ type: 'web_search_result_location', url: c.url, title: c.title, encrypted_index: 'opaque', cited_text: first })),
    },
    ...(rest.length ? [{ type: 'text', text: `\n${rest.join('\n')}`, citations: null }] : []),
  ];
}

function anthropicError(status: number, message: string, headers?: Record<string, string>): RawReply {
  const types: Record<number, string> = { 400: 'invalid_request_error', 401: 'authentication_error', 403: 'permission_error', 404: 'not_found_error', 429: 'rate_limit_error', 529: 'overloaded_error' };
  return json(status, { type: 'error', error: { type: types[status] ?? 'api_error', message }, request_id: 'req_peer' }, headers);
}

// ---------------------------------------------------------------- Gemini generateContent

/** `POST /v1beta/models/{model}:generateContent` with `x-goog-api-key`; Google Search grounding yields groundingChunks. */
export function startGeminiPeer(options: PeerOptions = {}): Promise<ProtocolPeer> {
  const answer = options.answer ?? defaultPeerAnswer;
  return startPeer(
    {
      authorised: (request, apiKey) => request.headers['x-goog-api-key'] === apiKey,
      route(request) {
        const model = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(request.path)?.[1];
        if (request.method !== 'POST' || !model) return geminiError({ status: 404, message: `Not found: ${request.path}` });
        const body = request.body as Body;
        const { text, citations } = answer(String(body.contents?.[0]?.parts?.[0]?.text));
        const grounded = (body.tools ?? []).some((t: Body) => 'googleSearch' in t);
        return json(200, {
          candidates: [
            {
              content: { parts: [{ text }], role: 'model' },
              finishReason: 'STOP',
              index: 0,
              ...(grounded && {
                groundingMetadata: {
                  webSearchQueries: [body.contents[0].parts[0].text],
                  groundingChunks: citations.map((c) => ({ web: { uri: c.url, title: c.title } })),
                  groundingSupports: [{ segment: { startIndex: 0, endIndex: text.length, text }, groundingChunkIndices: citations.map((_, i) => i) }],
                },
              }),
            },
          ],
          usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 40, totalTokenCount: 52 },
          modelVersion: model,
          responseId: 'peer-response',
        });
      },
      formatError: geminiError,
    },
    options.apiKey ?? PEER_API_KEY,
  );
}

/** Google's error body; the wait is stated in a `google.rpc.RetryInfo` detail (the header is sent too). */
function geminiError(f: PeerFailure): RawReply {
  const statuses: Record<number, string> = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL', 503: 'UNAVAILABLE' };
  const details = f.retryAfterSeconds === undefined ? [] : [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${f.retryAfterSeconds}s` }];
  return json(f.status, { error: { code: f.status, message: f.message ?? defaultMessage(f.status), status: statuses[f.status] ?? 'UNKNOWN', details } }, retryAfter(f));
}

// ---------------------------------------------------------------- Perplexity chat completions

/** `POST /chat/completions` (OpenAI-compatible) answering with `search_results` and `citations`. */
export function startPerplexityPeer(options: PeerOptions = {}): Promise<ProtocolPeer> {
  const answer = options.answer ?? defaultPeerAnswer;
  return startPeer(
    {
      authorised: bearer,
      route(request) {
        if (request.method !== 'POST' || request.path !== '/chat/completions') return perplexityError({ status: 404, message: 'Not Found' });
        const body = request.body as Body;
        const { text, citations } = answer(String(body.messages?.at(-1)?.content));
        return json(200, {
          id: 'peer-completion',
          model: body.model,
          created: 1_767_225_600,
          object: 'chat.completion',
          usage: { prompt_tokens: 12, completion_tokens: 40, total_tokens: 52, search_context_size: 'low' },
          citations: citations.map((c) => c.url),
          search_results: citations.map((c) => ({ title: c.title, url: c.url, date: '2025-01-01', last_updated: '2025-06-01', snippet: '' })),
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: text } }],
        });
      },
      formatError: perplexityError,
    },
    options.apiKey ?? PEER_API_KEY,
  );
}

function perplexityError(f: PeerFailure): RawReply {
  const type = f.status === 429 ? 'rate_limit_exceeded' : f.status === 401 ? 'invalid_api_key' : f.status >= 500 ? 'internal_server_error' : 'invalid_request';
  return json(f.status, { error: { message: f.message ?? defaultMessage(f.status), type, code: f.status } }, retryAfter(f));
}

// ---------------------------------------------------------------- SerpApi

export type SerpApiPeerOptions = Omit<PeerOptions, 'answer'> & {
  /** Whether the search defers the overview to a `page_token` follow-up. */
  deferred?: boolean;
  /** A null answer means Google showed no AI Overview for the query. */
  answer?: (prompt: string) => PeerAnswer | null;
};

/**
 * `GET /search.json?engine=google&q=…&api_key=…` with the `ai_overview` block,
 * or only its `page_token`, answered by `engine=google_ai_overview`. Answer
 * lines starting with "- " become a `list` block, the others paragraphs.
 */
export function startSerpApiPeer(options: SerpApiPeerOptions = {}): Promise<ProtocolPeer> {
  const answer = options.answer ?? defaultPeerAnswer;
  const tokens = new Map<string, string>();
  return startPeer(
    {
      authorised: (request, apiKey) => request.query.api_key === apiKey,
      route(request) {
        if (request.method !== 'GET' || request.path !== '/search.json') return serpApiError({ status: 404, message: 'Not found.' });
        const { engine, q, page_token: pageToken } = request.query;
        if (engine === 'google_ai_overview') {
          const prompt = pageToken === undefined ? undefined : tokens.get(pageToken);
          if (prompt === undefined) return serpApiError({ status: 400, message: 'Invalid or expired page_token.' });
          const deferred = answer(prompt);
          return json(200, { search_metadata: searchMetadata(), ...(deferred && { ai_overview: aiOverview(deferred) }) });
        }
        if (engine !== 'google' || !q) return serpApiError({ status: 400, message: 'Missing query `q` parameter.' });
        const found = answer(q);
        const organic = [{ position: 1, title: 'An organic result', link: 'https://www.example.com/', snippet: '' }];
        if (!found) return json(200, { search_metadata: searchMetadata(), search_parameters: request.query, organic_results: organic });
        if (!options.deferred) return json(200, { search_metadata: searchMetadata(), ai_overview: aiOverview(found), organic_results: organic });
        const token = `token-${tokens.size + 1}`;
        tokens.set(token, q);
        const serpapiLink = `https://serpapi.com/search.json?engine=google_ai_overview&page_token=${token}`;
        return json(200, { search_metadata: searchMetadata(), ai_overview: { page_token: token, serpapi_link: serpapiLink }, organic_results: organic });
      },
      formatError: serpApiError,
    },
    options.apiKey ?? PEER_API_KEY,
  );
}

const searchMetadata = () => ({ id: 'peer-search', status: 'Success', created_at: '2026-01-01 00:00:00 UTC', total_time_taken: 1.2 });

function aiOverview({ text, citations }: PeerAnswer): Body {
  const blocks: Body[] = [];
  for (const line of text.split('\n').filter(Boolean)) {
    const previous = blocks[blocks.length - 1];
    if (!line.startsWith('- ')) blocks.push({ type: 'paragraph', snippet: line, reference_indexes: [0] });
    else if (previous?.type === 'list') previous.list.push({ snippet: line.slice(2), reference_indexes: [0] });
    else blocks.push({ type: 'list', list: [{ snippet: line.slice(2), reference_indexes: [0] }] });
  }
  return { text_blocks: blocks, references: citations.map((c, index) => ({ title: c.title, link: c.url, snippet: '', source: new URL(c.url).hostname, index })) };
}

function serpApiError(f: PeerFailure): RawReply {
  return json(f.status, { error: f.message ?? defaultMessage(f.status) }, retryAfter(f));
}

// ---------------------------------------------------------------- every surface

const SURFACE_PEERS = { OPENAI: startOpenAIPeer, ANTHROPIC: startAnthropicPeer, PERPLEXITY: startPerplexityPeer, GEMINI: startGeminiPeer, SERPAPI: startSerpApiPeer };

export interface SurfacePeers {
  /** The provider keys and base URLs that point every surface at its peer. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A protocol peer for each of the five surfaces, each answering `answer` (the default peer answer
 * unless given); with `delayMs`, every reply comes that late (a slow proxy in front of each peer).
 */
export async function startSurfacePeers(options: { answer?: (prompt: string) => PeerAnswer; delayMs?: number } = {}): Promise<SurfacePeers> {
  const entries = await Promise.all(
    Object.entries(SURFACE_PEERS).map(async ([name, start]) => {
      const peer = await start({ answer: options.answer });
      const slow = options.delayMs ? await startSlowProxy(peer.baseUrl, options.delayMs) : null;
      return { name, baseUrl: slow?.baseUrl ?? peer.baseUrl, close: () => Promise.all([slow?.close(), peer.close()]) };
    }),
  );
  return {
    env: Object.fromEntries(entries.flatMap(({ name, baseUrl }) => [[`${name}_API_KEY`, PEER_API_KEY], [`${name}_BASE_URL`, baseUrl]])),
    close: async () => {
      await Promise.all(entries.map((e) => e.close()));
    },
  };
}

function defaultMessage(status: number): string {
  if (status === 429) return 'Rate limit exceeded. Please retry later.';
  if (status === 401) return 'Invalid API key.';
  if (status >= 500) return 'The server had an error while processing your request.';
  return 'Bad request.';
}
