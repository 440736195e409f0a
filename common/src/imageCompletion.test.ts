import { describe, expect, it } from 'vitest';
import {
  type ImageCompletionState,
  imageProgressPercent,
  isImageComplete,
  isImageVerified,
} from './imageCompletion.ts';

const fresh: ImageCompletionState = {
  manuallyCompleted: false,
  verifiedFieldCount: 0,
  totalFieldCount: 4,
  noDataVoteCount: 0,
  unreadableVoteCount: 0,
};

describe('isImageComplete', () => {
  it('is false for an image nobody has worked on', () => {
    expect(isImageComplete(fresh, 1)).toBe(false);
  });

  it('is true when a manager marked it complete, whatever else', () => {
    expect(isImageComplete({ ...fresh, manuallyCompleted: true }, 3)).toBe(true);
    expect(isImageComplete({ ...fresh, manuallyCompleted: true, totalFieldCount: 0 }, 3)).toBe(true);
  });

  it('is true once every data field is verified, not before', () => {
    expect(isImageComplete({ ...fresh, verifiedFieldCount: 3 }, 1)).toBe(false);
    expect(isImageComplete({ ...fresh, verifiedFieldCount: 4 }, 1)).toBe(true);
  });

  it('never completes by verification when the form has no data fields', () => {
    expect(isImageComplete({ ...fresh, totalFieldCount: 0 }, 1)).toBe(false);
  });

  it.each([
    ['no-data', 'noDataVoteCount'],
    ['unreadable', 'unreadableVoteCount'],
  ] as const)('is true when %s votes reach the threshold', (_, key) => {
    expect(isImageComplete({ ...fresh, [key]: 1 }, 2)).toBe(false);
    expect(isImageComplete({ ...fresh, [key]: 2 }, 2)).toBe(true);
    expect(isImageComplete({ ...fresh, [key]: 5 }, 2)).toBe(true);
  });

  it('does not add the two kinds of votes together', () => {
    expect(isImageComplete({ ...fresh, noDataVoteCount: 1, unreadableVoteCount: 1 }, 2)).toBe(false);
  });

  it('treats a threshold below 1 as 1, so zero votes never complete an image', () => {
    expect(isImageComplete(fresh, 0)).toBe(false);
    expect(isImageComplete({ ...fresh, noDataVoteCount: 1 }, 0)).toBe(true);
  });
});

describe('isImageVerified', () => {
  it('needs at least one data field, all verified', () => {
    expect(isImageVerified({ verifiedFieldCount: 0, totalFieldCount: 0 })).toBe(false);
    expect(isImageVerified({ verifiedFieldCount: 1, totalFieldCount: 2 })).toBe(false);
    expect(isImageVerified({ verifiedFieldCount: 2, totalFieldCount: 2 })).toBe(true);
  });
});

describe('imageProgressPercent', () => {
  it('rounds verified over total to a whole percent', () => {
    expect(imageProgressPercent({ verifiedFieldCount: 1, totalFieldCount: 3 }, false)).toBe(33);
    expect(imageProgressPercent({ verifiedFieldCount: 2, totalFieldCount: 3 }, false)).toBe(67);
  });

  it('is 100 for a complete image and 0 without data fields', () => {
    expect(imageProgressPercent({ verifiedFieldCount: 0, totalFieldCount: 5 }, true)).toBe(100);
    expect(imageProgressPercent({ verifiedFieldCount: 0, totalFieldCount: 0 }, false)).toBe(0);
  });
});
