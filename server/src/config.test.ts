/**
 * The test-only loopback switch for outgoing fetches: its name, its older webhook-only name, and
 * a production server that refuses to start with either.
 */
import { describe, expect, it } from 'vitest';
import { OUTBOUND_LOOPBACK_IN_PRODUCTION, parseConfig } from './config.ts';

describe('OUTBOUND_ALLOW_LOOPBACK', () => {
  it.each([
    [{}, false],
    [{ OUTBOUND_ALLOW_LOOPBACK: 'true' }, true],
    [{ WEBHOOK_ALLOW_LOOPBACK: 'true' }, true],
    [{ OUTBOUND_ALLOW_LOOPBACK: 'false', WEBHOOK_ALLOW_LOOPBACK: '1' }, true],
    [{ OUTBOUND_ALLOW_LOOPBACK: '1', WEBHOOK_ALLOW_LOOPBACK: 'false' }, true],
    [{ OUTBOUND_ALLOW_LOOPBACK: 'false', WEBHOOK_ALLOW_LOOPBACK: 'false' }, false],
  ])('%o turns loopback on for every outgoing fetch: %s', (env, allowed) => {
    const config = parseConfig(env);
    expect(config.outbound.allowLoopback).toBe(allowed);
    expect(config.webhooks.allowLoopback).toBe(allowed);
  });

  it.each(['OUTBOUND_ALLOW_LOOPBACK', 'WEBHOOK_ALLOW_LOOPBACK'])('%s=true stops a production server', (name) => {
    expect(() => parseConfig({ NODE_ENV: 'production', [name]: 'true' })).toThrow(OUTBOUND_LOOPBACK_IN_PRODUCTION);
    expect(parseConfig({ NODE_ENV: 'production', [name]: 'false' }).outbound.allowLoopback).toBe(false);
  });

  it('refuses a value that is not a yes or no', () => {
    expect(() => parseConfig({ OUTBOUND_ALLOW_LOOPBACK: 'yes please' })).toThrow(/OUTBOUND_ALLOW_LOOPBACK/);
  });
});
