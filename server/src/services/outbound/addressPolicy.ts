/**
 * Which IP addresses an outgoing request (a webhook delivery, a IIIF fetch) may reach: the one
 * set of rules used when a URL is saved and again, on the resolved addresses, right before each
 * connection and at every redirect (SSRF defence). Anything that is not a public unicast address is refused: loopback, private
 * (RFC 1918, CGNAT, IPv6 unique-local), link-local, cloud metadata, unspecified, multicast and
 * reserved ranges. Addresses that embed an IPv4 address (IPv4-mapped, NAT64, 6to4) are judged
 * by the address they embed, so `::ffff:127.0.0.1` is loopback.
 */
import net from 'node:net';

export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'unspecified'
  | 'multicast'
  | 'reserved'
  | 'invalid';

export interface AddressPolicyOptions {
  /** Test-only (OUTBOUND_ALLOW_LOOPBACK): lets loopback through so tests can reach their own local servers. */
  allowLoopback: boolean;
}

type Range<T> = readonly [network: T, prefix: number, kind: AddressKind];

/** First match wins, so narrower ranges (metadata) come before the ones containing them. */
const IPV4_RANGES: readonly Range<string>[] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private'], // carrier-grade NAT; also Alibaba's metadata service
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.169.254', 32, 'metadata'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // includes the broadcast address
];

const IPV6_RANGES: readonly Range<string>[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['fd00:ec2::254', 128, 'metadata'], // AWS's IPv6 instance metadata
  ['fc00::', 7, 'private'],
  ['fe80::', 10, 'link-local'],
  ['ff00::', 8, 'multicast'],
  ['2001::', 32, 'reserved'], // Teredo: tunnels to addresses we cannot see
  ['2001:db8::', 32, 'reserved'],
  ['100::', 64, 'reserved'],
];

/** Prefixes whose low bits carry an IPv4 address: [network, prefix, bit offset of the IPv4 address]. */
const IPV4_CARRIERS: readonly (readonly [string, number, number])[] = [
  ['::ffff:0:0', 96, 0], // IPv4-mapped
  ['64:ff9b::', 96, 0], // NAT64
  ['2002::', 16, 80], // 6to4: the IPv4 address follows the prefix
];

const GLOBAL_UNICAST: Range<bigint> = [0x2n << 124n, 3, 'public'];

export function parseIPv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return undefined;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

/** An IPv6 address as a 128-bit integer (zone ids dropped, embedded dotted quads understood). */
export function parseIPv6(text: string): bigint | undefined {
  let address = text.split('%')[0] ?? '';
  const lastColon = address.lastIndexOf(':');
  const tail = address.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseIPv4(tail);
    if (v4 === undefined) return undefined;
    address = `${address.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  return groups.reduce((value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

const inRange = (value: bigint, network: bigint, prefix: number, bits: number) =>
  value >> BigInt(bits - prefix) === network >> BigInt(bits - prefix);

function parsedIPv6(text: string): bigint {
  const value = parseIPv6(text);
  if (value === undefined) throw new Error(`bad range ${text}`);
  return value;
}

const V4_RANGES = IPV4_RANGES.map(
  ([network, prefix, kind]) => [BigInt(parseIPv4(network) ?? 0), prefix, kind] as const,
);
const V6_RANGES = IPV6_RANGES.map(([network, prefix, kind]) => [parsedIPv6(network), prefix, kind] as const);
const V6_CARRIERS = IPV4_CARRIERS.map(([network, prefix, offset]) => [parsedIPv6(network), prefix, offset] as const);

function classifyIPv4(value: number): AddressKind {
  for (const [network, prefix, kind] of V4_RANGES) if (inRange(BigInt(value), network, prefix, 32)) return kind;
  return 'public';
}

function classifyIPv6(value: bigint): AddressKind {
  for (const [network, prefix, offset] of V6_CARRIERS) {
    if (inRange(value, network, prefix, 128)) return classifyIPv4(Number((value >> BigInt(offset)) & 0xffffffffn));
  }
  for (const [network, prefix, kind] of V6_RANGES) if (inRange(value, network, prefix, 128)) return kind;
  const [network, prefix] = GLOBAL_UNICAST;
  // Outside 2000::/3 nothing is routable on the internet today (IPv4-compatible, site-local ...).
  return inRange(value, network, prefix, 128) ? 'public' : 'reserved';
}

/** What kind of address `address` (an IP literal, v4 or v6, without brackets) is. */
export function classifyAddress(address: string): AddressKind {
  const family = net.isIP(address.split('%')[0] ?? '');
  if (family === 4) {
    const value = parseIPv4(address);
    return value === undefined ? 'invalid' : classifyIPv4(value);
  }
  if (family === 6) {
    const value = parseIPv6(address);
    return value === undefined ? 'invalid' : classifyIPv6(value);
  }
  return 'invalid';
}

/**
 * `localhost` and its subdomains mean this machine by definition (RFC 6761), whatever a resolver
 * says; judged by name so the answer does not depend on the system's resolver configuration.
 */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** True when an outgoing request may connect to `address`. */
export function isAllowedOutboundAddress(address: string, options: AddressPolicyOptions): boolean {
  const kind = classifyAddress(address);
  return kind === 'public' || (kind === 'loopback' && options.allowLoopback);
}
