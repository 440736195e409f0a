/**
 * An account holds at most API_TOKENS_PER_ACCOUNT tokens, so its calls to /api/v1 are bounded
 * (each token has its own rate limit), and parallel creations cannot pass the cap (issue 24, item 4).
 */
import { API_TOKENS_PER_ACCOUNT } from '@formscribe/common/limits';
import { MESSAGES } from '@formscribe/common/messages';
import type { ApiTokenListResponse } from '@formscribe/common/schemas/apiTokens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { createToken, professionalOwner } from '../../test/v1Fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const createRequest = (owner: Person, name: string) =>
  owner.client.post('/api/api-tokens', { name, scope: 'read_write', expiresAt: null });

async function tokensHeld(owner: Person): Promise<number> {
  return (await owner.client.get<ApiTokenListResponse>('/api/api-tokens')).body.tokens.length;
}

describe('the cap on API tokens', () => {
  it('refuses a token past the cap with a clear message, and makes room when one is revoked', async () => {
    const owner = await professionalOwner(server);
    for (let i = 0; i < API_TOKENS_PER_ACCOUNT; i += 1) await createToken(owner, 'read', { name: `sync ${i}` });

    const refused = await createRequest(owner, 'one too many');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: MESSAGES.apiTokenLimitReached });
    expect(MESSAGES.apiTokenLimitReached).toContain(String(API_TOKENS_PER_ACCOUNT));
    expect(await tokensHeld(owner)).toBe(API_TOKENS_PER_ACCOUNT);

    const [oldest] = (await owner.client.get<ApiTokenListResponse>('/api/api-tokens')).body.tokens.slice(-1);
    expect((await owner.client.delete(`/api/api-tokens/${oldest?.id}`)).status).toBe(204);
    expect((await createRequest(owner, 'in its place')).status).toBe(201);
  });

  it('counts expired tokens until they are revoked', async () => {
    const owner = await professionalOwner(server);
    for (let i = 0; i < API_TOKENS_PER_ACCOUNT; i += 1) await createToken(owner, 'read', { name: `old ${i}` });
    await server
      .knex('api_tokens')
      .where({ user_id: owner.user.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await createRequest(owner, 'fresh')).status).toBe(409);
  });

  it('parallel creations at the cap make none beyond it', async () => {
    const owner = await professionalOwner(server);
    for (let i = 0; i < API_TOKENS_PER_ACCOUNT - 1; i += 1) await createToken(owner, 'read', { name: `held ${i}` });
    // Twenty kept-alive connections first, so the burst arrives at once rather than connection by connection.
    await Promise.all(Array.from({ length: 20 }, () => tokensHeld(owner)));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => createRequest(owner, `burst ${i}`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 19 }, () => 409)]);
    const rows = await server.knex('api_tokens').where({ user_id: owner.user.id }).count<{ count: string }[]>();
    expect(Number(rows[0]?.count)).toBe(API_TOKENS_PER_ACCOUNT);
  });

  it('caps each account on its own', async () => {
    const first = await professionalOwner(server);
    const second = await professionalOwner(server);
    for (let i = 0; i < API_TOKENS_PER_ACCOUNT; i += 1) await createToken(first, 'read', { name: `first ${i}` });
    expect((await createRequest(second, 'unaffected')).status).toBe(201);
  });
});
