/**
 * Personal access tokens for the public API (/api/v1), as the profile page manages them. The
 * secret itself appears once, in the answer to its creation; lists show a hint (its first
 * characters) so an owner can tell tokens apart.
 */
import { z } from 'zod';
import { API_TOKENS_PER_ACCOUNT } from '../limits.ts';
import { MESSAGES } from '../messages.ts';

export const API_TOKEN_SCOPES = ['read', 'read_write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every token starts with this, so secret scanners and people recognise one when it leaks. */
export const API_TOKEN_PREFIX = 'fsk_';
export const API_TOKEN_NAME_MAX_LENGTH = 100;

/** Requests per token per window, counted across every node (PostgreSQL). */
export const API_RATE_LIMIT = { limit: 300, windowMs: 60_000 } as const;

/**
 * Requests per account per window, whichever of its tokens make them: what the token cap promises
 * (10 tokens, 300 calls each). Counted apart, because a token revoked and made again starts a
 * fresh count of its own, which would otherwise renew the account's allowance at will.
 */
export const API_ACCOUNT_RATE_LIMIT = {
  limit: API_RATE_LIMIT.limit * API_TOKENS_PER_ACCOUNT,
  windowMs: API_RATE_LIMIT.windowMs,
} as const;

export const createApiTokenRequestSchema = z.object({
  name: z.string().trim().min(1, MESSAGES.apiTokenNameRequired).max(API_TOKEN_NAME_MAX_LENGTH),
  scope: z.enum(API_TOKEN_SCOPES),
  /** When the token stops working; null or absent: never. */
  expiresAt: z.iso
    .datetime({ offset: true })
    .nullable()
    .default(null)
    .refine((value) => value === null || Date.parse(value) > Date.now(), MESSAGES.apiTokenExpiryPast),
});
export type CreateApiTokenRequest = z.input<typeof createApiTokenRequestSchema>;

export const apiTokenResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  /** The token's first characters followed by an ellipsis. */
  hint: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiTokenResponse = z.infer<typeof apiTokenResponseSchema>;

/** GET /api/api-tokens: the caller's tokens, newest first. */
export const apiTokenListResponseSchema = z.object({ tokens: z.array(apiTokenResponseSchema) });
export type ApiTokenListResponse = z.infer<typeof apiTokenListResponseSchema>;

/** POST /api/api-tokens: the new token, with its secret (shown this once, never again). */
export const createdApiTokenResponseSchema = apiTokenResponseSchema.extend({ token: z.string() });
export type CreatedApiTokenResponse = z.infer<typeof createdApiTokenResponseSchema>;
