/**
 * A socket that behaves like the app's tab (client/src/realtime/liveSocket.ts): it reconnects by
 * itself after losing its connection and, on every (re)connect, asks again to watch its form. It
 * keeps why it was disconnected and which images it heard progress about, for tests of nodes
 * going away under it.
 */
import { io } from 'socket.io-client';
import { SESSION_COOKIE } from '../services/sessions.ts';
import type { TestSocket } from './socketClient.ts';
import type { TestClient } from './testClient.ts';

export interface WatchingTab {
  socket: TestSocket;
  /** Reasons of every disconnect so far ("transport close", "io server disconnect"…). */
  disconnects: string[];
  /** How many times it connected and had its watch confirmed (1 before any reconnect). */
  watchesConfirmed: number;
  /** Images named by the owners' form:images-progress events since the start. */
  progressSeen: Set<number>;
  close(): void;
}

/** Connects through `url` (a load balancer) and watches `formId` as `client`'s user. */
export async function openWatchingTab(url: string, client: TestClient, formId: number): Promise<WatchingTab> {
  const cookie = client.cookie(SESSION_COOKIE);
  const socket: TestSocket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: true,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1_000,
    extraHeaders: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {},
  });
  const tab: WatchingTab = {
    socket,
    disconnects: [],
    watchesConfirmed: 0,
    progressSeen: new Set(),
    close: () => socket.disconnect(),
  };
  socket.on('disconnect', (reason) => tab.disconnects.push(reason));
  socket.on('form:images-progress', (event) => {
    for (const image of event.images) tab.progressSeen.add(image.id);
  });
  const firstWatch = new Promise<void>((resolve, reject) => {
    socket.on('connect', async () => {
      const ack = await socket
        .timeout(5_000)
        .emitWithAck('watch:form', formId)
        .catch(() => undefined);
      if (ack?.ok) {
        tab.watchesConfirmed += 1;
        resolve();
      } else reject(new Error(`watch:form refused: ${JSON.stringify(ack)}`));
    });
  });
  await firstWatch;
  return tab;
}
