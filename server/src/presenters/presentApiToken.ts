import type { ApiTokenResponse } from '@formscribe/common/schemas/apiTokens';
import type { ApiToken } from '../models/ApiToken.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A token as its owner's list shows it: never its hash, and its secret only at creation. */
export function presentApiToken(token: ApiToken): ApiTokenResponse {
  return {
    id: token.id,
    name: token.name,
    scope: token.scope,
    hint: `${token.hint}…`,
    createdAt: token.createdAt.toISOString(),
    expiresAt: iso(token.expiresAt),
    lastUsedAt: iso(token.lastUsedAt),
  };
}
