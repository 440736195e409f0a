/**
 * An account's calls are bounded as the README says (at most its token cap times one token's
 * allowance a minute), however its tokens come and go: revoking a used-up token and making a new
 * one gives the new token a fresh count of its own, but not the account a fresh allowance.
 */
import { API_TOKENS_PER_ACCOUNT } from '@formscribe/common/limits';
import { MESSAGES } from '@formscribe/common/messages';
import { API_RATE_LIMIT, type ApiTokenListResponse } from '@formscribe/common/schemas/apiTokens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { createToken, professionalOwner, tokenClient } from '../../test/v1Fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const PARALLEL_CALLS = 20;

describe('the account’s allowance on /api/v1', () => {
  it('is not renewed by revoking a used-up token and making another', async () => {
    const owner = await professionalOwner(server);
    const { limit } = API_RATE_LIMIT;
    // One token at a time, each used up, then revoked: the account never holds more than one.
    for (let round = 0; round < API_TOKENS_PER_ACCOUNT; round += 1) {
      const client = tokenClient(server, await createToken(owner, 'read', { name: `round ${round}` }));
      for (let used = 0; used < limit; used += PARALLEL_CALLS) {
        const batch = Array.from({ length: Math.min(PARALLEL_CALLS, limit - used) }, () => client.get('/api/v1/forms'));
        for (const res of await Promise.all(batch)) expect(res.status).toBe(200);
      }
      const tokens = await owner.client.get<ApiTokenListResponse>('/api/api-tokens');
      for (const token of tokens.body.tokens) {
        expect((await owner.client.delete(`/api/api-tokens/${token.id}`)).status).toBe(204);
      }
    }

    const fresh = tokenClient(server, await createToken(owner, 'read', { name: 'one more' }));
    const res = await fresh.get('/api/v1/forms');
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: MESSAGES.tooManyRequests, retryAfterSeconds: expect.any(Number) });
    expect(res.headers.get('ratelimit-remaining')).toBe('0');
  }, 180_000);
});
