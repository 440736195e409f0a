import { describe, expect, it } from 'vitest';
import { uploadSequentially } from './uploadSequentially.ts';

describe('uploadSequentially', () => {
  it('sends one file at a time, in order, and reports overall progress', async () => {
    const log: string[] = [];
    const progress: number[] = [];
    const outcome = await uploadSequentially(
      ['a', 'b', 'c'],
      async (file, onFileProgress) => {
        log.push(`start ${file}`);
        onFileProgress(0.5);
        await new Promise((resolve) => setTimeout(resolve, 1));
        log.push(`end ${file}`);
        return file.toUpperCase();
      },
      (overall) => progress.push(overall),
    );
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(outcome).toEqual({ uploaded: ['A', 'B', 'C'], failure: null });
    expect(progress).toEqual([0, 1 / 6, 1 / 3, 0.5, 2 / 3, 5 / 6, 1]);
  });

  it('stops at the first failure and never sends the files after it', async () => {
    const sent: string[] = [];
    const failure = new Error('413: too large');
    const outcome = await uploadSequentially(['a', 'b', 'c', 'd'], async (file) => {
      sent.push(file);
      if (file === 'b') throw failure;
      return file;
    });
    expect(sent).toEqual(['a', 'b']);
    expect(outcome).toEqual({ uploaded: ['a'], failure: { file: 'b', index: 1, error: failure } });
  });
});
