import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test/fakeApi.ts';
import { createAppQueryClient } from './queryClient.ts';

const KEY = ['/api/forms/3/images?search=parish'];
const BEFORE = { images: ['parish-1.jpg'] };
const AFTER = { images: [] };

/**
 * The server's list: the first read's answer is held back until `answerFirst`, as a slow network
 * does; with `allSlow`, every later read's is held back for good.
 */
function slowFirstRead({ allSlow = false } = {}) {
  let answerFirst: (() => void) | undefined;
  let reads = 0;
  let deleted = false;
  stubApi({
    'GET /api/forms/3/images': () => {
      reads += 1;
      const body = deleted ? AFTER : BEFORE;
      if (reads > 1) return allSlow ? new Promise(() => {}) : { status: 200, body };
      return new Promise((resolve) => {
        answerFirst = () => resolve({ status: 200, body });
      });
    },
  });
  return {
    deleteImage: () => {
      deleted = true;
    },
    answerFirst: () => answerFirst?.(),
    reads: () => reads,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the app query client', () => {
  it('reads a shown list again once a first read that a change overtook has landed', async () => {
    const server = slowFirstRead();
    const queryClient = createAppQueryClient();
    const observer = new QueryObserver(queryClient, { queryKey: KEY });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(server.reads()).toBe(1));

    server.deleteImage();
    // Several changes while the read is on its way: one more read, not one each.
    void queryClient.invalidateQueries({ queryKey: KEY });
    void queryClient.invalidateQueries({ queryKey: KEY });
    server.answerFirst();

    await vi.waitFor(() => expect(queryClient.getQueryData(KEY)).toEqual(AFTER));
    expect(server.reads()).toBe(2);
    unsubscribe();
  });

  it('lets a first read land however many changes arrive meanwhile', async () => {
    // Were each change to cancel the read and ask again, the answer would be the last read's: never.
    const server = slowFirstRead({ allSlow: true });
    const queryClient = createAppQueryClient();
    const loaderRead = queryClient.fetchQuery({ queryKey: KEY });
    await vi.waitFor(() => expect(server.reads()).toBe(1));
    for (let change = 0; change < 5; change++) void queryClient.invalidateQueries({ queryKey: KEY });
    server.answerFirst();
    await expect(loaderRead).resolves.toEqual(BEFORE);
  });

  it('keeps a read nobody shows yet (a route loader’s) stale when a change overtook it', async () => {
    const server = slowFirstRead();
    const queryClient = createAppQueryClient();
    const loaderRead = queryClient.fetchQuery({ queryKey: KEY });
    await vi.waitFor(() => expect(server.reads()).toBe(1));

    server.deleteImage();
    void queryClient.invalidateQueries({ queryKey: KEY });
    server.answerFirst();
    await loaderRead;
    await vi.waitFor(() => expect(queryClient.getQueryState(KEY)?.isInvalidated).toBe(true));

    // Shown now: read again, with the change.
    const observer = new QueryObserver(queryClient, { queryKey: KEY });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(queryClient.getQueryData(KEY)).toEqual(AFTER));
    unsubscribe();
  });

  it('only marks a shown read stale again when the change asked for no refetch', async () => {
    const server = slowFirstRead();
    const queryClient = createAppQueryClient();
    const observer = new QueryObserver(queryClient, { queryKey: KEY });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(server.reads()).toBe(1));

    void queryClient.invalidateQueries({ queryKey: KEY, refetchType: 'none' });
    server.answerFirst();
    await vi.waitFor(() => expect(queryClient.getQueryState(KEY)?.isInvalidated).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.reads()).toBe(1);
    unsubscribe();
  });
});
