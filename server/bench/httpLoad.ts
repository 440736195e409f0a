/** One load shape for every HTTP figure: autocannon from this process, 10 connections, fixed time. */
import autocannon from 'autocannon';

export interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
  /** Non-2xx responses plus connection errors; a run with any is reported, not hidden. */
  failures: number;
}

export const LOAD_CONNECTIONS = 10;

export async function httpLoad(options: autocannon.Options): Promise<LoadFigures> {
  const result = await autocannon({ connections: LOAD_CONNECTIONS, duration: 5, ...options });
  return {
    requestsPerSecond: result['2xx'] / result.duration,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

/** The same shape for a primitive that is not HTTP: `connections` loops calling `task` for `seconds`. */
export async function loopLoad(task: () => Promise<unknown>, seconds = 5): Promise<LoadFigures> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: LOAD_CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const begun = performance.now();
        try {
          await task();
          latencies.push(performance.now() - begun);
        } catch {
          failures++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / elapsed,
    p99Ms: latencies[Math.max(0, Math.ceil(latencies.length * 0.99) - 1)] ?? Number.NaN,
    failures,
  };
}
