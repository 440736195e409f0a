/**
 * The guarded fetch against a real, misbehaving web server on 127.0.0.1 (test/outboundStandIn.ts):
 * refused addresses are never connected to, every redirect hop is judged again, and a loop, an
 * endless or oversized body and a slow server each end the fetch with their own reason.
 */
import {
  OUTBOUND_ADDRESS_PRIVATE,
  OUTBOUND_HOST_UNRESOLVED,
  OUTBOUND_URL_NOT_HTTP,
  outboundTimedOut,
  outboundTooLarge,
  outboundTooManyRedirects,
} from '@formscribe/common/outboundFetchMessages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.ts';
import { OutboundStandIn } from '../../test/outboundStandIn.ts';
import { waitUntil } from '../../test/webhookReceiver.ts';
import { type GuardedFetchOptions, guardedFetch } from './guardedFetch.ts';
import type { HostResolver } from './outboundTarget.ts';

let standIn: OutboundStandIn;
beforeAll(async () => {
  standIn = await OutboundStandIn.start();
});
afterAll(() => standIn.stop());
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.bytesSent = 0;
});

const MEGABYTE = 1024 * 1024;
const limits = { maxRedirects: 3, timeoutMs: 5000, maxBytes: MEGABYTE };
const withSwitch: GuardedFetchOptions = { ...limits, allowLoopback: true };
const production: GuardedFetchOptions = { ...limits, allowLoopback: false };

/** A DNS that answers from a table (names under .test exist nowhere else). */
const tableResolver =
  (table: Record<string, string>): HostResolver =>
  async (hostname) => {
    const address = table[hostname];
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };

async function failure(url: string, options: GuardedFetchOptions) {
  const error = await guardedFetch(url, options).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Error)) throw new Error(`${url} was fetched`);
  return { reason: 'reason' in error ? error.reason : undefined, message: error.message };
}

describe('addresses', () => {
  it('fetches from the local server with the test-only switch, as the alias in config turns it on', async () => {
    for (const env of [{ OUTBOUND_ALLOW_LOOPBACK: 'true' }, { WEBHOOK_ALLOW_LOOPBACK: 'true' }]) {
      const { allowLoopback } = parseConfig(env).outbound;
      const answer = await guardedFetch(standIn.url('/ok'), { ...limits, allowLoopback });
      expect(answer).toMatchObject({ status: 200, contentType: 'application/json' });
      expect(JSON.parse(answer.body.toString())).toEqual({ label: 'Ledger 1871' });
    }
    expect(parseConfig({}).outbound.allowLoopback).toBe(false);
  });

  it('connects to the address it checked, once resolved, with the URL’s host as Host', async () => {
    const asked: string[] = [];
    // A rebinding DNS: the first answer passes, any later one would point at a private address.
    const resolve: HostResolver = async (hostname) => {
      asked.push(hostname);
      return [{ address: asked.length === 1 ? '127.0.0.1' : '10.0.0.9', family: 4 }];
    };
    const answer = await guardedFetch(`http://images.test:${standIn.port}/ok`, { ...withSwitch, resolve });
    expect(answer.status).toBe(200);
    expect(asked).toEqual(['images.test']);
    expect(standIn.requests).toEqual([{ path: '/ok', host: `images.test:${standIn.port}` }]);
  });

  it.each([
    '/ok',
    'http://[::1]:PORT/ok',
    'http://localhost:PORT/ok',
    'http://[::ffff:127.0.0.1]:PORT/ok',
    'http://loopback.test:PORT/ok',
  ])('refuses loopback (%s) without the switch, before connecting', async (path) => {
    const url = path.startsWith('/') ? standIn.url(path) : path.replace('PORT', String(standIn.port));
    const resolve = tableResolver({ 'loopback.test': '127.0.0.1' });
    expect(await failure(url, { ...production, resolve })).toEqual({
      reason: 'private',
      message: OUTBOUND_ADDRESS_PRIVATE,
    });
    expect(standIn.requests).toEqual([]);
  });

  it.each([
    'http://10.0.0.1/',
    'http://192.168.1.1/',
    'http://172.16.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/',
    'http://100.100.100.200/latest/meta-data/',
    'http://[fe80::1]/',
    'http://metadata.test/computeMetadata/v1/',
  ])('refuses private and metadata addresses (%s), the switch on or off', async (url) => {
    const resolve = tableResolver({ 'metadata.test': '169.254.169.254' });
    for (const options of [production, withSwitch]) {
      expect(await failure(url, { ...options, resolve })).toEqual({
        reason: 'private',
        message: OUTBOUND_ADDRESS_PRIVATE,
      });
    }
  });

  it('refuses what is not http(s), and says when a host cannot be found', async () => {
    expect(await failure('file:///etc/passwd', withSwitch)).toEqual({
      reason: 'not-http',
      message: OUTBOUND_URL_NOT_HTTP,
    });
    const resolve = tableResolver({});
    expect(await failure('https://nowhere.test/manifest.json', { ...withSwitch, resolve })).toEqual({
      reason: 'unresolved',
      message: OUTBOUND_HOST_UNRESOLVED,
    });
  });
});

