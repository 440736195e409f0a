/** Messages between the benchmark runner and the app process it starts (Node IPC). */
import type { VerificationStats } from '@formscribe/common/schemas/stats';
import type { CapturedStatement } from './sqlCapture.ts';

export interface ServerReady {
  type: 'ready';
  url: string;
  username: string;
  password: string;
  formId: number;
  ownerId: number;
  /** The app's database, so the runner can seed data and measure SQL primitives on it. */
  databaseUrl: string;
}

export interface LoopDelay {
  type: 'loop';
  /** Event-loop delay of the app process while the measured phase ran, in ms. */
  p99Ms: number;
  maxMs: number;
  /** Resident set size of the app process when the phase started and its peak during it (sampled). */
  rssStartMb: number;
  rssPeakMb: number;
}

/**
 * Timestamps are `performance.timeOrigin + performance.now()`: epoch milliseconds with sub-ms
 * resolution, comparable across processes on one machine.
 */
export type ToServer =
  | { type: 'loop:start' }
  | { type: 'loop:stop' }
  | { type: 'stop' }
  /** Bench-only: report when a submission's transaction has committed (the live publish starts). */
  | { type: 'commits:stamp'; on: boolean }
  /** Bench-only: the raw primitive of B7, `io.to(owners room).emit('form:stats', …)` with no app work. */
  | { type: 'emit:stats'; formId: number; stats: VerificationStats }
  /** What the app process holds now, after a full garbage collection when it runs with --expose-gc. */
  | { type: 'memory' }
  /** Bench-only (B2b): record the SQL of the next `requests` HTTP requests (sqlCapture.ts). */
  | { type: 'sql:capture'; requests: number };

/** The app process's memory in MB (process.memoryUsage), after a full garbage collection. */
export interface MemoryReport {
  type: 'memory';
  rssMb: number;
  heapUsedMb: number;
  /** Memory of C++ objects tied to JavaScript ones: Buffers, and what sharp holds for them. */
  externalMb: number;
  arrayBuffersMb: number;
  /** False when the process was started without --expose-gc: the figures then include garbage. */
  collected: boolean;
}

export type FromServer =
  | ServerReady
  | LoopDelay
  | MemoryReport
  | { type: 'loop:started' }
  | { type: 'stopped' }
  | { type: 'commits:stamping' }
  | { type: 'committed'; at: number; imageId: number }
  | { type: 'emitted'; at: number }
  | { type: 'sql:capturing' }
  | { type: 'sql:captured'; requests: CapturedStatement[][] };

export function isFromServer(message: unknown): message is FromServer {
  return typeof message === 'object' && message !== null && 'type' in message && typeof message.type === 'string';
}

/** Epoch milliseconds with sub-millisecond resolution, comparable between local processes. */
export const epochNow = () => performance.timeOrigin + performance.now();
