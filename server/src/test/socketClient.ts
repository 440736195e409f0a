/** A real socket.io-client connection carrying a TestClient's session cookie, as a browser tab would. */
import type { ClientToServerEvents, ServerToClientEvents, WatchAck } from '@formscribe/common/realtime';
import type { ImageResponse } from '@formscribe/common/schemas/form';
import { io, type Socket } from 'socket.io-client';
import { SESSION_COOKIE } from '../services/sessions.ts';
import type { TestClient } from './testClient.ts';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export function openSocket(url: string, client?: TestClient, origin?: string): TestSocket {
  const cookie = client?.cookie(SESSION_COOKIE);
  return io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}), ...(origin ? { origin } : {}) },
  });
}

export function connected(socket: TestSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

export async function connect(url: string, client?: TestClient): Promise<TestSocket> {
  const socket = openSocket(url, client);
  await connected(socket);
  return socket;
}

export function watchForm(socket: TestSocket, formId: number): Promise<WatchAck> {
  return socket.timeout(5000).emitWithAck('watch:form', formId);
}

export function watchImage(socket: TestSocket, imageId: number): Promise<WatchAck> {
  return socket.timeout(5000).emitWithAck('watch:image', imageId);
}

/** The next `event` matching `predicate`, or a timeout error. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  predicate: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
  timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler as never);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!predicate(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler as never);
      resolve(payload);
    };
    socket.on(event, handler as never);
  });
}

/** Collects every `event` until stopped, to show that something did NOT arrive. */
export function recordEvents<E extends keyof ServerToClientEvents>(socket: TestSocket, event: E) {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  const handler = (payload: Parameters<ServerToClientEvents[E]>[0]) => seen.push(payload);
  socket.on(event, handler as never);
  return { seen, stop: () => socket.off(event, handler as never) };
}

export function disconnected(socket: TestSocket, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (socket.disconnected) return resolve('already');
    const timer = setTimeout(() => reject(new Error('still connected')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/**
 * The next state of an image as the form's owners hear it: their images come together in
 * `form:images-progress` (the image's own watchers get `image:progress`).
 */
export async function nextOwnerImage(
  socket: TestSocket,
  predicate: (image: ImageResponse) => boolean,
  timeoutMs = 5000,
): Promise<{ formId: number; image: ImageResponse }> {
  const event = await nextEvent(socket, 'form:images-progress', (e) => e.images.some(predicate), timeoutMs);
  const image = event.images.find(predicate);
  if (!image) throw new Error('no matching image in form:images-progress');
  return { formId: event.formId, image };
}
