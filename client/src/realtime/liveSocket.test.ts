import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClientToServerEvents, ServerToClientEvents } from '@formscribe/common/realtime';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveConnection, type WatchTarget } from './liveSocket.ts';

/** A real Socket.IO server that accepts watches of even ids and refuses odd ones, as a policy would. */
async function watchServer(ackDelayMs = 0) {
  const httpServer = http.createServer();
  // The test page (jsdom) has an origin of its own: let it in, as our same-origin app never needs to.
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(httpServer, {
    cors: { origin: true, credentials: true },
  });
  io.on('connection', (socket) => {
    // Answered after `ackDelayMs`, as a busy server joins a room.
    const later = (answer: () => void) => setTimeout(answer, ackDelayMs);
    socket.on('watch:form', (id, ack) =>
      later(() => ack(id % 2 === 0 ? { ok: true, role: 'owner' } : { ok: false, error: 'no' })),
    );
    socket.on('watch:image', (_id, ack) => later(() => ack({ ok: true })));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => io.close(() => resolve())) };
}

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function connected() {
  const server = await watchServer();
  const connection = new LiveConnection(server.url);
  cleanups.push(server.close, () => connection.disconnect());
  const resyncs: WatchTarget[][] = [];
  connection.onResync((targets, reconnected) => {
    if (!reconnected) resyncs.push(targets);
  });
  connection.connect();
  await new Promise<void>((resolve) => connection.socket.once('connect', () => resolve()));
  return { connection, resyncs };
}

const sortedTargets = (resyncs: WatchTarget[][]) =>
  resyncs
    .flat()
    .map((target) => `${target.kind}:${target.id}`)
    .sort();

const until = async (check: () => boolean) => {
  for (let i = 0; i < 1000 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
};

/** A connection whose page watches `targets` before it connects, as a page loaded before its socket does. */
async function connectingWith(targets: WatchTarget[], options: { ackDelayMs: number }) {
  const server = await watchServer(options.ackDelayMs);
  const connection = new LiveConnection(server.url);
  cleanups.push(server.close, () => connection.disconnect());
  const resyncs: { targets: string[]; reconnected: boolean; at: number }[] = [];
  connection.onResync((resynced, reconnected) =>
    resyncs.push({ targets: sortedTargets([resynced]), reconnected, at: Date.now() }),
  );
  for (const target of targets) connection.watch(target);
  connection.connect();
  await new Promise<void>((resolve) => connection.socket.once('connect', () => resolve()));
  return { resyncs, connectedAt: Date.now() };
}

describe('LiveConnection', () => {
  it('on connecting, reads the watched data again only once the server has joined the watches, in one resync', async () => {
    const { resyncs, connectedAt } = await connectingWith(
      [
        { kind: 'form', id: 2 },
        { kind: 'image', id: 7 },
      ],
      { ackDelayMs: 150 },
    );
    expect(resyncs).toEqual([]);
    await until(() => resyncs.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(resyncs.map(({ targets, reconnected }) => ({ targets, reconnected }))).toEqual([
      { targets: ['form:2', 'image:7'], reconnected: true },
    ]);
    expect(resyncs[0]?.at ?? 0).toBeGreaterThanOrEqual(connectedAt + 100);
  });

  it('on connecting with only refused watches, still reads the user and the forms list again', async () => {
    const { resyncs } = await connectingWith([{ kind: 'form', id: 3 }], { ackDelayMs: 0 });
    await until(() => resyncs.length > 0);
    expect(resyncs.map(({ targets, reconnected }) => ({ targets, reconnected }))).toEqual([
      { targets: [], reconnected: true },
    ]);
  });

  it('re-reads a page’s data once the server confirms its new watch, each watch once', async () => {
    const { connection, resyncs } = await connected();
    connection.watch({ kind: 'form', id: 2 });
    connection.watch({ kind: 'form', id: 4 });
    connection.watch({ kind: 'image', id: 7 });
    await until(() => resyncs.flat().length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Confirmations that arrive together are gathered into one resync; how they arrive is the network's business.
    expect(sortedTargets(resyncs)).toEqual(['form:2', 'form:4', 'image:7']);
  });

  it('does not resync a watch the server refused, or one the page already left', async () => {
    const { connection, resyncs } = await connected();
    connection.watch({ kind: 'form', id: 3 });
    const stop = connection.watch({ kind: 'form', id: 6 });
    stop();
    connection.watch({ kind: 'form', id: 8 });
    await until(() => resyncs.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sortedTargets(resyncs)).toEqual(['form:8']);
  });
});
