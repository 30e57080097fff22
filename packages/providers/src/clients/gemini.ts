import type { ApiError, GenerateContentResponse, GroundingMetadata, Tool } from '@google/genai';
import type { Citation, ClientAnswer, SurfaceClient } from '../answer';
import { errorFromStatus, networkError, ProviderError } from '../errors';
import { createGroundingRedirectResolver, withRedirectTargets, type GroundingRedirectSettings } from './grounding-redirects';
import { onFirstUse } from './on-first-use';
import { reportedQueries, reportedSources } from './reported';

export type GeminiClientOptions = {
  apiKey: string;
  baseUrl: string;
  model: string;
  timeoutMs: number;
  webSearch: boolean;
  /** How the grounding redirects' targets are found (grounding-redirects.ts). */
  redirects: GroundingRedirectSettings;
};

/**
 * gemini through generateContent, grounded with Google Search when web search is
 * on. The SDK retries only when `httpOptions.retryOptions` is set, so leaving it
 * unset keeps withRetries the only retry path. Neither the Google Search tool nor
 * the request takes a country (`retrievalConfig.latLng` is a point, for Maps
 * grounding), so a market is not sent and no answer is localised. Citations' grounding redirects
 * become their targets where found, within the call's deadline (grounding-redirects.ts).
 */
export function createGeminiClient(options: GeminiClientOptions): SurfaceClient {
  const sdk = onFirstUse(async () => {
    const { ApiError, GoogleGenAI } = await import('@google/genai');
    const ai = new GoogleGenAI({
      apiKey: options.apiKey,
      httpOptions: {
        baseUrl: options.baseUrl,
        timeout: options.timeoutMs,
        // Given no fetch, the SDK swaps in an undici dispatcher to lift undici's 300 s
        // header timeout, which our timeout stays below; it finds that dispatcher on
        // globalThis, which a sandboxed realm such as jest's lacks.
        // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- the SDK types `input` with the DOM's RequestInfo, which a Node build (no DOM lib) cannot resolve
        fetch: (input, init) => fetch(input, init),
      },
    });
    return { ai, ApiError };
  });
  const tools: Tool[] | undefined = options.webSearch ? [{ googleSearch: {} }] : undefined;
  const redirects = createGroundingRedirectResolver(options.redirects);
  return {
    provider: 'google',
    method: 'api',
    async ask(prompt, { signal }) {
      const { ai, ApiError } = await sdk();
      let response: GenerateContentResponse;
      try {
        response = await ai.models.generateContent({ model: options.model, contents: prompt, config: { abortSignal: signal, ...(tools && { tools }) } });
      } catch (error) {
        throw fromGeminiError(error, ApiError);
      }
      return { ...(await withRedirectTargets(readResponse(response, options.model), redirects, signal)), localised: false };
    },
  };
}

function readResponse(response: GenerateContentResponse, requestedModel: string): Omit<ClientAnswer, 'localised'> {
  const candidate = response.candidates?.[0];
  // Thought parts (thinking models) are the model's scratchpad, not its answer.
  const text = (candidate?.content?.parts ?? []).flatMap((p) => (p.text && !p.thought ? [p.text] : [])).join('');
  if (!text.trim()) {
    const reason = candidate?.finishReason ?? response.promptFeedback?.blockReason ?? 'no candidate';
    throw new ProviderError({ kind: 'permanent', code: 'empty_answer', message: `gemini returned no text (${reason})` });
  }
  return { model: response.modelVersion ?? requestedModel, text, ...grounding(candidate?.groundingMetadata) };
}

/**
 * The searches (`webSearchQueries`), every page read (`groundingChunks[].web`; its title, the
 * publisher's domain, kept) and, as citations, the chunks the answer's supports point at (all of
 * them when there are no supports). Without grounding: no searches, nothing read.
 */
function grounding(metadata: GroundingMetadata | undefined): Pick<ClientAnswer, 'citations' | 'searchQueries' | 'consultedSources'> {
  const chunks: (Citation | undefined)[] = (metadata?.groundingChunks ?? []).map((chunk) => (chunk.web?.uri ? { url: chunk.web.uri, title: chunk.web.title || null } : undefined));
  const supports = metadata?.groundingSupports ?? [];
  const cited = supports.length ? [...new Set(supports.flatMap((s) => s.groundingChunkIndices ?? []))].sort((a, b) => a - b) : chunks.map((_, i) => i);
  return {
    citations: cited.flatMap((i) => chunks[i] ?? []),
    searchQueries: reportedQueries(metadata?.webSearchQueries ?? []),
    consultedSources: reportedSources(chunks.filter((c): c is Citation => c !== undefined)),
  };
}

/**
 * The SDK's ApiError carries the status and, as its message, the JSON error body;
 * Google states how long to wait in that body (`google.rpc.RetryInfo`), not in a header.
 */
function fromGeminiError(error: unknown, SdkApiError: typeof ApiError): unknown {
  if (error instanceof SdkApiError) {
    const body = parseErrorBody(error.message);
    return errorFromStatus(error.status, body?.message ?? error.message, body?.retryAfterMs);
  }
  return isTransportFailure(error) ? networkError(error) : error;
}

/**
 * fetch fails with a TypeError ("fetch failed"), aborts and the SDK's timeout with
 * DOMExceptions; the SDK may wrap them (as `cause`). Names, not instanceof, since
 * these errors can come from another realm.
 */
function isTransportFailure(error: unknown): boolean {
  for (let e = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if (['TypeError', 'AbortError', 'TimeoutError'].includes((e as { name?: unknown }).name as string)) return true;
  }
  return false;
}

type GoogleErrorBody = { error?: { message?: string; details?: Array<{ '@type'?: string; retryDelay?: string }> } };

function parseErrorBody(message: string): { message?: string; retryAfterMs?: number } | undefined {
  let body: GoogleErrorBody;
  try {
    body = JSON.parse(message) as GoogleErrorBody;
  } catch {
    return undefined;
  }
  const retryDelay = body.error?.details?.find((d) => d['@type']?.endsWith('google.rpc.RetryInfo'))?.retryDelay;
  const seconds = retryDelay ? Number.parseFloat(retryDelay) : Number.NaN; // a protobuf Duration: "28s", "1.5s"
  return { message: body.error?.message, retryAfterMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : undefined };
}
