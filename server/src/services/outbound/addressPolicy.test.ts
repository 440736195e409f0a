import { describe, expect, it } from 'vitest';
import {
  type AddressKind,
  classifyAddress,
  isAllowedOutboundAddress,
  isLoopbackHostname,
  parseIPv6,
} from './addressPolicy.ts';

describe('classifyAddress', () => {
  it.each<[string, AddressKind]>([
    // IPv4
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.100.100.200', 'private'],
    ['100.128.0.1', 'public'],
    ['169.254.169.254', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    // IPv6
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:81c::200e', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001:0:4136:e378::1', 'reserved'],
    ['fec0::1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    // IPv4 inside IPv6: judged by the embedded address
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::808:808', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:808:808::1', 'public'],
    // Not addresses
    ['localhost', 'invalid'],
    ['127.1', 'invalid'],
    ['', 'invalid'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});

describe('isAllowedOutboundAddress', () => {
  it.each<[string, boolean, boolean]>([
    ['8.8.8.8', false, true],
    ['2606:4700:4700::1111', false, true],
    ['127.0.0.1', false, false],
    ['127.0.0.1', true, true],
    ['::1', true, true],
    ['::ffff:127.0.0.1', true, true],
    // The test-only switch lets loopback through, nothing else.
    ['10.1.2.3', true, false],
    ['169.254.169.254', true, false],
    ['fd00:ec2::254', true, false],
    ['0.0.0.0', true, false],
  ])('%s with allowLoopback=%s → %s', (address, allowLoopback, allowed) => {
    expect(isAllowedOutboundAddress(address, { allowLoopback })).toBe(allowed);
  });
});

describe('parseIPv6', () => {
  it('reads every spelling of the same address alike and refuses malformed text', () => {
    const expected = parseIPv6('2001:db8:0:0:0:0:0:1');
    for (const text of ['2001:db8::1', '2001:0db8::0001', '2001:DB8:0::1']) expect(parseIPv6(text)).toBe(expected);
    expect(parseIPv6('::ffff:1.2.3.4')).toBe(parseIPv6('::ffff:102:304'));
    for (const bad of [
      '1::2::3',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9',
      '::ffff:1.2.3.256',
      'g::1',
      '1:2:3:4::5:6:7:8',
    ]) {
      expect(parseIPv6(bad)).toBeUndefined();
    }
  });
});

describe('isLoopbackHostname', () => {
  it.each([
    ['localhost', true],
    ['LOCALHOST.', true],
    ['api.localhost', true],
    ['localhost.example.org', false],
    ['mylocalhost', false],
  ])('%s → %s', (hostname, expected) => {
    expect(isLoopbackHostname(hostname)).toBe(expected);
  });
});
