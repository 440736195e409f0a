import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test/fakeApi.ts';
import { createAppQueryClient } from './queryClient.ts';

const KEY = ['/api/forms/3/images?search=parish'];

/** The server's list: the first read's answer is held back until `answerFirst`, as a slow network does. */
function slowFirstRead() {
  let answerFirst: (() => void) | undefined;
  let reads = 0;
  let deleted = false;
  stubApi({
    'GET /api/forms/3/images': () => {
      reads += 1;
      const body = { images: deleted ? [] : ['parish-1.jpg'] };
      if (reads > 1) return { status: 200, body };
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
  it('asks again when a change lands while a shown list’s first read is on its way', async () => {
    const server = slowFirstRead();
    const queryClient = createAppQueryClient();
    const observer = new QueryObserver(queryClient, { queryKey: KEY });
    const unsubscribe = observer.subscribe(() => {});
    // A route loader waiting for the same read.
    const loaderRead = queryClient.fetchQuery({ queryKey: KEY });
    await vi.waitFor(() => expect(server.reads()).toBe(1));

    server.deleteImage();
    const invalidated = queryClient.invalidateQueries({ queryKey: KEY });
    server.answerFirst();
    await invalidated;

    expect(server.reads()).toBe(2);
    expect(queryClient.getQueryData(KEY)).toEqual({ images: [] });
    // The loader is handed the new answer, not the cancelled read's error or its old rows.
    await expect(loaderRead).resolves.toEqual({ images: [] });
    unsubscribe();
  });

  it('asks again for a read nobody shows yet (a route loader’s), so it is not kept as fresh', async () => {
    const server = slowFirstRead();
    const queryClient = createAppQueryClient();
    const loaderRead = queryClient.fetchQuery({ queryKey: KEY });
    await vi.waitFor(() => expect(server.reads()).toBe(1));

    server.deleteImage();
    const invalidated = queryClient.invalidateQueries({ queryKey: KEY });
    server.answerFirst();
    await invalidated;
    await expect(loaderRead).resolves.toEqual({ images: [] });
    expect(server.reads()).toBe(2);
  });
});
