/**
 * Turns a webhook URL into the addresses a delivery may connect to: http(s) only, the host
 * resolved once, and every resolved address checked against the address policy. The sender
 * then connects to exactly these addresses, so a DNS answer that changes between the check and
 * the connection (rebinding) cannot redirect it. The same check runs when the URL is saved.
 */
import dns from 'node:dns';
import net from 'node:net';
import { WEBHOOK_URL_NOT_HTTP, WEBHOOK_URL_PRIVATE, WEBHOOK_URL_UNRESOLVED } from '@formscribe/common/schemas/webhook';
import { type AddressPolicyOptions, isAllowedWebhookAddress, isLoopbackHostname } from './addressPolicy.ts';

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

/** Why a URL may not be used. `permanent` refusals are not worth retrying at delivery. */
export class WebhookTargetRefused extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface TargetCheckOptions extends AddressPolicyOptions {
  resolve?: HostResolver;
}

export function webhookHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

export async function checkWebhookTarget(rawUrl: string, options: TargetCheckOptions): Promise<CheckedTarget> {
  const url = URL.canParse(rawUrl) ? new URL(rawUrl) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new WebhookTargetRefused(WEBHOOK_URL_NOT_HTTP, true);
  }
  const hostname = webhookHostname(url);
  if (isLoopbackHostname(hostname) && !options.allowLoopback) throw new WebhookTargetRefused(WEBHOOK_URL_PRIVATE, true);
  const family = net.isIP(hostname);
  let addresses: ResolvedAddress[];
  if (family === 4 || family === 6) addresses = [{ address: hostname, family }];
  else {
    // A failed lookup may be passing (the receiver's DNS being down), so it is worth a retry.
    addresses = await (options.resolve ?? systemResolver)(hostname).catch(() => []);
    if (!addresses.length) throw new WebhookTargetRefused(WEBHOOK_URL_UNRESOLVED, false);
  }
  // One bad address is enough to refuse: the connection could otherwise land on it.
  if (!addresses.every(({ address }) => isAllowedWebhookAddress(address, options))) {
    throw new WebhookTargetRefused(WEBHOOK_URL_PRIVATE, true);
  }
  return { url, hostname, addresses };
}
