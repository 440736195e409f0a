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

/**
 * The socket transport as the rest of the server sees it: rooms, emit, presence, removal. It
 * shapes no payload and reads no data; services decide what to say (services/announcements/).
 */
export interface LiveTransport {
  readonly io: AppIo;
  /** Sends an event to every socket in the rooms, on every node. */
  emit<E extends keyof ServerToClientEvents>(
    roomNames: string | string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /**
   * False only when no socket can be in any of the rooms: one node, and none of this node's
   * sockets in them. An event for such rooms need not be built (on every submission its image's
   * room is usually empty); with several nodes another node's sockets may be there, so it is true.
   */
  mayReach(roomNames: string | string[]): boolean;
  viewersOf(imageId: number): Promise<number>;
  removeUserFromForm(userId: number, formId: number): Promise<void>;
  removeContributorsFromForm(formId: number): Promise<void>;
  closeForm(formId: number): Promise<void>;
  disconnectSession(sessionId: number): void;
  disconnectUser(userId: number): void;
  close(): Promise<void>;
}
