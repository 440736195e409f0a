/**
 * The requests this node is still answering, so a shutdown can let them finish before the
 * database goes away (an upload in progress completes instead of leaving a half-stored file).
 * A request counts until its whole Koa handler has settled, cleanup included.
 */
export class InFlightRequests {
  private readonly pending = new Set<Promise<void>>();

  get size(): number {
    return this.pending.size;
  }

  track(handling: Promise<unknown>): void {
    const settled: Promise<void> = handling.then(
      () => undefined,
      () => undefined,
    );
    this.pending.add(settled);
    void settled.finally(() => this.pending.delete(settled));
  }

  /** Resolves true once no request is in flight, or false when `timeoutMs` passes first. */
  async settled(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    // A loop, because a request on a kept-alive connection may still arrive while we wait.
    while (this.pending.size) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(this.pending),
        new Promise((resolve) => {
          timer = setTimeout(resolve, remaining);
        }),
      ]);
      clearTimeout(timer);
    }
    return true;
  }
}
