/** The metrics settings an operator can get wrong are refused at start, with the setting named. */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';

describe('metrics settings', () => {
  it('are off unless a port or a token says where to serve them', () => {
    expect(parseConfig({}).metrics).toMatchObject({ enabled: false, path: '/metrics', host: '127.0.0.1' });
    expect(parseConfig({ METRICS_PORT: '9464' }).metrics).toMatchObject({
      enabled: true,
      port: 9464,
      token: undefined,
    });
    expect(parseConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metrics).toMatchObject({ enabled: true, port: undefined });
  });

  it('refuse a short token and a path the app already uses', () => {
    expect(() => parseConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    for (const path of ['/api/metrics', '/socket.io', 'metrics']) {
      expect(() => parseConfig({ METRICS_PATH: path })).toThrow(/METRICS_PATH/);
    }
  });
});
