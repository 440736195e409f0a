/**
 * One Socket.IO connection per tab, same origin, authenticated by the session cookie. Pages
 * register what they watch (reference-counted); after every (re)connect the watches are sent
 * again and `onResync` lets the cache refetch what may have been missed while offline.
 *
 * A page reads its data over REST before its watch reaches the server, so an event published in
 * between would be lost: once the server confirms a watch, the target is resynced (the
 * confirmations that arrive together are gathered into one resync). After a (re)connection the
 * resync waits for those confirmations too: a read sent at the moment of connecting could be
 * answered before the server has joined the room, and miss what is published meanwhile. It also
 * runs apart from the connection's own work instead of in one long task with it.
 */
import type { ClientToServerEvents, ServerToClientEvents, WatchAck } from '@formscribe/common/realtime';
import { io, type Socket } from 'socket.io-client';
import { useConnectionStore } from './connectionStore.ts';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type WatchTarget = { kind: 'form'; id: number } | { kind: 'image'; id: number };

const targetKey = (target: WatchTarget) => `${target.kind}:${target.id}`;

export class LiveConnection {
  readonly socket: LiveSocket;
  private readonly watches = new Map<string, { target: WatchTarget; count: number }>();
  private resyncListeners = new Set<(targets: WatchTarget[], reconnected: boolean) => void>();
  private joined: WatchTarget[] = [];
  private joinedFlush: ReturnType<typeof setTimeout> | undefined;
  /** Connected since the last resync: the next one says `reconnected` (the user's own room too). */
  private reconnectPending = false;

  /** `url` is for tests outside a browser; the app connects to its own origin. */
  constructor(url?: string) {
    // WebSocket only, no HTTP long-polling first: one connection that stays on one node, so several
    // nodes behind a load balancer need no sticky sessions (README "Running several nodes").
    const options = { path: '/socket.io', autoConnect: false, withCredentials: true, transports: ['websocket'] };
    this.socket = url ? io(url, options) : io(options);
    const { setStatus } = useConnectionStore.getState();
    this.socket.on('connect', () => {
      setStatus('connected');
      this.reconnectPending = true;
      const targets = [...this.watches.values()].map((w) => w.target);
      // Nothing to wait for: the user's own room is joined with the connection itself.
      if (targets.length === 0) this.flushResync();
      for (const target of targets) this.sendWatch(target);
    });
    // Closing it ourselves is not an outage; anything else is, until someone reconnects or gives up.
    this.socket.on('disconnect', (reason) => setStatus(reason === 'io client disconnect' ? 'idle' : 'disconnected'));
    this.socket.on('connect_error', () => setStatus('disconnected'));
  }

  connect(): void {
    if (this.socket.connected) return;
    useConnectionStore.getState().setStatus('connecting');
    this.socket.connect();
  }

  disconnect(): void {
    this.socket.disconnect();
    useConnectionStore.getState().setStatus('idle');
  }

  /** Starts watching; the returned function stops (when the last watcher of the target leaves). */
  watch(target: WatchTarget): () => void {
    const key = targetKey(target);
    const existing = this.watches.get(key);
    if (existing) existing.count += 1;
    else {
      this.watches.set(key, { target, count: 1 });
      if (this.socket.connected) this.sendWatch(target);
    }
    return () => {
      const entry = this.watches.get(key);
      if (!entry) return;
      entry.count -= 1;
      if (entry.count > 0) return;
      this.watches.delete(key);
      if (this.socket.connected) this.socket.emit(target.kind === 'form' ? 'unwatch:form' : 'unwatch:image', target.id);
    };
  }

  /** `reconnected`: the whole connection was down (else only these targets were just joined). */
  onResync(listener: (targets: WatchTarget[], reconnected: boolean) => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  private sendWatch(target: WatchTarget): void {
    const event = target.kind === 'form' ? 'watch:form' : 'watch:image';
    this.socket.timeout(10_000).emit(event, target.id, (error: Error | null, ack?: WatchAck) => {
      // A refused watch (no access any more) simply leaves the page on its REST data; it still
      // ends a reconnection's wait, which must not hang on it.
      if (!error && ack?.ok && this.watches.has(targetKey(target))) this.joined.push(target);
      if (this.joined.length === 0 && !this.reconnectPending) return;
      this.joinedFlush ??= setTimeout(() => this.flushResync(), 0);
    });
  }

  private flushResync(): void {
    const targets = this.joined;
    const reconnected = this.reconnectPending;
    this.joined = [];
    this.joinedFlush = undefined;
    this.reconnectPending = false;
    if (targets.length > 0 || reconnected) this.resync(targets, reconnected);
  }

  private resync(targets: WatchTarget[], reconnected: boolean): void {
    for (const listener of this.resyncListeners) listener(targets, reconnected);
  }
}

let connection: LiveConnection | undefined;

/** The tab's connection, created on first use. */
export function liveConnection(): LiveConnection {
  connection ??= new LiveConnection();
  return connection;
}
