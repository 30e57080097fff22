import { HTTP_PROTOCOLS, MAX_CITATIONS_PER_ANSWER, MAX_URL_CHARS, urlHostname } from '@brandradar/contracts';
import { inSpan, LruCache, SpanKind, withTimeout } from '@brandradar/platform';
import type { Citation, ClientAnswer } from '../answer';

/**
 * Gemini's grounding chunks name a page by a Google redirect
 * (`https://vertexaisearch.cloud.google.com/grounding-api-redirect/<token>`) and its publisher by
 * `web.title`. Its `url` is the redirect's target where one request to that host finds it, else
 * the redirect itself (api-contract §14). The only request we make to a host that is not a
 * provider's API: HEAD (the target is in `Location`; no body is read), no hop followed, cached.
 */

const REDIRECT_HOST = 'vertexaisearch.cloud.google.com';
const REDIRECT_PATH = '/grounding-api-redirect/';

export type GroundingRedirectSettings = {
  /** false: every redirect is kept as the URL, and the host is never asked. */
  enabled: boolean;
  /** Where the requests go (the redirect's own origin unless a test points it at a peer); the redirect's path and query are kept. */
  origin: string;
  /** One request's deadline. */
  timeoutMs: number;
  /** All of one answer's requests: redirects not looked up by then are kept. */
  budgetMs: number;
};

/** Requests in flight for one answer. */
const CONCURRENCY = 4;
/** Redirects remembered per process, each way. */
const CACHE_ENTRIES = 5_000;
/** A target found is remembered this long (Google's tokens outlive a day of runs)… */
const FOUND_TTL_MS = 24 * 60 * 60 * 1000;
/** …a miss this long, so a host that is down or refuses is not asked again for every citation. */
const MISSED_TTL_MS = 10 * 60 * 1000;

/** Whether `uri` is one of Gemini's grounding redirects: the exact host and path, over https. */
export function isGroundingRedirect(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname === REDIRECT_HOST && url.port === '' && url.pathname.startsWith(REDIRECT_PATH);
}

/** C0 and C1 controls and DEL: a URL carrying one is not written as is (the runner refuses it). */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHAR = /[\u0000-\u001F\u007F-\u009F]/;
const MAX_HOST_CHARS = 253;

/**
 * The `Location` a redirect answered, if it is a target a run keeps: an absolute http(s) URL within
 * the caps of a stored citation, and not another grounding redirect (no hop is followed).
 */
export function acceptedLocation(location: string | null): string | undefined {
  if (location === null || location.length > MAX_URL_CHARS || CONTROL_CHAR.test(location)) return undefined;
  const host = urlHostname(location, HTTP_PROTOCOLS);
  if (host === undefined || host.length > MAX_HOST_CHARS || isGroundingRedirect(location)) return undefined;
  return location;
}

/**
 * Whether `target` is on the publisher the chunk's title names (the title's domain or a subdomain
 * of it, `www.` aside). A title that is not a host name says nothing, and any target stands. Keeps
 * a page Google sends instead of the target (a consent or "unusual traffic" page on google.com)
 * from being counted as the publisher's.
 */
export function onPublisher(target: string, title: string | null): boolean {
  const publisher = hostNamed(title);
  if (publisher === undefined) return true;
  const host = withoutWww(new URL(target).hostname);
  return host === publisher || host.endsWith(`.${publisher}`);
}

