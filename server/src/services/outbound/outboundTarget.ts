/**
 * Turns a URL into the addresses an outgoing request may connect to: http(s) only, the host
 * resolved once, and every resolved address checked against the address policy. The caller then
 * connects to exactly these addresses (pinnedLookup), so a DNS answer that changes between the
 * check and the connection (rebinding) cannot send it elsewhere.
 */
import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import { type AddressPolicyOptions, isAllowedOutboundAddress, isLoopbackHostname } from './addressPolicy.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (the system resolver, like any client would use). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) => {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

export interface CheckedTarget {
  url: URL;
  /** The host as written, without IPv6 brackets: it stays the Host header and the TLS name. */
  hostname: string;
  /** Every address the host resolved to, all allowed by the policy. */
  addresses: ResolvedAddress[];
}

/** Why a URL may not be reached: not http(s), a refused address, or a host that did not resolve. */
export type TargetRefusal = 'not-http' | 'private' | 'unresolved';

export class OutboundTargetRefused extends Error {
  constructor(readonly reason: TargetRefusal) {
    super(`Outbound target refused: ${reason}`);
  }

  /** A refused address or scheme stays refused; a failed lookup may pass (the host's DNS being down). */
  get permanent(): boolean {
    return this.reason !== 'unresolved';
  }
}

export interface TargetCheckOptions extends AddressPolicyOptions {
  resolve?: HostResolver;
}

export function targetHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Checks `rawUrl` (a string, or a URL already parsed, e.g. a redirect's Location). */
export async function checkOutboundTarget(rawUrl: string | URL, options: TargetCheckOptions): Promise<CheckedTarget> {
  const url = rawUrl instanceof URL ? rawUrl : URL.canParse(rawUrl) ? new URL(rawUrl) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new OutboundTargetRefused('not-http');
  const hostname = targetHostname(url);
  if (isLoopbackHostname(hostname) && !options.allowLoopback) throw new OutboundTargetRefused('private');
  const family = net.isIP(hostname);
  let addresses: ResolvedAddress[];
  if (family === 4 || family === 6) addresses = [{ address: hostname, family }];
  else {
    addresses = await (options.resolve ?? systemResolver)(hostname).catch(() => []);
    if (!addresses.length) throw new OutboundTargetRefused('unresolved');
  }
  // One bad address is enough to refuse: the connection could otherwise land on it.
  if (!addresses.every(({ address }) => isAllowedOutboundAddress(address, options))) {
    throw new OutboundTargetRefused('private');
  }
  return { url, hostname, addresses };
}

/** A `lookup` for http.request that answers with the addresses the policy already approved. */
export function pinnedLookup(target: CheckedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    const [first] = target.addresses;
    if (options.all) callback(null, target.addresses);
    else if (first) callback(null, first.address, first.family);
    else callback(Object.assign(new Error('no checked address'), { code: 'ENOTFOUND' }), '', 4);
  };
}

/** The options of an http(s).request that goes to the checked addresses only, on a fresh socket. */
export function pinnedRequestOptions(target: CheckedTarget) {
  const { url } = target;
  return {
    host: target.hostname,
    port: url.port || undefined,
    path: `${url.pathname}${url.search}`,
    auth: url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
    lookup: pinnedLookup(target),
    // A fresh socket per request: a pooled one could have been opened to another address.
    agent: false,
  } as const;
}
