/**
 * Policies of the caller's own things that are named by id in the path: a personal access token
 * is found only among the caller's own, so someone else's token id is a 404 like a missing one.
 */
import { MESSAGES } from '@formscribe/common/messages';
import { notFound } from '../../errors.ts';
import { ApiToken } from '../../models/ApiToken.ts';
import { byParam } from './routePolicies.ts';

/** The caller's own API token of `/api/api-tokens/{id}`. */
export const callersApiToken = byParam('id', async (_ctx, user, id) => {
  const token = await ApiToken.query().findOne({ id, userId: user.id });
  if (!token) throw notFound(MESSAGES.apiTokenNotFound);
  return token;
});
