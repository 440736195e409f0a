import type { ClientToServerEvents, ServerToClientEvents } from '@formscribe/common/realtime';
import type { Server, Socket } from 'socket.io';

/** What the server keeps on each socket (visible to every node through the adapter). */
export interface SocketData {
  userId: number;
  sessionId: number;
  /** imageId → formId of the image rooms this socket watches, so revoking a form can leave them. */
  watchedImages: Record<number, number>;
}

export type AppIo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
