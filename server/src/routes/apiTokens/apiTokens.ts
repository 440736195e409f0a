/**
 * The profile page's API tokens: the signed-in user lists, creates and revokes their own (cookie
 * session, like the rest of the profile). Creating one needs API access (Professional, or the
 * super admin); listing and revoking never do, so a downgraded owner can still clean up.
 */
import { MESSAGES } from '@formscribe/common/messages';
import {
  apiTokenListResponseSchema,
  createApiTokenRequestSchema,
  createdApiTokenResponseSchema,
} from '@formscribe/common/schemas/apiTokens';
import { idParamSchema } from '@formscribe/common/schemas/common';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { notFound, unauthorized } from '../../errors.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { requireFeature } from '../../policies/entitlements.ts';
import { presentApiToken } from '../../presenters/presentApiToken.ts';
import { createApiToken, listApiTokens, revokeApiToken } from '../../services/apiTokens/apiTokenStore.ts';
import { respond } from '../respond.ts';

export const apiTokensRouter = new Router<AppState, AppContextExtras>();

apiTokensRouter.get('/api/api-tokens', async (ctx) => {
  const tokens = await listApiTokens(requireUser(ctx));
  ctx.set('Cache-Control', 'no-store');
  respond(ctx, apiTokenListResponseSchema, { tokens: tokens.map(presentApiToken) });
});

apiTokensRouter.post('/api/api-tokens', async (ctx) => {
  const user = requireUser(ctx);
  const input = parseInput(createApiTokenRequestSchema, ctx.request.body);
  requireFeature(ctx, user, 'api');
  const sessionId = ctx.state.session?.id;
  if (sessionId === undefined) throw unauthorized(MESSAGES.notAuthenticated);
  const { token, secret } = await createApiToken(user, sessionId, input);
  // The secret is in this answer only: no cache may keep it.
  ctx.set('Cache-Control', 'no-store');
  respond(ctx, createdApiTokenResponseSchema, { ...presentApiToken(token), token: secret }, 201);
});

apiTokensRouter.delete('/api/api-tokens/:id', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  // Scoped to the caller in the statement itself: someone else's token id is a 404, like a missing one.
  if (!(await revokeApiToken(requireUser(ctx), id))) throw notFound(MESSAGES.apiTokenNotFound);
  ctx.status = 204;
});
