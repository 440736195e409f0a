/** A form's manager blocks a contributor (optionally dropping their entries) or lifts the block. */
import { blocksApi } from '@formscribe/common/api/blocks';
import { MESSAGES } from '@formscribe/common/messages';
import { notFound } from '../../errors.ts';
import { User } from '../../models/index.ts';
import { presentBlock } from '../../presenters/presentBlock.ts';
import { blockUser, unblockUser } from '../../services/blocks/formBlocks.ts';
import { route } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';

async function loadTarget(userId: number): Promise<User> {
  const target = await User.query().findById(userId);
  if (!target) throw notFound(MESSAGES.userNotFound);
  return target;
}

route(blocksApi.blockUser, { policy: managedForm }, async (ctx, { user, params, body, resource: form }) =>
  presentBlock(await blockUser(ctx.deps, form, await loadTarget(params.userId), user, body)),
);

route(blocksApi.unblockUser, { policy: managedForm }, async (ctx, { user, params, resource: form }) => {
  await unblockUser(ctx.deps, form, await loadTarget(params.userId), user);
  return { blocked: false as const };
});
