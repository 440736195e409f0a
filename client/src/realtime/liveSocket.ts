/**
 * One Socket.IO connection per tab, same origin, authenticated by the session cookie. Pages
 * register what they watch (reference-counted); after every (re)connect the watches are sent
 * again and `onResync` lets the cache refetch what may have been missed while offline.
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
  private resyncListeners = new Set<(targets: WatchTarget[]) => void>();

  constructor() {
    this.socket = io({ path: '/socket.io', autoConnect: false, withCredentials: true });
    const { setStatus } = useConnectionStore.getState();
    this.socket.on('connect', () => {
      setStatus('connected');
      const targets = [...this.watches.values()].map((w) => w.target);
      for (const target of targets) this.sendWatch(target);
      for (const listener of this.resyncListeners) listener(targets);
    });
    this.socket.on('disconnect', () => setStatus('disconnected'));
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

  onResync(listener: (targets: WatchTarget[]) => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  private sendWatch(target: WatchTarget): void {
    const event = target.kind === 'form' ? 'watch:form' : 'watch:image';
    // A refused watch (no access any more) simply leaves the page on its REST data.
    this.socket.timeout(10_000).emit(event, target.id, (_error: Error | null, _ack?: WatchAck) => {});
  }
}

let connection: LiveConnection | undefined;

/** The tab's connection, created on first use. */
export function liveConnection(): LiveConnection {
  connection ??= new LiveConnection();
  return connection;
}
