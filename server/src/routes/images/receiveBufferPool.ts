/**
 * Buffers that image uploads are received into, handed back once their request is done with them.
 *
 * Why: every buffer V8 has not yet collected counts as "external memory", and past a limit V8
 * starts a full mark-compact of the whole heap (60 MB of it in the app) to free them. A fresh
 * buffer of the upload's size for every upload, beside the socket's own chunks, made that one
 * mark-compact every two or three 3 MB uploads in B5: 20–30 ms of CPU per upload across the main
 * thread and V8's helpers, more than receiving the body. Reusing a few buffers took it to none.
 *
 * A buffer is only handed back by the code that received the upload, after the upload's whole
 * use has settled (every file written, every sharp job finished); one whose receipt failed is
 * never handed back, since the parser may still be writing into it. Few and bounded: at most
 * `MAX_KEPT` buffers of at most `MAX_KEPT_BYTES` each are kept, and all are let go after a
 * minute without uploads, so an idle node holds none.
 */
import { MEGABYTE } from '../../services/images/imageErrors.ts';

const MAX_KEPT = 2;
const MAX_KEPT_BYTES = 24 * MEGABYTE;
/** Sizes are rounded up to this, so photos of slightly different sizes share buffers. */
const SIZE_STEP_BYTES = MEGABYTE;
const IDLE_RELEASE_MS = 60_000;

export class ReceiveBufferPool {
  private readonly kept: Buffer[] = [];
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly maxKept = MAX_KEPT,
    private readonly maxKeptBytes = MAX_KEPT_BYTES,
  ) {}

  /** A buffer of at least `bytes` (its contents are whatever it last held). */
  take(bytes: number): Buffer {
    this.restartIdleTimer();
    const fitting = this.kept.filter((buffer) => buffer.length >= bytes);
    const smallest = fitting.reduce<Buffer | undefined>(
      (best, b) => (best && best.length <= b.length ? best : b),
      undefined,
    );
    if (smallest) {
      this.kept.splice(this.kept.indexOf(smallest), 1);
      return smallest;
    }
    return Buffer.allocUnsafeSlow(Math.ceil(bytes / SIZE_STEP_BYTES) * SIZE_STEP_BYTES);
  }

  /** Hands back a buffer from `take` that nothing reads or writes any more. */
  giveBack(buffer: Buffer): void {
    if (buffer.length > this.maxKeptBytes || this.kept.includes(buffer)) return;
    this.kept.push(buffer);
    // Keep the largest: a smaller upload fits in them, a larger one would allocate again.
    this.kept.sort((a, b) => b.length - a.length);
    this.kept.length = Math.min(this.kept.length, this.maxKept);
  }

  /** Buffers kept for the next uploads (for tests). */
  get keptCount(): number {
    return this.kept.length;
  }

  private restartIdleTimer() {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.kept.length = 0;
    }, IDLE_RELEASE_MS);
    this.idleTimer.unref();
  }
}

/** The process-wide pool of the image upload route. */
export const imageReceiveBuffers = new ReceiveBufferPool();
