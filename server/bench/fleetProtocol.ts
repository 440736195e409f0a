/** Messages between the runner and the watcher fleet process (Node IPC). */

export interface WatchTarget {
  /** The app node this watcher connects to. */
  url: string;
  /** `formscribe_session=…`, as the browser tab would send it. */
  cookie: string;
}

export type ToFleet =
  | { type: 'connect'; targets: WatchTarget[]; formId: number }
  /** Record the arrival time of the next `form:stats` on every socket. */
  | { type: 'arm'; timeoutMs: number }
  | { type: 'close' };

export type FromFleet =
  | { type: 'connected'; sockets: number }
  | { type: 'armed' }
  /** Epoch ms (see epochNow) per socket that got the event; `missing` did not within the timeout. */
  | { type: 'arrivals'; times: number[]; missing: number }
  | { type: 'failed'; message: string }
  | { type: 'closed' };

export function isFromFleet(message: unknown): message is FromFleet {
  return typeof message === 'object' && message !== null && 'type' in message && typeof message.type === 'string';
}
