/**
 * Sending a batch of files: one at a time by default, in order of the list, each file failing alone (its
 * reason kept) while the rest go on. Progress is the batch's bytes sent of its bytes in all.
 * Free of XHR and React so the rule can be tested on its own.
 */

export type UploadResult<F, T> = { item: F; ok: true; value: T } | { item: F; ok: false; error: unknown };

export interface UploadAllOptions<F, T> {
  /** How many files travel at once. */
  concurrency?: number;
  sizeOf: (item: F) => number;
  /** Bytes sent across the batch, and the batch's total. */
  onProgress?: (sent: number, total: number) => void;
  /** Each file's result as it lands (the batch's own order is kept in the returned list). */
  onResult?: (result: UploadResult<F, T>) => void;
  /** Stops starting files; the ones on their way hear it through their own signal. */
  signal?: AbortSignal;
}

/**
 * One: each finished file starts its import, and the form numbers images in the order imports
 * start, so files sent one after another keep the batch's natural order (page_9 before page_10).
 * A large file's bytes are what take the time, and one connection carries them as fast as two.
 */
export const UPLOADS_AT_ONCE = 1;

export async function uploadAll<F, T>(
  items: readonly F[],
  uploadOne: (item: F, onBytes: (sent: number) => void, signal?: AbortSignal) => Promise<T>,
  { concurrency = UPLOADS_AT_ONCE, sizeOf, onProgress, onResult, signal }: UploadAllOptions<F, T>,
): Promise<UploadResult<F, T>[]> {
  const total = items.reduce((sum, item) => sum + sizeOf(item), 0);
  const sentOf = new Array<number>(items.length).fill(0);
  const results = new Array<UploadResult<F, T>>(items.length);
  let next = 0;
  const report = () =>
    onProgress?.(
      Math.min(
        total,
        sentOf.reduce((a, b) => a + b, 0),
      ),
      total,
    );

  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      const item = items[index] as F;
      let result: UploadResult<F, T>;
      if (signal?.aborted) {
        result = { item, ok: false, error: signal.reason };
      } else {
        try {
          const value = await uploadOne(
            item,
            (sent) => {
              sentOf[index] = Math.min(sizeOf(item), Math.max(0, sent));
              report();
            },
            signal,
          );
          result = { item, ok: true, value };
        } catch (error) {
          result = { item, ok: false, error };
        }
      }
      // Done with, either way: the bar measures what is left to send.
      sentOf[index] = sizeOf(item);
      results[index] = result;
      report();
      onResult?.(result);
    }
  }

  report();
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
