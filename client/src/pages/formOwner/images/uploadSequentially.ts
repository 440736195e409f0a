/**
 * The upload rule of spec section 4: files go one request at a time, in the order chosen, and
 * the batch stops at the first failure (what was uploaded before it stays). Kept free of XHR
 * and React so the rule can be tested on its own.
 */
export interface UploadFailure<F> {
  file: F;
  /** Position of the failed file in the batch (0-based). */
  index: number;
  error: unknown;
}

export interface UploadOutcome<F, T> {
  uploaded: T[];
  /** The first failure; the files after it were not sent. */
  failure: UploadFailure<F> | null;
}

/**
 * Sends `files` one after another with `uploadOne`. `onProgress` hears the batch's overall
 * fraction (0 to 1) and which file is on its way, counting finished files as whole.
 */
export async function uploadSequentially<F, T>(
  files: readonly F[],
  uploadOne: (file: F, onFileProgress: (fraction: number) => void) => Promise<T>,
  onProgress?: (overall: number, fileIndex: number) => void,
): Promise<UploadOutcome<F, T>> {
  const uploaded: T[] = [];
  const count = files.length;
  for (const [index, file] of files.entries()) {
    onProgress?.(index / count, index);
    try {
      const result = await uploadOne(file, (fraction) => {
        const clamped = Math.min(1, Math.max(0, fraction));
        onProgress?.((index + clamped) / count, index);
      });
      uploaded.push(result);
    } catch (error) {
      return { uploaded, failure: { file, index, error } };
    }
  }
  if (count > 0) onProgress?.(1, count - 1);
  return { uploaded, failure: null };
}
