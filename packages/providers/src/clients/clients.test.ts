import type { SurfaceClient } from '../answer';
import { ProviderError } from '../errors';
import { withRetries } from '../retry';
import {
  PEER_API_KEY,
  startAnthropicPeer,
  startGeminiPeer,
  startOpenAIPeer,
  startPerplexityPeer,
  startSerpApiPeer,
  type ProtocolPeer,
} from '../../../../test/support/peers/providers';
import { createAnthropicClient } from './anthropic';
import { createGeminiClient } from './gemini';
import { createOpenAIClient } from './openai';
import { createPerplexityClient } from './perplexity';
import { createSerpApiClient } from './serpapi';

/** Every real client against its peer: the same error classification and retry behaviour. */
const CLIENTS: Array<[string, () => Promise<ProtocolPeer>, (baseUrl: string, apiKey: string) => SurfaceClient]> = [
  ['openai', startOpenAIPeer, (baseUrl, apiKey) => createOpenAIClient({ apiKey, baseUrl, model: 'gpt-4o-mini', timeoutMs: 5000, webSearch: true })],
  ['anthropic', startAnthropicPeer, (baseUrl, apiKey) => createAnthropicClient({ apiKey, baseUrl, model: 'claude-haiku-4-5', timeoutMs: 5000, webSearch: true })],
  ['gemini', startGeminiPeer, (baseUrl, apiKey) => createGeminiClient({ apiKey, baseUrl, model: 'gemini-2.5-flash', timeoutMs: 5000, webSearch: true, redirects: { enabled: false, origin: baseUrl, timeoutMs: 1500, budgetMs: 2500 } })],
  ['perplexity', startPerplexityPeer, (baseUrl, apiKey) => createPerplexityClient({ apiKey, baseUrl, model: 'sonar' })],
  ['serpapi', () => startSerpApiPeer(), (baseUrl, apiKey) => createSerpApiClient({ apiKey, baseUrl })],
];

const signal = () => new AbortController().signal;
const retryQuickly = { attempts: 3, baseDelayMs: 1, maxDelayMs: 50 };

describe.each(CLIENTS)('%s client errors', (_name, startPeer, createClient) => {
  let peer: ProtocolPeer;
  let client: SurfaceClient;
  beforeEach(async () => {
    peer = await startPeer();
    client = createClient(peer.baseUrl, PEER_API_KEY);
  });
  afterEach(() => peer.close());

  const failure = (): Promise<ProviderError> =>
    client.ask('q', { signal: signal() }).then(
      () => {
        throw new Error('expected a failure');
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(ProviderError);
        return error as ProviderError;
      },
    );

  it('429 is transient and carries the requested wait', async () => {
    peer.failNext({ status: 429, retryAfterSeconds: 7 });
    expect(await failure()).toMatchObject({ kind: 'transient', code: 'rate_limited', status: 429, retryAfterMs: 7000 });
  });

  it('500 and 503 are transient', async () => {
    peer.failNext({ status: 500 }, { status: 503 });
    expect(await failure()).toMatchObject({ kind: 'transient', code: 'server_error', status: 500 });
    expect(await failure()).toMatchObject({ kind: 'transient', code: 'server_error', status: 503 });
  });

  it('400 is permanent', async () => {
    peer.failNext({ status: 400, message: 'bad parameter' });
    const error = await failure();
    expect(error).toMatchObject({ kind: 'permanent', code: 'client_error', status: 400 });
    expect(error.message).toContain('bad parameter');
  });

  it('a wrong key (401) is permanent', async () => {
    client = createClient(peer.baseUrl, 'wrong-key');
    expect(await failure()).toMatchObject({ kind: 'permanent', code: 'client_error', status: 401 });
  });

  it('a refused connection is transient', async () => {
    await peer.close();
    expect(await failure()).toMatchObject({ kind: 'transient', code: 'network' });
    peer = await startPeer(); // for afterEach
  });

  it('withRetries retries 429 and 5xx until the answer comes', async () => {
    peer.failNext({ status: 429, retryAfterSeconds: 0 }, { status: 503 });
    const answer = await withRetries(() => client.ask('q', { signal: signal() }), retryQuickly);
    expect(answer.text).toContain('Alpha is the leader');
    expect(peer.requests).toHaveLength(3);
  });

  it('withRetries does not retry a 4xx', async () => {
    peer.failNext({ status: 400 });
    await expect(withRetries(() => client.ask('q', { signal: signal() }), retryQuickly)).rejects.toMatchObject({ kind: 'permanent', status: 400 });
    expect(peer.requests).toHaveLength(1);
  });
});
