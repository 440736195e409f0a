/** Small statistics for benchmarks: sequential throughput and medians. */

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  const lower = sorted[middle - 1] ?? upper;
  return sorted.length % 2 ? upper : (lower + upper) / 2;
}

/** Items per second when `each` runs over `items` one after another. */
export async function throughput<T>(items: readonly T[], each: (item: T) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (const item of items) await each(item);
  return items.length / ((performance.now() - started) / 1000);
}

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** The `p`th percentile (0–100) by nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** Milliseconds one call of `task` takes. */
export async function timed(task: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await task();
  return performance.now() - started;
}
