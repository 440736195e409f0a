import type { ServerToClientEvents } from '@formscribe/common/realtime';
import type { ImportResponse } from '@formscribe/common/schemas/imports';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formImagesQueryKey } from '../../../api/images.ts';
import { formImportsQueryKey, importQueryKey } from '../../../api/imports.ts';
import { bindEventsToCache, IMAGE_ADDED_REFETCH_MS } from '../../../realtime/liveCacheBridge.ts';
import type { LiveSocket } from '../../../realtime/liveSocket.ts';
import { buildImage } from '../../../test/formFixtures.ts';

/** Just enough of a socket to deliver server events to the handlers the bridge registers. */
function boundTo(queryClient: QueryClient) {
  const handlers = new Map<string, (payload: unknown) => void>();
  const socket = {
    on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
    onAny: () => {},
  } as unknown as LiveSocket;
  bindEventsToCache(socket, queryClient);
  return <E extends keyof ServerToClientEvents>(event: E, payload: Parameters<ServerToClientEvents[E]>[0]) =>
    handlers.get(event)?.(payload);
}

const running = (importId: number, imported: number): ImportResponse => ({
  importId,
  formId: 3,
  name: `scan-${importId}.pdf`,
  status: 'running',
  found: 500,
  imported,
  duplicates: 0,
  refused: [],
  reason: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  finishedAt: null,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('live import events', () => {
  it("writes 'form:import' into the import and the form's list, running ones first", () => {
    const queryClient = new QueryClient();
    const finished = { ...running(1, 9), status: 'done' as const };
    queryClient.setQueryData(formImportsQueryKey(3), { imports: [finished] });
    const emit = boundTo(queryClient);

    emit('form:import', running(2, 40));

    expect(queryClient.getQueryData(importQueryKey(3, 2))).toEqual(running(2, 40));
    expect(queryClient.getQueryData(formImportsQueryKey(3))).toEqual({ imports: [running(2, 40), finished] });
    emit('form:import', running(2, 41));
    expect(queryClient.getQueryData(formImportsQueryKey(3))).toEqual({ imports: [running(2, 41), finished] });
  });

  it("reads the image list again once for a burst of 'form:image-added' (500 pages), and once more at its end", async () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    let reads = 0;
    // The Images tab's page on screen: an active query, read again when invalidated.
    const page = new QueryObserver(queryClient, {
      queryKey: [...formImagesQueryKey(3), { page: 1, limit: 12 }],
      queryFn: () => {
        reads += 1;
        return { images: [], total: reads, totalPages: 1 };
      },
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = page.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1);
    const emit = boundTo(queryClient);

    for (let added = 1; added <= 500; added++) {
      emit('form:image-added', { formId: 3, image: buildImage({ id: added, formId: 3 }) });
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(2);
    await vi.advanceTimersByTimeAsync(IMAGE_ADDED_REFETCH_MS);
    expect(reads).toBe(3);
    await vi.advanceTimersByTimeAsync(IMAGE_ADDED_REFETCH_MS * 5);
    expect(reads).toBe(3);
    unsubscribe();
  });
});