function hostNamed(title: string | null): string | undefined {
  const candidate = title?.trim().toLowerCase() ?? '';
  if (!candidate.includes('.') || /\s|\//.test(candidate)) return undefined;
  const host = urlHostname(`https://${candidate}`, HTTP_PROTOCOLS);
  return host === candidate ? withoutWww(host) : undefined;
}

const withoutWww = (host: string) => (host.startsWith('www.') ? host.slice(4) : host);

const timedOut = () => new Error('grounding redirect lookup timed out');

/** What asking for one redirect gave: its target, nothing usable (remembered briefly), or nothing because the caller gave up (not remembered). */
type Lookup = { target: string } | 'missed' | 'abandoned';

export type GroundingRedirectResolver = {
  /** The targets of the grounding redirects among `uris`, by redirect; a redirect without one is absent. */
  targets(uris: readonly string[], signal: AbortSignal): Promise<Map<string, string>>;
};

export function createGroundingRedirectResolver(settings: GroundingRedirectSettings, clock: () => number = Date.now): GroundingRedirectResolver {
  const found = new LruCache<string>(CACHE_ENTRIES, FOUND_TTL_MS, clock);
  const missed = new LruCache<true>(CACHE_ENTRIES, MISSED_TTL_MS, clock);

  async function lookUp(uri: string, batch: AbortSignal, caller: AbortSignal): Promise<Lookup> {
    const redirect = new URL(uri);
    const request = new URL(`${redirect.pathname}${redirect.search}`, settings.origin);
    try {
      // The platform's timers, not AbortSignal.timeout: inside AbortSignal.any, Node 20 may collect that one before it fires.
      const response = await withTimeout((s) => fetch(request, { method: 'HEAD', redirect: 'manual', signal: s }), { timeoutMs: settings.timeoutMs, signal: batch, onTimeout: timedOut, unref: true });
      void response.body?.cancel().catch(() => undefined); // never read: only the status line and headers count
      const target = response.status >= 300 && response.status < 400 ? acceptedLocation(response.headers.get('location')) : undefined;
      return target === undefined ? 'missed' : { target };
    } catch {
      // A timeout (its own or the answer's budget) or a network failure is the host's; the caller's abort is not.
      return caller.aborted ? 'abandoned' : 'missed';
    }
  }

  function remember(uri: string, lookup: Lookup): void {
    if (lookup === 'missed') missed.set(uri, true);
    else if (lookup !== 'abandoned') found.set(uri, lookup.target);
  }

  async function targets(uris: readonly string[], signal: AbortSignal): Promise<Map<string, string>> {
    const resolved = new Map<string, string>();
    const redirects = settings.enabled ? [...new Set(uris.filter(isGroundingRedirect))] : [];
    if (redirects.length === 0) return resolved;
    return inSpan('gemini grounding redirects', { kind: SpanKind.INTERNAL, attributes: { 'brandradar.redirects.count': redirects.length } }, async (span) => {
      const toAsk: string[] = [];
      let cached = 0;
      for (const uri of redirects) {
        const target = found.get(uri);
        if (target !== undefined) resolved.set(uri, target);
        if (target !== undefined || missed.get(uri)) cached++;
        else toAsk.push(uri);
      }
      let next = 0;
      const worker = async (batch: AbortSignal) => {
        while (next < toAsk.length && !batch.aborted) {
          const uri = toAsk[next++]!;
          const lookup = await lookUp(uri, batch, signal);
          remember(uri, lookup);
          if (typeof lookup === 'object' && !batch.aborted) resolved.set(uri, lookup.target);
        }
      };
      const pool = (batch: AbortSignal) => Promise.all(Array.from({ length: Math.min(CONCURRENCY, toAsk.length) }, () => worker(batch)));
      // Past the budget, or once the caller gives up, the redirects not found yet are kept.
      await withTimeout(pool, { timeoutMs: settings.budgetMs, signal, onTimeout: timedOut, unref: true }).catch(() => undefined);
      span.setAttributes({ 'brandradar.redirects.cached': cached, 'brandradar.redirects.asked': next, 'brandradar.redirects.resolved': resolved.size });
      return new Map(resolved);
    });
  }

  return { targets };
}

type Sourced = Pick<ClientAnswer, 'citations' | 'consultedSources'>;

/**
 * `answer` with each grounding redirect among its citations and pages read replaced by its target,
 * where one was found on the publisher the title names. Only the citations a run keeps are looked up.
 */
export async function withRedirectTargets<A extends Sourced>(answer: A, resolver: GroundingRedirectResolver, signal: AbortSignal): Promise<A> {
  const sources = [...answer.citations.slice(0, MAX_CITATIONS_PER_ANSWER), ...(answer.consultedSources ?? [])];
  const targets = await resolver.targets(
    sources.map((s) => s.url),
    signal,
  );
  if (targets.size === 0) return answer;
  const retarget = (source: Citation): Citation => {
    const target = targets.get(source.url);
    return target !== undefined && onPublisher(target, source.title) ? { ...source, url: target } : source;
  };
  return { ...answer, citations: answer.citations.map(retarget), consultedSources: answer.consultedSources?.map(retarget) ?? answer.consultedSources };
}
