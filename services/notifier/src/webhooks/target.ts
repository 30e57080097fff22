import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where webhooks may go (issue 35 item 2): a receiver's URL is ours to call, so it must not lead
 * into our own network (SSRF). Only public unicast addresses are allowed; the host's every address
 * is checked when an endpoint is saved and again, at connect time, for every delivery, so a name
 * that resolves elsewhere later (DNS rebinding) is caught where the socket is opened.
 */

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Every address a host name resolves to, as `dns.lookup(host, { all: true })` answers. */
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;
export const lookupAll: LookupAll = (hostname) => dnsLookup(hostname, { all: true });

export interface TargetPolicy {
  /** Private, loopback and link-local targets and plain http:// allowed: the local stack only (WEBHOOK_ALLOW_PRIVATE_TARGETS). */
  allowPrivate: boolean;
}

/** ipaddr.js's names of special ranges, in words; any other non-unicast range is "reserved". */
const RANGE_WORDS = new Map<string, string>([
  ['loopback', 'a loopback address'],
  ['private', 'a private address'],
  ['uniqueLocal', 'a private address'],
  ['linkLocal', 'a link-local address'],
  ['multicast', 'a multicast address'],
  ['broadcast', 'the broadcast address'],
  ['unspecified', 'an unspecified address'],
  ['carrierGradeNat', 'a carrier-grade NAT address'],
]);

/**
 * Why webhooks may not go to this IP address ("a private address"); null for a public unicast
 * address. An IPv4-mapped IPv6 address is judged by the IPv4 address it maps to.
 */
export function forbiddenAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.parse(address);
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) {
    const mapped = parsed.toIPv4Address();
    const why = forbiddenAddress(mapped.toString());
    return why === null ? null : `an IPv4-mapped address of ${mapped.toString()}, ${why}`;
  }
  const range = parsed.range();
  return range === 'unicast' ? null : (RANGE_WORDS.get(range) ?? 'a reserved address');
}

/** Why `host` may not be called at these addresses ("localhost resolves to 127.0.0.1, a loopback address"); null when all are public. */
function refusedAddresses(host: string, addresses: readonly ResolvedAddress[]): string | null {
  if (addresses.length === 0) return `${host} resolves to no address`;
  for (const { address } of addresses) {
    const why = forbiddenAddress(address);
    if (why !== null) return `${host} resolves to ${address}, ${why}`;
  }
  return null;
}

/** The URL's host as a name or a bare IP address (IPv6 without its brackets). */
function urlHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

const MUST_BE_PUBLIC = 'must point to a public address;';

/**
 * What can be refused without DNS, as the rest of a sentence about the URL ("must be an https://
 * URL"): the scheme, and a host that is an IP address itself (the socket connects to it without
 * any lookup, so it is checked here and only here). Null when the host is a name still to be
 * resolved, or when private targets are allowed.
 */
export function refusedUrl(url: URL, policy: TargetPolicy): string | null {
  if (policy.allowPrivate) return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'must be an http:// or https:// URL';
  if (url.protocol !== 'https:') return 'must be an https:// URL';
  const host = urlHost(url);
  if (isIP(host) === 0) return null;
  const why = forbiddenAddress(host);
  return why === null ? null : `${MUST_BE_PUBLIC} ${host} is ${why}`;
}

/** Why `url` may not receive webhooks, in words for an API error on field `url`; null when it may. */
export async function refusedTarget(url: string, policy: TargetPolicy, lookup: LookupAll = lookupAll): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'URL is not a valid URL.';
  }
  const refused = refusedUrl(parsed, policy);
  if (refused !== null) return `URL ${refused}.`;
  const host = urlHost(parsed);
  if (policy.allowPrivate || isIP(host) !== 0) return null;
  let addresses: ResolvedAddress[];
  try {
    addresses = await lookup(host);
  } catch (err) {
    return `URL's host ${host} could not be resolved (${(err as NodeJS.ErrnoException).code ?? 'DNS error'}).`;
  }
  const why = refusedAddresses(host, addresses);
  return why === null ? null : `URL ${MUST_BE_PUBLIC} ${why}.`;
}

/** A delivery's connection refused because of the address it would reach; its message continues "the URL …". */
export class RefusedAddressError extends Error {
  readonly code = 'ERR_WEBHOOK_TARGET_REFUSED';
  constructor(why: string) {
    super(`${MUST_BE_PUBLIC} ${why}`);
  }
}

/**
 * The `lookup` of a delivery's socket: resolves the name once, refuses the connection if any
 * address is not public, and hands the socket exactly the addresses it checked, so the address
 * connected to is one that was checked (no second resolution in between).
 */
export function guardedLookup(lookup: LookupAll = lookupAll): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname).then(
      (addresses) => {
        const why = refusedAddresses(hostname, addresses);
        if (why !== null) return callback(new RefusedAddressError(why), '');
        const [first] = addresses; // never undefined here: an empty answer is refused above
        if (options.all || first === undefined) return callback(null, addresses);
        callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}
