/**
 * Every sharp (libvips) call in the server runs through here, because pixels cost memory that
 * the compressed upload does not show: a 0.6 MB single-colour JPEG can decode to 300 MB, and
 * sharp runs each call on libuv's thread pool, so parallel uploads multiplied it (four turned
 * 100-megapixel JPEGs once took 3.6 GB). Three bounds hold the total:
 *
 * - sharp's operation cache is off (it kept decoded images alive after the request) and each
 *   image is worked on by one libvips thread (every thread holds its own line buffers);
 * - each job states the memory it may need, and the queue starts jobs only while their sum
 *   fits `IMAGE_MEMORY_BUDGET_BYTES`, a few at a time, first come first served;
 * - a job that could not fit the budget even alone is refused by the caller before it starts
 *   (see `fitsImageMemoryBudget`).
 */
import os from 'node:os';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS, MEGABYTE } from './imageErrors.ts';

sharp.cache(false);
sharp.concurrency(1);

/** Decoded pixels held by all image work at once (estimated): a 100-megapixel RGB image fits alone. */
export const IMAGE_MEMORY_BUDGET_BYTES = 320 * MEGABYTE;
/**
 * What a streaming job may hold: libvips decodes line by line and shrinks on load (measured:
 * a 100-megapixel JPEG thumbnail about 10 MB, an 8-bit PNG 60 MB, a 16-bit RGBA PNG 165 MB).
 */
export const STREAMING_JOB_BYTES = 64 * MEGABYTE;
/** Leave a core to the main thread; never more than two images at a time (like the HEIC workers). */
const MAX_JOBS_AT_ONCE = Math.min(2, Math.max(1, os.availableParallelism() - 1));

/** sharp with our limits: a pixel cap against decompression bombs, and truncation is an error. */
export const openImage = (input: Buffer) => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' });

const BYTES_PER_SAMPLE: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, float: 4 };

/** The bytes of the whole decoded raster, for work that must hold it all (turning, GIF frames). */
export function rasterBytes(size: { width: number; height: number; channels: number; depth: string }): number {
  return size.width * size.height * size.channels * (BYTES_PER_SAMPLE[size.depth] ?? 4);
}

export const fitsImageMemoryBudget = (bytes: number) => bytes <= IMAGE_MEMORY_BUDGET_BYTES;

interface Job {
  bytes: number;
  start(): void;
}

export class ImageWorkQueue {
  private readonly waiting: Job[] = [];
  private running = 0;
  private bytesInUse = 0;

  constructor(
    private readonly budgetBytes = IMAGE_MEMORY_BUDGET_BYTES,
    private readonly maxJobs = MAX_JOBS_AT_ONCE,
  ) {}

  /** Runs `work` once `bytes` fit the budget; a job larger than the budget runs alone. */
  run<T>(bytes: number, work: () => Promise<T>): Promise<T> {
    const claimed = Math.min(Math.max(bytes, 0), this.budgetBytes);
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running += 1;
        this.bytesInUse += claimed;
        Promise.resolve()
          .then(work)
          .then(resolve, reject)
          .finally(() => {
            this.running -= 1;
            this.bytesInUse -= claimed;
            this.startWaitingJobs();
          });
      };
      this.waiting.push({ bytes: claimed, start });
      this.startWaitingJobs();
    });
  }

  /** Jobs running or queued (for tests and benchmarks). */
  get pending(): number {
    return this.running + this.waiting.length;
  }

  /** In arrival order: a large job at the head waits for room rather than being overtaken forever. */
  private startWaitingJobs() {
    for (let next = this.waiting[0]; next && this.hasRoomFor(next.bytes); next = this.waiting[0]) {
      this.waiting.shift();
      next.start();
    }
  }

  private hasRoomFor(bytes: number): boolean {
    return this.running < this.maxJobs && this.bytesInUse + bytes <= this.budgetBytes;
  }
}

/** The process-wide queue: image work from every request shares one memory budget. */
export const imageWork = new ImageWorkQueue();

export interface PixelSize {
  width: number;
  height: number;
}

/** The size an image's header states (no decoding), or undefined when the bytes hold no whole header. */
export async function storedImageSize(data: Buffer): Promise<PixelSize | undefined> {
  try {
    const { width, height } = await imageWork.run(0, () => openImage(data).metadata());
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}
