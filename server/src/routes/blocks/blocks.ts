import { MESSAGES } from '@formscribe/common/messages';
import {
  blockParamsSchema,
  blockRequestSchema,
  blockResponseSchema,
  unblockResponseSchema,
} from '@formscribe/common/schemas/block';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { notFound } from '../../errors.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { User } from '../../models/index.ts';
import { loadManagedForm } from '../../policies/forms.ts';
import { presentBlock } from '../../presenters/presentBlock.ts';
import { blockUser, unblockUser } from '../../services/blocks/formBlocks.ts';
import { respond } from '../respond.ts';

export const blocksRouter = new Router<AppState, AppContextExtras>();

async function loadTarget(userId: number): Promise<User> {
  const target = await User.query().findById(userId);
  if (!target) throw notFound(MESSAGES.userNotFound);
  return target;
}

blocksRouter.post('/api/forms/:id/users/:userId/block', async (ctx) => {
  const { id, userId } = parseInput(blockParamsSchema, ctx.params);
  const options = parseInput(blockRequestSchema, ctx.request.body);
  const user = requireUser(ctx);
  const form = await loadManagedForm(ctx, user, id);
  const block = await blockUser(ctx.deps, form, await loadTarget(userId), user, options);
  respond(ctx, blockResponseSchema, presentBlock(block));
});

blocksRouter.post('/api/forms/:id/users/:userId/unblock', async (ctx) => {
  const { id, userId } = parseInput(blockParamsSchema, ctx.params);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  await unblockUser(ctx.deps, form, await loadTarget(userId));
  respond(ctx, unblockResponseSchema, { blocked: false });
});
