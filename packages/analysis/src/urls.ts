/**
 * Citation URLs in one canonical form, and the site (registrable domain) each belongs to.
 *
 * Public suffixes come from `tldts`, which ships Mozilla's Public Suffix List (updated with each
 * release, no runtime download, no dependencies besides its own core). A built-in list of multi-part
 * suffixes (`co.uk`, `com.au`, …) would be short only by being wrong: the list has thousands of
 * ICANN entries (`kawasaki.jp`, `gov.br`, …) and, more important for citations, private suffixes
 * such as `github.io`, `blogspot.com` or `vercel.app`, where `alice.github.io` and `bob.github.io`
 * are different publishers and must not be grouped as one site. `psl` does the same job but has had
 * no release (so no list update) since December 2024 and pulls in a `punycode` shim.
 */
import { getDomain, parse } from 'tldts';

/** Tracking parameters that never change what page is meant. */
const TRACKING_PARAM = /^(utm_.*|gclid|fbclid)$/i;

/**
 * The canonical form of an absolute http(s) URL, or null for anything else:
 * - scheme and host lower-cased (internationalised hosts in their ASCII `xn--` form), `www.` dropped;
 * - default ports (`:80`, `:443`), user info, trailing slashes and the fragment (including text
 *   fragments `#:~:text=…`) dropped;
 * - `utm_*`, `gclid` and `fbclid` query parameters dropped, the rest sorted by name then value.
 * The path keeps its case: servers may treat `/Page` and `/page` as different pages.
 */
export function normalizeUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  // `URL` already lower-cases scheme and host and drops the scheme's default port.
  const host = parsed.host.replace(/^www\./, '');
  // The lookbehind starts a match only at a run's first slash: `/\/+$/` alone rescans the rest of
  // the run from every slash, quadratic on a long run that does not end the path.
  const path = parsed.pathname.replace(/(?<!\/)\/+$/, '');
  const params = [...parsed.searchParams].filter(([key]) => !TRACKING_PARAM.test(key));
  params.sort(([ak, av], [bk, bv]) => compare(ak, bk) || compare(av, bv));
  const query = new URLSearchParams(params).toString();
  return `${parsed.protocol}//${host}${path}${query ? `?${query}` : ''}`;
}

/** Code-unit order, the same on every machine (unlike `localeCompare`). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The site a host belongs to: its registrable domain by the Public Suffix List, private suffixes
 * included (`blog.acme.co.uk` → `acme.co.uk`, `alice.github.io` stays `alice.github.io`). Hosts
 * without one (IP addresses, `localhost`) are their own site.
 */
export function registrableDomain(host: string): string {
  const h = host.trim().toLowerCase().replace(/\.$/, '');
  return getDomain(h, { allowPrivateDomains: true }) ?? h;
}

/**
 * The bare name of a domain, i.e. its registrable domain without the public suffix
 * (`www.acme.co.uk` → `acme`), or null when `host` has no suffix from the list.
 */
export function domainLabel(host: string): string | null {
  const info = parse(host, { allowPrivateDomains: true });
  if (!info.isIcann && !info.isPrivate) return null;
  return info.domainWithoutSuffix || null;
}

/** The page a normalised URL names, whatever its scheme: http and https forms are one page. */
export function pageOf(normalizedUrl: string): string {
  return normalizedUrl.replace(/^https?:/, '');
}

/** True when `a` and `b` name the same page once normalised, http and https alike; false if either is no http(s) URL. */
export function samePage(a: string, b: string): boolean {
  const na = normalizeUrl(a);
  const nb = normalizeUrl(b);
  return na !== null && nb !== null && pageOf(na) === pageOf(nb);
}

/** The host of a normalised URL (`https://acme.com/x` → `acme.com`). */
export function hostOf(normalizedUrl: string): string {
  return new URL(normalizedUrl).hostname;
}

/**
 * Hosts whose links are a search engine's redirects to the page cited, not the page: Gemini's
 * grounding chunks link `vertexaisearch.cloud.google.com/grounding-api-redirect/…` and name the
 * publisher's domain in their title (api-contract §14).
 */
const GROUNDING_REDIRECT_HOSTS = new Set(['vertexaisearch.cloud.google.com']);

/** A title that is a bare domain (`tradingview.com`, `www.bbc.co.uk`): letters, digits, hyphens and dots, with a known suffix. */
const BARE_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/i;

/**
 * The publisher of a cited page: its registrable domain, the one every domain metric counts. A
 * grounding redirect counts for the domain its title names (never google.com) when the title is a
 * bare domain, else for the redirect's own host. Null when `url` is no http(s) URL.
 */
export function citationDomain(citation: { url: string; title: string | null }): string | null {
  const normalized = normalizeUrl(citation.url);
  if (normalized === null) return null;
  const host = hostOf(normalized);
  const title = citation.title?.trim() ?? '';
  if (GROUNDING_REDIRECT_HOSTS.has(host) && title.length <= 253 && BARE_DOMAIN.test(title) && domainLabel(title) !== null) return registrableDomain(title);
  return registrableDomain(host);
}

/** Whether `url` is a grounding redirect whose target is the page cited (see {@link citationDomain}). */
export function isGroundingRedirect(url: string): boolean {
  const normalized = normalizeUrl(url);
  return normalized !== null && GROUNDING_REDIRECT_HOSTS.has(hostOf(normalized));
}
