/**
 * Who can read the metrics: Prometheus on the separate metrics port, or with the bearer token on
 * the public port, and nobody else. Metrics name routes and volumes, so the public port never
 * serves them to an anonymous caller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/testServer.ts';
import { METRICS_TOKEN_REQUIRED } from './metricsEndpoint.ts';

const TOKEN = 'scrape-token-0123456789abcdef';
const METRICS_MARK = 'formscribe_http_requests_total';

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

describe('metrics on their own port (METRICS_PORT)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_PORT: '0' });
  });
  afterAll(() => server.stop());

  it('serves Prometheus text on the loopback metrics port', async () => {
    const url = server.deps.metrics.serverUrl ?? '';
    expect(new URL(url).hostname).toBe('127.0.0.1');
    expect(new URL(url).port).not.toBe(new URL(server.url).port);
    const answer = await get(url);
    expect(answer.status).toBe(200);
    expect(answer.type).toContain('text/plain');
    expect(answer.text).toContain(`# TYPE ${METRICS_MARK} counter`);
    expect(answer.text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(answer.text).toContain('formscribe_socket_connections');
    expect(answer.text).toContain('formscribe_job_queue_depth{queue="send-mail"}');
  });

  it('answers nothing else there', async () => {
    const other = new URL(server.deps.metrics.serverUrl ?? '');
    other.pathname = '/api/health';
    expect((await get(other.toString())).status).toBe(404);
  });

  it('does not serve them on the public port, token or not', async () => {
    const attempts: Array<Record<string, string>> = [{}, { authorization: `Bearer ${TOKEN}` }];
    for (const headers of attempts) {
      const answer = await get(`${server.url}/metrics`, headers);
      expect(answer.text).not.toContain(METRICS_MARK);
    }
  });
});

describe('metrics on the public port behind a token (METRICS_TOKEN)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN, METRICS_PATH: '/internal/metrics' });
  });
  afterAll(() => server.stop());

  it('refuses a caller without the token or with a wrong one', async () => {
    const url = `${server.url}/internal/metrics`;
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrong-token-0123456789abcdef' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` },
      { cookie: `token=${TOKEN}` },
    ];
    for (const headers of attempts) {
      const answer = await get(url, headers);
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.text)).toEqual({ message: METRICS_TOKEN_REQUIRED });
    }
  });

  it('serves them with the token, and opens no metrics port', async () => {
    const answer = await get(`${server.url}/internal/metrics`, { authorization: `Bearer ${TOKEN}` });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(METRICS_MARK);
    expect(server.deps.metrics.serverUrl).toBeUndefined();
  });
});

describe('metrics without METRICS_PORT or METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('are served nowhere', async () => {
    expect(server.deps.metrics.serverUrl).toBeUndefined();
    const answer = await get(`${server.url}/metrics`);
    expect(answer.text).not.toContain(METRICS_MARK);
  });
});
