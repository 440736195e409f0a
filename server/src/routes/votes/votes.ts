/** Votes that an image holds no data or cannot be read, and who has entered an image. */
import { idParamSchema } from '@formscribe/common/schemas/common';
import {
  contributorsResponseSchema,
  voteResponseSchema,
  voteStatusResponseSchema,
} from '@formscribe/common/schemas/submission';
import { VOTE_KINDS } from '@formscribe/common/votes';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { assertCanEnterData, canSeeContributorEmails, loadViewableImage } from '../../policies/index.ts';
import { presentContributor } from '../../presenters/presentSubmission.ts';
import { readImageContributors } from '../../services/submissions/imageContributors.ts';
import { castVote, voteStatus } from '../../services/votes/imageVotes.ts';
import { respond } from '../respond.ts';

export const votesRouter = new Router<AppState, AppContextExtras>();

for (const kind of VOTE_KINDS) {
  votesRouter.post(`/api/images/:id/vote-${kind}`, async (ctx) => {
    const { id } = parseInput(idParamSchema, ctx.params);
    const user = requireUser(ctx);
    const { form } = await loadViewableImage(ctx, user, id);
    await assertCanEnterData(user, form);
    const { voteCount, imageCompleted } = await castVote(ctx.deps, form, user, id, kind);
    respond(ctx, voteResponseSchema, { imageCompleted, voteCount });
  });

  votesRouter.get(`/api/images/:id/vote-${kind}-status`, async (ctx) => {
    const { id } = parseInput(idParamSchema, ctx.params);
    const user = requireUser(ctx);
    await loadViewableImage(ctx, user, id);
    respond(ctx, voteStatusResponseSchema, await voteStatus(user, id, kind));
  });
}

votesRouter.get('/api/images/:id/contributors', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const user = requireUser(ctx);
  const { form } = await loadViewableImage(ctx, user, id);
  const showEmail = canSeeContributorEmails(ctx, user, form);
  const contributors = (await readImageContributors(id)).map((c) => presentContributor(c, c.submitter, showEmail));
  respond(ctx, contributorsResponseSchema, contributors);
});
