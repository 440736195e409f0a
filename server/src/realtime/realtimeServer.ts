/**
 * Socket.IO on the app's own origin: handshake from the session cookie, rooms decided by
 * policies, per-socket limits, and (with REDIS_URL) the Redis adapter for several nodes.
 * Transport only: what to announce, and its payloads, are decided in services/announcements/.
 */
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { MAX_SOCKET_PAYLOAD_BYTES, rooms, type ServerToClientEvents } from '@formscribe/common/realtime';
import { Server } from 'socket.io';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { handshakeAuth } from './handshake.ts';
import { type RedisConnection, useRedisAdapter } from './redisAdapter.ts';
import { limitEventRate } from './socketLimits.ts';
import type { AppIo, LiveTransport } from './types.ts';
import { registerWatchHandlers } from './watchHandlers.ts';

type EventName = keyof ServerToClientEvents;

/** What the app wants to hear about from the socket layer. */
export interface RealtimeHooks {
  /** A user's last socket (on any node) closed and they did not come back within the grace time. */
  onUserLeft?: (userId: number) => Promise<void>;
}

/** A reload closes the tab's socket and opens a new one: only a longer absence counts as leaving. */
const LEFT_AFTER_MS = 5_000;

export class Realtime implements LiveTransport {
  private redis?: RedisConnection;
  /** With Redis: a room holding every socket of this node, so an emit can skip them (see emit). */
  private nodeRoom?: string;
  private readonly leaveChecks = new Set<NodeJS.Timeout>();

  private constructor(
    readonly io: AppIo,
    private readonly logger: Logger,
  ) {}

  static async attach(
    httpServer: http.Server,
    config: Config,
    logger: Logger,
    hooks: RealtimeHooks = {},
  ): Promise<Realtime> {
    const io: AppIo = new Server(httpServer, {
      path: '/socket.io',
      maxHttpBufferSize: MAX_SOCKET_PAYLOAD_BYTES,
      serveClient: false,
      // Same origin only: no CORS headers are ever sent.
      cors: undefined,
    });
    const realtime = new Realtime(io, logger);
    if (config.redisUrl) {
      realtime.redis = await useRedisAdapter(io, config.redisUrl, logger);
      realtime.nodeRoom = `node:${randomUUID()}`;
    }
    io.use(handshakeAuth(config));
    io.on('connection', (socket) => {
      if (realtime.nodeRoom) socket.join(realtime.nodeRoom);
      limitEventRate(socket, logger);
      registerWatchHandlers(socket, { deps: { config } }, (imageId) => void realtime.publishPresence(imageId));
      const { onUserLeft } = hooks;
      if (onUserLeft) socket.on('disconnect', () => realtime.checkUserLeftLater(socket.data.userId, onUserLeft));
    });
    return realtime;
  }

  /**
   * Sends an event to every socket in the rooms, on every node. With several nodes the other
   * nodes' copy goes first: node-redis writes its commands on the next setImmediate, while a
   * broadcast to this node's sockets writes to each of them at once, so sent together every other
   * node's copy would wait until this node had written to all of its own sockets, for this event
   * and every other event of the same tick (≈ 30 ms for 500 owners and a few events). This node's
   * sockets get theirs on a setImmediate queued after the publish, in the order emitted.
   */
  emit<E extends EventName>(roomNames: string | string[], event: E, ...args: Parameters<ServerToClientEvents[E]>) {
    const { nodeRoom } = this;
    if (!nodeRoom) {
      // Socket.IO encodes the packet before it looks for sockets in the rooms.
      if (this.mayReach(roomNames)) this.io.to(roomNames).emit(event, ...args);
      return;
    }
    this.io
      .to(roomNames)
      .except(nodeRoom)
      .emit(event, ...args);
    setImmediate(() => this.io.local.to(roomNames).emit(event, ...args));
  }

  mayReach(roomNames: string | string[]): boolean {
    if (this.nodeRoom) return true;
    const { rooms: local } = this.io.sockets.adapter;
    if (typeof roomNames === 'string') return Boolean(local.get(roomNames)?.size);
    return roomNames.some((name) => Boolean(local.get(name)?.size));
  }

  /** How many different people have the image open right now, on all nodes. */
  async viewersOf(imageId: number): Promise<number> {
    try {
      const sockets = await this.io.in(rooms.image(imageId)).fetchSockets();
      return new Set(sockets.map((s) => s.data.userId)).size;
    } catch (error) {
      this.logger.warn({ err: String(error) }, 'presence lookup failed');
      return 0;
    }
  }

  /** After the grace time, tells `onUserLeft` if the user has no socket left on any node. */
  private checkUserLeftLater(userId: number, onUserLeft: (userId: number) => Promise<void>): void {
    const timer = setTimeout(async () => {
      this.leaveChecks.delete(timer);
      try {
        const sockets = await this.io.in(rooms.user(userId)).fetchSockets();
        if (sockets.length === 0) await onUserLeft(userId);
      } catch (error) {
        this.logger.warn({ err: String(error), userId }, 'user-left hook failed');
      }
    }, LEFT_AFTER_MS);
    timer.unref();
    this.leaveChecks.add(timer);
  }

  async publishPresence(imageId: number): Promise<void> {
    this.emit(rooms.image(imageId), 'image:presence', { imageId, viewers: await this.viewersOf(imageId) });
  }

  /**
   * Takes a user's sockets out of a form's rooms (blocked, access revoked), and tells every tab of
   * theirs, the dashboard included (it watches no form), that the form is gone for them.
   */
  async removeUserFromForm(userId: number, formId: number): Promise<void> {
    this.emit(rooms.user(userId), 'form:access-lost', { formId });
    const sockets = await this.io.in(rooms.user(userId)).fetchSockets();
    await Promise.all(sockets.map((socket) => this.leaveForm(socket, formId)));
  }

  /** Takes every contributor socket out of a form's rooms (form deactivated). */
  async removeContributorsFromForm(formId: number): Promise<void> {
    const sockets = await this.io.in(rooms.formContributors(formId)).fetchSockets();
    await Promise.all(sockets.map((socket) => this.leaveForm(socket, formId)));
  }

  /** Everyone leaves a deleted form's rooms. */
  async closeForm(formId: number): Promise<void> {
    const sockets = await this.io.in([rooms.formOwners(formId), rooms.formContributors(formId)]).fetchSockets();
    await Promise.all(sockets.map((socket) => this.leaveForm(socket, formId)));
  }

  private async leaveForm(socket: Awaited<ReturnType<AppIo['fetchSockets']>>[number], formId: number): Promise<void> {
    const imageRooms = Object.entries(socket.data.watchedImages ?? {})
      .filter(([, imageFormId]) => imageFormId === formId)
      .map(([imageId]) => rooms.image(Number(imageId)));
    for (const room of [rooms.formOwners(formId), rooms.formContributors(formId), ...imageRooms]) socket.leave(room);
  }

  disconnectSession(sessionId: number): void {
    this.io.in(rooms.session(sessionId)).disconnectSockets(true);
  }

  disconnectUser(userId: number): void {
    this.io.in(rooms.user(userId)).disconnectSockets(true);
  }

  /**
   * Shutdown: closes every socket's connection without a disconnect packet. Clients then see
   * "transport close" and reconnect by themselves (through the load balancer, to a node still
   * running) and resync; a disconnect packet ("io server disconnect") would tell them to stay away.
   */
  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.io.close(() => resolve()));
    // Closing disconnected every socket: nobody left, the server did.
    for (const timer of this.leaveChecks) clearTimeout(timer);
    this.leaveChecks.clear();
    await this.redis?.close();
  }
}
