/**
 * A node told to stop (a rolling restart) still answers a connection it accepted a moment before:
 * its request may arrive just after the stop began. Closing such a connection as idle would reset
 * it, and a proxy cannot safely retry a POST that met a reset.
 */
import net from 'node:net';
import { expect, it } from 'vitest';
import { startTestServer } from './test/testServer.ts';

/** Opens a connection, waits `delayMs` after `beforeWrite` ran, sends a request, and reads the whole answer. */
function requestAfter(url: string, beforeWrite: () => void, delayMs: number): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      beforeWrite();
      setTimeout(() => socket.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`), delayMs);
    });
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

it('answers a request that arrives on a just-accepted connection after the stop began, then closes it', async () => {
  const server = await startTestServer();
  let stopped: Promise<void> | undefined;
  const answer = await requestAfter(
    server.url,
    () => {
      stopped = server.stop();
    },
    100,
  );
  await stopped;
  expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  expect(answer.toLowerCase()).toContain('connection: close');
});
