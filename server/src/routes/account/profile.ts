import { messageResponseSchema } from '@formscribe/common/schemas/common';
import {
  passwordChangeRequestSchema,
  profileUpdateRequestSchema,
  userResponseSchema,
} from '@formscribe/common/schemas/user';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { presentUser } from '../../presenters/presentUser.ts';
import { changePassword, completeTutorial, updateProfile } from '../../services/profile.ts';
import { respond } from '../respond.ts';

export const profileRouter = new Router<AppState, AppContextExtras>();

profileRouter.put('/api/user/profile', async (ctx) => {
  const user = requireUser(ctx);
  const input = parseInput(profileUpdateRequestSchema, ctx.request.body);
  respond(ctx, userResponseSchema, presentUser(await updateProfile(ctx, user, input), ctx.deps.config.adminEmail));
});

profileRouter.patch('/api/profile/password', async (ctx) => {
  const user = requireUser(ctx);
  const input = parseInput(passwordChangeRequestSchema, ctx.request.body);
  await changePassword(ctx, user, input.currentPassword, input.newPassword);
  respond(ctx, messageResponseSchema, { message: 'Password changed' });
});

profileRouter.post('/api/tutorial/complete', async (ctx) => {
  const user = requireUser(ctx);
  respond(ctx, userResponseSchema, presentUser(await completeTutorial(user, 'owner'), ctx.deps.config.adminEmail));
});

profileRouter.post('/api/tutorial/data-entry/complete', async (ctx) => {
  const user = requireUser(ctx);
  const updated = await completeTutorial(user, 'dataEntry');
  respond(ctx, userResponseSchema, presentUser(updated, ctx.deps.config.adminEmail));
});
