/** Votes that an image holds no data or cannot be read (one route pair per kind), and who has entered an image. */
import { idParamSchema } from '../schemas/common.ts';
import { contributorsResponseSchema, voteResponseSchema, voteStatusResponseSchema } from '../schemas/submission.ts';
import type { VoteKind } from '../votes.ts';
import { defineRoutes } from './routeContract.ts';

export const votesApi = defineRoutes({
  voteNoData: {
    method: 'post',
    path: '/api/images/{id}/vote-no-data',
    params: idParamSchema,
    response: voteResponseSchema,
  },
  noDataVoteStatus: {
    method: 'get',
    path: '/api/images/{id}/vote-no-data-status',
    params: idParamSchema,
    response: voteStatusResponseSchema,
  },
  voteUnreadable: {
    method: 'post',
    path: '/api/images/{id}/vote-unreadable',
    params: idParamSchema,
    response: voteResponseSchema,
  },
  unreadableVoteStatus: {
    method: 'get',
    path: '/api/images/{id}/vote-unreadable-status',
    params: idParamSchema,
    response: voteStatusResponseSchema,
  },
  imageContributors: {
    method: 'get',
    path: '/api/images/{id}/contributors',
    params: idParamSchema,
    response: contributorsResponseSchema,
  },
});

/** Each kind's pair of routes: casting the vote and whether the caller has cast it. */
export const VOTE_ROUTES = {
  'no-data': { cast: votesApi.voteNoData, status: votesApi.noDataVoteStatus },
  unreadable: { cast: votesApi.voteUnreadable, status: votesApi.unreadableVoteStatus },
} as const satisfies Record<VoteKind, unknown>;
