/**
 * HEIC/HEIF → JPEG off the event loop: a small pool of worker threads (heicWorker.mjs) fed
 * from a queue, so at most one or two conversions use the CPU at once whatever the number of
 * uploads, and the main thread stays free to answer requests meanwhile.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';

/** Leave a core to the main thread; never more than two conversions at a time. */
const MAX_WORKERS = Math.min(2, Math.max(1, os.availableParallelism() - 1));
/** A decoder that runs this long on one file is stuck; its worker is replaced. */
const CONVERSION_TIMEOUT_MS = 120_000;
/** Idle workers are stopped after this long, giving back libheif's memory. */
const IDLE_WORKER_MS = 30_000;
const WORKER_URL = new URL('./heicWorker.mjs', import.meta.url);

interface Job {
  input: Uint8Array;
  resolve(output: Buffer): void;
  reject(error: Error): void;
}

type WorkerReply = { ok: true; output: Uint8Array } | { ok: false; message: string };

function isWorkerReply(value: unknown): value is WorkerReply {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return false;
  return value.ok === true
    ? 'output' in value && value.output instanceof Uint8Array
    : 'message' in value && typeof value.message === 'string';
}

export class HeicConversionQueue {
  private readonly idle: Worker[] = [];
  private busy = 0;
  private readonly waiting: Job[] = [];
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly maxWorkers = MAX_WORKERS) {}

  /** The JPEG of the file's primary image; rejects when the file cannot be decoded. */
  convert(input: Uint8Array): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.startWaitingJobs();
    });
  }

  /** Conversions running or queued (for tests and benchmarks). */
  get pending(): number {
    return this.busy + this.waiting.length;
  }

  private startWaitingJobs() {
    while (this.waiting.length && (this.idle.length || this.busy < this.maxWorkers)) {
      const job = this.waiting.shift();
      if (!job) return;
      this.run(this.idle.pop() ?? this.spawn(), job);
    }
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_URL);
    worker.unref(); // an idle pool never keeps the process alive
    return worker;
  }

  private run(worker: Worker, job: Job) {
    this.busy += 1;
    clearTimeout(this.idleTimer);
    const input = new Uint8Array(job.input); // our own copy, handed over to the worker without copying again
    let settled = false;
    const finish = (reusable: boolean, outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      this.busy -= 1;
      if (reusable) this.idle.push(worker);
      else void worker.terminate();
      outcome();
      this.startWaitingJobs();
      this.scheduleIdleShutdown();
    };
    const onMessage = (reply: unknown) => {
      if (!isWorkerReply(reply)) return finish(false, () => job.reject(new Error('malformed reply from HEIC worker')));
      if (reply.ok) {
        const output = Buffer.from(reply.output.buffer, reply.output.byteOffset, reply.output.byteLength);
        finish(true, () => job.resolve(output));
      } else {
        finish(true, () => job.reject(new Error(reply.message)));
      }
    };
    const onError = (error: Error) => finish(false, () => job.reject(error));
    const onExit = (code: number) => finish(false, () => job.reject(new Error(`HEIC worker exited (${code})`)));
    const timer = setTimeout(
      () => finish(false, () => job.reject(new Error('HEIC conversion timed out'))),
      CONVERSION_TIMEOUT_MS,
    );
    timer.unref();
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage({ input }, [input.buffer]);
  }

  private scheduleIdleShutdown() {
    clearTimeout(this.idleTimer);
    if (this.busy || this.waiting.length) return;
    this.idleTimer = setTimeout(() => {
      for (const worker of this.idle.splice(0)) void worker.terminate();
    }, IDLE_WORKER_MS);
    this.idleTimer.unref();
  }
}

/** The process-wide queue: conversions from every request share the same few workers. */
export const heicConversions = new HeicConversionQueue();
