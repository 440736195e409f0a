/** Messages between the benchmark runner and the app process it starts (Node IPC). */

export interface ServerReady {
  type: 'ready';
  url: string;
  username: string;
  password: string;
  formId: number;
}

export interface LoopDelay {
  type: 'loop';
  /** Event-loop delay of the app process while the measured phase ran, in ms. */
  p99Ms: number;
  maxMs: number;
}

export type ToServer = { type: 'loop:start' } | { type: 'loop:stop' } | { type: 'stop' };
export type FromServer = ServerReady | LoopDelay | { type: 'loop:started' } | { type: 'stopped' };

export function isFromServer(message: unknown): message is FromServer {
  return typeof message === 'object' && message !== null && 'type' in message && typeof message.type === 'string';
}
