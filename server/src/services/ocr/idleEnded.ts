/**
 * Something costly to hold and to start (tesseract workers: a language model and WebAssembly
 * memory that only ending the worker gives back), started on first use and ended a while after
 * its last use, or when the node stops. A failed start is tried again on the next use.
 */
export class IdleEnded<T> {
  private resource: Promise<T> | undefined;
  private running = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly start: () => Promise<T>,
    private readonly end: (resource: T) => Promise<unknown>,
    private readonly idleMs: number,
  ) {}

  /** Whether it is held now (started or starting). */
  get held(): boolean {
    return this.resource !== undefined;
  }

  /** Whether work is running on it now (an LRU must not end it then). */
  get busy(): boolean {
    return this.running > 0;
  }

  async use<R>(work: (resource: T) => Promise<R>): Promise<R> {
    this.running += 1;
    clearTimeout(this.idleTimer);
    try {
      return await work(await this.started());
    } finally {
      this.running -= 1;
      if (this.running === 0) this.idleTimer = setTimeout(() => void this.close(), this.idleMs).unref();
    }
  }

  /** Ends it now (idle, evicted, or a stopping node); the next use starts it again. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const resource = this.resource;
    this.resource = undefined;
    const started = resource && (await resource.catch(() => undefined));
    if (started) await this.end(started);
  }

  private started(): Promise<T> {
    this.resource ??= this.start().catch((error: unknown) => {
      this.resource = undefined; // a failed start (missing language data) is tried again next time
      throw error;
    });
    return this.resource;
  }
}
