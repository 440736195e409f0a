/** Votes that an image holds no data or cannot be read, and who has entered an image. */
import { VOTE_ROUTES, votesApi } from '@formscribe/common/api/votes';
import { VOTE_KINDS } from '@formscribe/common/votes';
import { canSeeContributorEmails } from '../../policies/index.ts';
import { presentContributor } from '../../presenters/presentSubmission.ts';
import { readImageContributors } from '../../services/submissions/imageContributors.ts';
import { castVote, voteStatus } from '../../services/votes/imageVotes.ts';
import { route } from '../declared/declareRoute.ts';
import { viewableImage, votableImage } from '../declared/imagePolicies.ts';

for (const kind of VOTE_KINDS) {
  route(VOTE_ROUTES[kind].cast, { policy: votableImage }, async (ctx, { user, params, resource: { form } }) => {
    const { voteCount, imageCompleted } = await castVote(ctx.deps, form, user, params.id, kind);
    return { imageCompleted, voteCount };
  });

  route(VOTE_ROUTES[kind].status, { policy: viewableImage }, (_ctx, { user, params }) =>
    voteStatus(user, params.id, kind),
  );
}

route(votesApi.imageContributors, { policy: viewableImage }, async (ctx, { user, params, resource: { form } }) => {
  const showEmail = canSeeContributorEmails(ctx, user, form);
  return (await readImageContributors(params.id)).map((c) => presentContributor(c, c.submitter, showEmail));
});
