/**
 * The warning a server with TRUST_PROXY=true logs when a client reaches it from a public address,
 * where only a proxy should connect. The test machine has no public address, so the test makes
 * a real TCP connection on loopback and hands its server end to the app's HTTP server reporting
 * the peer the internet would show; the request on it is parsed and answered by the real app.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECT_CLIENT_WARNING } from './directClientWarning.ts';
import { captureServerLogs } from './test/logCapture.ts';
import { startTestServer, type TestServer } from './test/testServer.ts';

/** `GET /api/health` over a connection that reaches `server` from `peerAddress`; the answer's status. */
async function healthCheckFrom(server: TestServer, peerAddress: string, forwardedFor: string): Promise<number> {
  const relay = net.createServer();
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as net.AddressInfo;
  const accepted = new Promise<net.Socket>((resolve) => relay.once('connection', resolve));
  const client = net.connect(port, '127.0.0.1');
  const serverEnd = await accepted;
  relay.close();
  Object.defineProperty(serverEnd, 'remoteAddress', { value: peerAddress });
  server.httpServer.emit('connection', serverEnd);

  let answer = '';
  client.on('data', (chunk: Buffer) => {
    answer += chunk.toString();
  });
  const ended = new Promise<void>((resolve) => client.once('end', resolve));
  client.write(
    `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${forwardedFor}\r\nConnection: close\r\n\r\n`,
  );
  await ended;
  client.destroy();
  return Number(answer.match(/^HTTP\/1\.1 (\d{3})/)?.[1]);
}

const warnings = (logs: ReturnType<typeof captureServerLogs>) =>
  logs.entries().filter((entry) => entry.msg === DIRECT_CLIENT_WARNING);

describe('with TRUST_PROXY=true', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
  });
  afterAll(() => server.stop());

  it('says nothing while connections come from the proxy’s side: this machine or a private network', async () => {
    const logs = captureServerLogs(server, 'warn');
    expect(await healthCheckFrom(server, '127.0.0.1', '81.2.69.160')).toBe(200);
    expect(await healthCheckFrom(server, '172.18.0.5', '81.2.69.161')).toBe(200);
    expect(await healthCheckFrom(server, '::ffff:10.0.0.7', '81.2.69.162')).toBe(200);
    expect(warnings(logs)).toEqual([]);
  });

  it('warns once, naming the address, when clients connect from public addresses', async () => {
    const logs = captureServerLogs(server, 'warn');
    // A client on the internet sends an address of its choosing: the request is still served.
    expect(await healthCheckFrom(server, '81.2.69.160', '10.9.8.7')).toBe(200);
    expect(await healthCheckFrom(server, '2a00:1450:4001:80b::200e', '10.9.8.6')).toBe(200);
    expect(warnings(logs)).toEqual([expect.objectContaining({ level: 40, clientAddress: '81.2.69.160' })]);
  });
});

describe('with TRUST_PROXY off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('never warns: X-Forwarded-For is not read at all', async () => {
    const logs = captureServerLogs(server, 'warn');
    expect(await healthCheckFrom(server, '81.2.69.160', '10.9.8.7')).toBe(200);
    expect(warnings(logs)).toEqual([]);
  });
});
