/** Messages between the runner and a B9 crowd process (Node IPC); see crowdProcess.ts. */
import type { VerificationStats } from '@formscribe/common/schemas/stats';

export type ToCrowd =
  /** Open a socket per contributor and per owner (cookies `formscribe_session=…`) and watch the form. */
  | { type: 'connect'; url: string; formId: number; contributors: string[]; owners: string[] }
  /**
   * Every contributor loops next image → submit until `until` (epoch ms): back to back, or with
   * `cycleMs`, starting one cycle every `cycleMs` (an offered rate; see B9_RATE in b9Crowd.ts).
   */
  | { type: 'run'; until: number; cycleMs?: number }
  /** The last `form:stats` each owner socket received (null: none yet). */
  | { type: 'last-stats' }
  | { type: 'close' };

export interface CrowdRun {
  /** Ids of the submissions the app acknowledged with a 201. */
  acknowledged: number[];
  nextImageMs: number[];
  submitMs: number[];
  /** Answers with a 5xx status, and requests that got no answer at all. */
  serverErrors: number;
  transportErrors: number;
  /** Other refusals by status (409 already submitted, …): not failures, but worth seeing. */
  refused: Record<string, number>;
  /** next-image said there was nothing left (the form ran out of work). */
  noImagesLeft: number;
}

export type FromCrowd =
  | { type: 'connected'; sockets: number }
  | ({ type: 'ran' } & CrowdRun)
  | { type: 'last-stats'; stats: (VerificationStats | null)[] }
  | { type: 'failed'; message: string }
  | { type: 'closed' };

export function isFromCrowd(message: unknown): message is FromCrowd {
  return typeof message === 'object' && message !== null && 'type' in message && typeof message.type === 'string';
}
