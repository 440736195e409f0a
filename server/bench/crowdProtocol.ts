/** Messages between the runner and a crowd process (Node IPC) for B9 and B17; see crowdProcess.ts. */
import type { VerificationStats } from '@formscribe/common/schemas/stats';

/** How long a contributor spends on one image before submitting: uniform between the two. */
export interface ThinkRange {
  minMs: number;
  maxMs: number;
}

export type ToCrowd =
  /** Open a socket per contributor and per owner (cookies `formscribe_session=…`) and watch the form. */
  | { type: 'connect'; url: string; formId: number; contributors: string[]; owners: string[] }
  /**
   * Every contributor loops next image → submit until `until` (epoch ms): back to back (a closed
   * loop), or with `think`, spending a time drawn from it on each image before submitting.
   */
  | { type: 'run'; until: number; think?: ThinkRange }
  /** What was tallied since the last drain, handed over and forgotten (a long run stays flat in memory). */
  | { type: 'drain' }
  /** The last `form:stats` each owner socket received (null: none yet). */
  | { type: 'last-stats' }
  | { type: 'close' };

/** Request latencies with the moment (epoch ms) each answer came, index by index. */
export interface Timings {
  at: number[];
  ms: number[];
}

export interface CrowdRun {
  /** Ids of the submissions the app acknowledged with a 201, and when each acknowledgement came. */
  acknowledged: number[];
  acknowledgedAt: number[];
  nextImage: Timings;
  submit: Timings;
  /** Answers with a 5xx status, and requests that got no answer at all. */
  serverErrors: number;
  transportErrors: number;
  /** Other refusals by status (409 already submitted, …): not failures, but worth seeing. */
  refused: Record<string, number>;
  /** next-image said there was nothing left (the form ran out of work). */
  noImagesLeft: number;
}

export function emptyRun(): CrowdRun {
  return {
    acknowledged: [],
    acknowledgedAt: [],
    nextImage: { at: [], ms: [] },
    submit: { at: [], ms: [] },
    serverErrors: 0,
    transportErrors: 0,
    refused: {},
    noImagesLeft: 0,
  };
}

/** Appends one by one: a spread of a long run's samples would exceed the call's argument limit. */
function append(target: number[], source: readonly number[]): void {
  for (const value of source) target.push(value);
}

/** Several tallies (crowd processes, or drains of one) as one. */
export function mergeRuns(runs: readonly CrowdRun[]): CrowdRun {
  const merged = emptyRun();
  for (const run of runs) {
    append(merged.acknowledged, run.acknowledged);
    append(merged.acknowledgedAt, run.acknowledgedAt);
    for (const kind of ['nextImage', 'submit'] as const) {
      append(merged[kind].at, run[kind].at);
      append(merged[kind].ms, run[kind].ms);
    }
    merged.serverErrors += run.serverErrors;
    merged.transportErrors += run.transportErrors;
    merged.noImagesLeft += run.noImagesLeft;
    for (const [kind, count] of Object.entries(run.refused)) merged.refused[kind] = (merged.refused[kind] ?? 0) + count;
  }
  return merged;
}

export type FromCrowd =
  | { type: 'connected'; sockets: number }
  | ({ type: 'ran' } & CrowdRun)
  | ({ type: 'drained' } & CrowdRun)
  | { type: 'last-stats'; stats: (VerificationStats | null)[] }
  | { type: 'failed'; message: string }
  | { type: 'closed' };

export function isFromCrowd(message: unknown): message is FromCrowd {
  return typeof message === 'object' && message !== null && 'type' in message && typeof message.type === 'string';
}
