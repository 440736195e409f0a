/**
 * At most one send per key (a form) per interval: the first offer goes out at once, and what is
 * offered during the interval is merged into one send at its end, so the newest state always
 * goes out. A crowd's events then cost their watchers a few sends a second, however many
 * submissions land; a quiet form's single change is not delayed.
 */
export class TrailingPacer<V> {
  /** When each key last sent (kept for one interval). */
  private readonly lastSent = new Map<number, number>();
  /** What waits for the end of the interval, per key. */
  private readonly waiting = new Map<number, V>();

  constructor(
    private readonly intervalMs: number,
    private readonly send: (key: number, value: V) => void,
    /** Folds a newer offer into what already waits; by default the newer replaces it. */
    private readonly merge: (waiting: V, newer: V) => V = (_waiting, newer) => newer,
  ) {}

  offer(key: number, value: V): void {
    const waiting = this.waiting.get(key);
    if (waiting !== undefined) {
      this.waiting.set(key, this.merge(waiting, value));
      return;
    }
    const wait = (this.lastSent.get(key) ?? Number.NEGATIVE_INFINITY) + this.intervalMs - Date.now();
    if (wait <= 0) {
      this.sendNow(key, value);
      return;
    }
    this.waiting.set(key, value);
    // unref: a pending send never keeps a stopping process alive.
    setTimeout(() => {
      const newest = this.waiting.get(key);
      this.waiting.delete(key);
      if (newest !== undefined) this.sendNow(key, newest);
    }, wait).unref();
  }

  private sendNow(key: number, value: V): void {
    const sentAt = Date.now();
    this.lastSent.set(key, sentAt);
    this.send(key, value);
    setTimeout(() => {
      if (this.lastSent.get(key) === sentAt) this.lastSent.delete(key);
    }, this.intervalMs).unref();
  }
}