describe('redirects', () => {
  it('follows redirects up to the limit, each hop to its own checked address', async () => {
    const answer = await guardedFetch(standIn.url('/hops/3'), withSwitch);
    expect(answer.body.toString()).toBe('here');
    expect(answer.url.pathname).toBe('/hops/0');
    expect(standIn.requests.map((r) => r.path)).toEqual(['/hops/3', '/hops/2', '/hops/1', '/hops/0']);
  });

  it.each([
    // 0.0.0.0 reaches this machine on Linux: followed, it would land on the stand-in itself.
    'http://0.0.0.0:PORT/ok',
    'http://10.0.0.5/',
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://inside.test/',
  ])('refuses a redirect to %s at that hop, with the switch on', async (to) => {
    const resolve = tableResolver({ 'inside.test': '10.0.0.5' });
    const start = standIn.url(`/redirect?to=${encodeURIComponent(to.replace('PORT', String(standIn.port)))}`);
    expect(await failure(start, { ...withSwitch, resolve })).toEqual({
      reason: 'private',
      message: OUTBOUND_ADDRESS_PRIVATE,
    });
    expect(standIn.requests.map((r) => r.path)).toEqual([new URL(start).pathname + new URL(start).search]);
  });

  it('refuses a redirect to a non-http scheme at that hop', async () => {
    const start = standIn.url(`/redirect?to=${encodeURIComponent('file:///etc/passwd')}`);
    expect(await failure(start, withSwitch)).toEqual({ reason: 'not-http', message: OUTBOUND_URL_NOT_HTTP });
    expect(standIn.requests).toHaveLength(1);
  });

  it('stops a redirect loop after the limit', async () => {
    expect(await failure(standIn.url('/loop'), withSwitch)).toEqual({
      reason: 'redirects',
      message: outboundTooManyRedirects(3),
    });
    expect(standIn.requests.map((r) => r.path)).toEqual(['/loop', '/loop', '/loop', '/loop']);
    expect(await failure(standIn.url('/hops/4'), withSwitch)).toMatchObject({ reason: 'redirects' });
  });
});

describe('size and time', () => {
  it('cuts off a body that never ends once it passes the limit', async () => {
    expect(await failure(standIn.url('/forever'), withSwitch)).toEqual({
      reason: 'too-large',
      message: outboundTooLarge(MEGABYTE),
    });
    // The server stops writing because the client hung up, long before it could send much more.
    const sentSoFar = () => standIn.bytesSent;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const settled = sentSoFar();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sentSoFar()).toBe(settled);
    expect(settled).toBeLessThan(16 * MEGABYTE);
  });

  it('refuses a declared 10 GB body without reading it', async () => {
    expect(await failure(standIn.url('/ten-gigabytes'), withSwitch)).toEqual({
      reason: 'too-large',
      message: outboundTooLarge(MEGABYTE),
    });
    await waitUntil(() => standIn.requests.length === 1, 2000, 'the request');
    expect(standIn.bytesSent).toBeLessThan(16 * MEGABYTE);
  });

  it('gives up on a server that is slow to answer, or slow to finish its body', async () => {
    const quick = { ...withSwitch, timeoutMs: 300 };
    for (const path of ['/slow/3000', '/drip']) {
      expect(await failure(standIn.url(path), quick)).toEqual({ reason: 'timeout', message: outboundTimedOut(300) });
    }
  });

  it('stops when the caller cancels', async () => {
    const controller = new AbortController();
    const fetching = failure(standIn.url('/drip'), { ...withSwitch, signal: controller.signal });
    await waitUntil(() => standIn.requests.length === 1, 2000, 'the request');
    controller.abort();
    expect(await fetching).toMatchObject({ reason: 'cancelled' });
  });

  it('reports an error status as such', async () => {
    const error = await guardedFetch(standIn.url('/status/404'), withSwitch).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'http-status', status: 404, message: 'The server answered HTTP 404' });
  });
});
