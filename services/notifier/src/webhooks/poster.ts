import http from 'node:http';
import https from 'node:https';
import { cutAtCodePoint } from '@brandradar/contracts';
import { oneLine } from '../domain/render';
import { guardedLookup, lookupAll, RefusedAddressError, refusedUrl, type LookupAll } from './target';

export interface WebhookPost {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** One attempt's result, as a delivery's attempt records it; `error` never holds the secret or the signature. */
export interface PostOutcome {
  ok: boolean;
  httpStatus: number | null;
  durationMs: number;
  error: string | null;
}

export interface WebhookPosterOptions {
  /** Private, loopback and link-local targets and plain http:// allowed: the local stack only (WEBHOOK_ALLOW_PRIVATE_TARGETS). */
  allowPrivate: boolean;
  /** The whole attempt, from DNS and connect to a 2xx status; a failed answer's body is read within it too. */
  timeoutMs: number;
  /** Bytes of a failed answer's body read for `error`; then the socket is destroyed. */
  maxResponseBytes: number;
  /** How delivery sockets resolve names; the system's resolver unless a test gives another. */
  lookup?: LookupAll;
}

export interface WebhookPoster {
  /** POSTs one delivery attempt; never rejects: everything that goes wrong is a failed outcome. */
  post(p: WebhookPost, signal?: AbortSignal): Promise<PostOutcome>;
  /** Ends every attempt in flight (as failed) and refuses new ones. */
  close(): void;
}

/** Characters of a receiver's answer kept in `error` (the contract keeps 500 with each attempt). */
const ANSWER_CHARS = 300;
/** Characters of a redirect's target or a connection error kept in `error`. */
const DETAIL_CHARS = 200;

/**
 * The notifier's HTTP side of webhook deliveries. Receivers are strangers and may be hostile: one
 * socket per attempt (no keep-alive), the whole attempt under one timer, redirects never followed,
 * at most `maxResponseBytes` of an answer kept, and without `allowPrivate` every socket resolves
 * its host through {@link guardedLookup}, so it connects only to addresses that were just checked.
 */
export function createWebhookPoster(options: WebhookPosterOptions): WebhookPoster {
  const agents = { 'http:': new http.Agent({ keepAlive: false }), 'https:': new https.Agent({ keepAlive: false }) };
  const lookup = options.allowPrivate ? undefined : guardedLookup(options.lookup ?? lookupAll);
  const inFlight = new Set<() => void>();
  let closed = false;

  function post(p: WebhookPost, signal?: AbortSignal): Promise<PostOutcome> {
    const started = performance.now();
    const outcome = (httpStatus: number | null, error: string | null): PostOutcome => ({ ok: error === null, httpStatus, durationMs: Math.round(performance.now() - started), error });
    let url: URL;
    try {
      url = new URL(p.url);
    } catch {
      return Promise.resolve(outcome(null, 'not sent: the URL is not a valid URL'));
    }
    const refused = refusedUrl(url, options);
    if (refused !== null) return Promise.resolve(outcome(null, `not sent: the URL ${refused}`));
    if (closed) return Promise.resolve(outcome(null, 'not sent: the notifier is shutting down'));
    if (signal?.aborted) return Promise.resolve(outcome(null, 'not sent: cancelled'));

    return new Promise((resolve) => {
      let status: number | null = null;
      const answer: Buffer[] = [];
      let answerBytes = 0;
      let request: http.ClientRequest | undefined;
      // Once a failed status came, that status is the reason, whatever cut its body short.
      const failedStatus = () => {
        const text = answerExcerpt(Buffer.concat(answer), p.headers['webhook-signature']);
        return text === '' ? `HTTP ${status}` : `HTTP ${status}: ${text}`;
      };
      let settled = false;
      const settle = (error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', cancel);
        inFlight.delete(shutDown);
        request?.destroy();
        resolve(outcome(status, error));
      };
      const stop = (before: string) => settle(status === null ? before : failedStatus());
      const timer = setTimeout(() => stop(`no response within ${options.timeoutMs / 1000} s`), options.timeoutMs);
      const cancel = () => stop('cancelled before a response');
      const shutDown = () => stop('the notifier shut down before a response');
      signal?.addEventListener('abort', cancel, { once: true });
      inFlight.add(shutDown);

      try {
        request = (url.protocol === 'https:' ? https : http).request(url, {
          method: 'POST',
          agent: agents[url.protocol as 'http:' | 'https:'],
          headers: { ...p.headers, 'content-length': String(Buffer.byteLength(p.body)) },
          lookup,
        });
      } catch (err) {
        return settle(`not sent: ${oneLine((err as Error).message)}`);
      }
      request.on('error', (err: NodeJS.ErrnoException) => stop(requestError(err)));
      request.on('response', (response) => {
        status = response.statusCode ?? null;
        if (status !== null && status >= 200 && status < 300) return settle(null);
        if (status !== null && status >= 300 && status < 400) {
          const location = shortened(oneLine(response.headers.location ?? 'no location'), DETAIL_CHARS);
          return settle(`redirects are not followed (${status} to ${location})`);
        }
        response.on('data', (chunk: Buffer) => {
          const kept = chunk.subarray(0, options.maxResponseBytes - answerBytes);
          answer.push(kept);
          answerBytes += kept.length;
          if (answerBytes >= options.maxResponseBytes) settle(failedStatus());
        });
        // 'close' also comes when the receiver drops the connection mid-answer.
        response.on('error', () => settle(failedStatus()));
        response.on('close', () => settle(failedStatus()));
      });
      request.end(p.body);
    });
  }

  return {
    post,
    close() {
      closed = true;
      for (const shutDown of [...inFlight]) shutDown();
      for (const agent of Object.values(agents)) agent.destroy();
    },
  };
}

/** Why an attempt got no status, in words. */
function requestError(err: NodeJS.ErrnoException): string {
  if (err instanceof RefusedAddressError) return `not sent: the URL ${err.message}`;
  if (err.code === 'ECONNRESET') return 'the connection closed before a response';
  if (err.code === 'HPE_HEADER_OVERFLOW') return 'the response headers were too large';
  if (err.code?.startsWith('HPE_')) return `the response was not valid HTTP (${err.code})`;
  return `no response: ${shortened(oneLine(err.message), DETAIL_CHARS)}`;
}

/**
 * The start of a receiver's answer on one line, with the signature blanked out: a receiver could
 * echo our request back, and the signature is not to be shown in the API.
 */
function answerExcerpt(bytes: Buffer, signature: string | undefined): string {
  let text = new TextDecoder().decode(bytes);
  for (const token of signature?.split(' ') ?? []) {
    const value = token.slice(token.indexOf(',') + 1);
    if (value !== '') text = text.replaceAll(value, '[signature]');
  }
  return shortened(oneLine(text).replace(/\s+/g, ' ').trim(), ANSWER_CHARS);
}

const shortened = (text: string, max: number) => (text.length > max ? `${cutAtCodePoint(text, max)}…` : text);
