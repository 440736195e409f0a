import type { ServerToClientEvents } from '@formscribe/common/realtime';
import type { VerificationStats } from '@formscribe/common/schemas/stats';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { consolidatedQueryKey } from '../api/consolidated.ts';
import { entryQueryKey } from '../api/entry.ts';
import {
  formUsersQueryKey,
  leaderboardQueryKey,
  RECENTLY_COMPLETED_QUERY_KEY,
  recentImagesQueryKey,
  recentSubmissionsQueryKey,
  submissionTotalQueryKey,
  verificationStatsQueryKey,
} from '../api/formStats.ts';
import { FORMS_QUERY_KEY, formQueryKey } from '../api/forms.ts';
import { formImagesQueryKey, imageQueryKey } from '../api/images.ts';
import { formSubmissionsQueryKey } from '../api/submissions.ts';
import { buildFormListItem } from '../test/formFixtures.ts';
import { bindEventsToCache } from './liveCacheBridge.ts';
import type { LiveSocket } from './liveSocket.ts';

/** Just enough of a socket to deliver server events to the handlers the bridge registers. */
function fakeSocket() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const socket = {
    on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
    onAny: (handler: (event: string, payload: unknown) => void) => anyHandlers.push(handler),
  } as unknown as LiveSocket;
  const anyHandlers: ((event: string, payload: unknown) => void)[] = [];
  const emit = <E extends keyof ServerToClientEvents>(event: E, payload: Parameters<ServerToClientEvents[E]>[0]) => {
    for (const handler of anyHandlers) handler(event, payload);
    handlers.get(event)?.(payload);
  };
  return { socket, emit };
}

const STATS: VerificationStats = {
  totalImages: 4,
  completedImages: 1,
  remainingImages: 3,
  completionPercentage: 25,
  totalFieldVerificationsNeeded: 8,
  completedFieldVerifications: 3,
  remainingFieldVerifications: 5,
};

function seeded(keys: QueryKey[]) {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData(key, 'cached');
  const stale = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? false;
  return { queryClient, stale };
}

describe('live events into the owner page cache', () => {
  it("writes 'form:stats' into the verification stats and asks again for the server-paged lists", () => {
    const consolidated = [...consolidatedQueryKey(3), { page: 1 }];
    const recentImages = [...recentImagesQueryKey(3), { limit: 5 }];
    const leaderboard = [...leaderboardQueryKey(3), { limit: 5 }];
    const { queryClient, stale } = seeded([consolidated, recentImages, leaderboard, RECENTLY_COMPLETED_QUERY_KEY]);
    const { socket, emit } = fakeSocket();
    bindEventsToCache(socket, queryClient);

    emit('form:stats', { formId: 3, stats: STATS });

    expect(queryClient.getQueryData(verificationStatsQueryKey(3))).toEqual(STATS);
    expect(stale(consolidated)).toBe(true);
    expect(stale(recentImages)).toBe(true);
    expect(stale(RECENTLY_COMPLETED_QUERY_KEY)).toBe(true);
    expect(stale(leaderboard)).toBe(false);
  });

  it("keeps the figures of 'form:stats' when a read that was answered before them lands after", async () => {
    const queryClient = new QueryClient();
    const key = verificationStatsQueryKey(3);
    let answer: (stats: VerificationStats) => void = () => {};
    const read = queryClient.fetchQuery({
      queryKey: key,
      queryFn: () => new Promise<VerificationStats>((resolve) => (answer = resolve)),
    });
    const { socket, emit } = fakeSocket();
    bindEventsToCache(socket, queryClient);
    const newer = { ...STATS, completedImages: 2, remainingImages: 2, completionPercentage: 50 };

    emit('form:stats', { formId: 3, stats: newer });
    answer(STATS);
    await read.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(queryClient.getQueryData(key)).toEqual(newer);
    expect(queryClient.getQueryState(key)?.fetchStatus).toBe('idle');
  });

  it("marks the submission lists, counts, leaderboard and people stale on 'form:submission', for that form only", () => {
    const keys = {
      submissions: [...formSubmissionsQueryKey(3), { page: 2 }],
      total: submissionTotalQueryKey(3),
      leaderboard: [...leaderboardQueryKey(3), { limit: 5 }],
      recent: [...recentSubmissionsQueryKey(3), { limit: 5 }],
      users: formUsersQueryKey(3),
      otherForm: formUsersQueryKey(4),
      consolidated: [...consolidatedQueryKey(3), { page: 1 }],
    };
    const { queryClient, stale } = seeded(Object.values(keys));
    const { socket, emit } = fakeSocket();
    bindEventsToCache(socket, queryClient);

    emit('form:submission', { formId: 3, imageId: 9, submissionId: 12, submittedAt: '2025-02-03T10:00:00.000Z' });

    expect(stale(keys.submissions)).toBe(true);
    expect(stale(keys.total)).toBe(true);
    expect(stale(keys.leaderboard)).toBe(true);
    expect(stale(keys.recent)).toBe(true);
    expect(stale(keys.users)).toBe(true);
    expect(stale(keys.otherForm)).toBe(false);
    expect(stale(keys.consolidated)).toBe(false);
  });
});

describe('a form-wide recompute', () => {
  it("reads the form's image pages and its images on screen again on 'form:recomputed', not other forms'", () => {
    const page = [...formImagesQueryKey(3), { page: 1 }];
    const otherPage = [...formImagesQueryKey(4), { page: 1 }];
    const { queryClient, stale } = seeded([page, otherPage]);
    queryClient.setQueryData(imageQueryKey(10), { id: 10, formId: 3 });
    queryClient.setQueryData(imageQueryKey(11), { id: 11, formId: 4 });
    const { socket, emit } = fakeSocket();
    bindEventsToCache(socket, queryClient);

    emit('form:recomputed', { formId: 3 });

    expect(stale(page)).toBe(true);
    expect(stale(imageQueryKey(10))).toBe(true);
    expect(stale(otherPage)).toBe(false);
    expect(stale(imageQueryKey(11))).toBe(false);
  });
});

describe('losing a form', () => {
  it("takes a form the user was blocked from off the dashboard at once ('form:access-lost')", () => {
    const queryClient = new QueryClient();
    const kept = buildFormListItem({ id: 1, isOwner: false });
    queryClient.setQueryData(FORMS_QUERY_KEY, [kept, buildFormListItem({ id: 2, isOwner: false })]);
    queryClient.setQueryData(formQueryKey(2), 'cached');
    queryClient.setQueryData(entryQueryKey(2), 'cached');
    const { socket, emit } = fakeSocket();
    bindEventsToCache(socket, queryClient);

    emit('form:access-lost', { formId: 2 });

    expect(queryClient.getQueryData(FORMS_QUERY_KEY)).toEqual([kept]);
    expect(queryClient.getQueryState(formQueryKey(2))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(entryQueryKey(2))?.isInvalidated).toBe(true);
  });
});
