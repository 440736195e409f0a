/**
 * The profile page's API tokens: the signed-in user lists, creates and revokes their own (cookie
 * session, like the rest of the profile). Creating one needs API access (Professional, or the
 * super admin); listing and revoking never do, so a downgraded owner can still clean up.
 */
import { apiTokensApi } from '@formscribe/common/api/apiTokens';
import { MESSAGES } from '@formscribe/common/messages';
import { notFound, unauthorized } from '../../errors.ts';
import { requireFeature } from '../../policies/entitlements.ts';
import { presentApiToken } from '../../presenters/presentApiToken.ts';
import { createApiToken, listApiTokens, revokeApiToken } from '../../services/apiTokens/apiTokenStore.ts';
import { callersApiToken } from '../declared/accountPolicies.ts';
import { route } from '../declared/declareRoute.ts';

route(apiTokensApi.listApiTokens, { policy: 'self' }, async (ctx, { user }) => {
  const tokens = await listApiTokens(user);
  ctx.set('Cache-Control', 'no-store');
  return { tokens: tokens.map(presentApiToken) };
});

route(apiTokensApi.createApiToken, { policy: 'self' }, async (ctx, { user, body }) => {
  requireFeature(ctx, user, 'api');
  const sessionId = ctx.state.session?.id;
  if (sessionId === undefined) throw unauthorized(MESSAGES.notAuthenticated);
  const { token, secret } = await createApiToken(user, sessionId, body);
  // The secret is in this answer only: no cache may keep it.
  ctx.set('Cache-Control', 'no-store');
  return { ...presentApiToken(token), token: secret };
});

route(apiTokensApi.revokeApiToken, { policy: callersApiToken }, async (_ctx, { user, resource: token }) => {
  // Scoped to the caller in the statement too: a token revoked meanwhile is a 404, like a missing one.
  if (!(await revokeApiToken(user, token.id))) throw notFound(MESSAGES.apiTokenNotFound);
});
