/**
 * The requests this node is still answering, so a shutdown can let them finish before the
 * database goes away (an upload in progress completes instead of leaving a half-stored file).
 * A request counts until its whole Koa handler has settled, cleanup included.
 *
 * Every request passes through `track`, so it is a count and one `then` on the handler's promise
 * (a set of derived promises with a `finally` each cost three promises per request); a shutdown
 * waits for the count to reach zero.
 */
export class InFlightRequests {
  private count = 0;
  private readonly whenIdle = new Set<() => void>();
  private readonly done = () => {
    this.count--;
    if (this.count === 0) for (const resolve of this.whenIdle) resolve();
  };

  get size(): number {
    return this.count;
  }

  track(handling: Promise<unknown>): void {
    this.count++;
    // Settled either way: a failed request no longer holds the shutdown (Koa has answered it).
    handling.then(this.done, this.done);
  }

  /** Resolves true once no request is in flight, or false when `timeoutMs` passes first. */
  async settled(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    // A loop, because a request on a kept-alive connection may still arrive while we wait.
    while (this.count > 0) {
      const remaining = deadline - Date.now();
      if (remaining <= 0 || !(await this.idleWithin(remaining))) return false;
    }
    return true;
  }

  private async idleWithin(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    let resolveIdle: (() => void) | undefined;
    const idle = await Promise.race([
      new Promise<boolean>((resolve) => {
        resolveIdle = () => resolve(true);
        this.whenIdle.add(resolveIdle);
      }),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (resolveIdle) this.whenIdle.delete(resolveIdle);
    return idle;
  }
}
