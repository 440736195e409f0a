/**
 * Tokens are rate-limited per token across every node: two app processes share one PostgreSQL
 * counter, so calls alternating between them use one allowance. Every answer says where the
 * token stands (RateLimit-Limit, -Remaining, -Reset); past the limit a 429 with Retry-After.
 */
import { MESSAGES } from '@formscribe/common/messages';
import { API_RATE_LIMIT } from '@formscribe/common/schemas/apiTokens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisServer } from '../../test/redisServer.ts';
import { type SecondNode, startSecondNode } from '../../test/secondNode.ts';
import { TestClient } from '../../test/testClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { createToken, professionalOwner, tokenClient } from '../../test/v1Fixtures.ts';

let redis: RedisServer;
let nodeA: TestServer;
let nodeB: SecondNode;

beforeAll(async () => {
  redis = await RedisServer.start();
  nodeA = await startTestServer({ REDIS_URL: redis.url });
  nodeB = await startSecondNode(nodeA.connectionString, redis.url);
}, 120_000);
afterAll(async () => {
  await nodeB?.stop();
  await nodeA?.stop();
  await redis?.kill();
});

function onNodeB(secret: string, path: string) {
  return new TestClient(nodeB.url).get(path, { headers: { authorization: `Bearer ${secret}` } });
}

describe('rate limits per token', () => {
  it('count calls on both nodes against one allowance, then answer 429 on both', async () => {
    const owner = await professionalOwner(nodeA);
    const secret = await createToken(owner);
    const onNodeA = tokenClient(nodeA, secret);
    const { limit } = API_RATE_LIMIT;

    const first = await onNodeA.get('/api/v1/forms');
    expect(first.headers.get('ratelimit-limit')).toBe(String(limit));
    expect(first.headers.get('ratelimit-remaining')).toBe(String(limit - 1));
    const reset = Number(first.headers.get('ratelimit-reset'));
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(API_RATE_LIMIT.windowMs / 1000);

    const second = await onNodeB(secret, '/api/v1/forms');
    expect(second.status).toBe(200);
    expect(second.headers.get('ratelimit-remaining')).toBe(String(limit - 2));

    // Use up the rest, alternating nodes, a few at a time.
    for (let used = 2; used < limit; used += 10) {
      const batch = Array.from({ length: Math.min(10, limit - used) }, (_, i) =>
        i % 2 ? onNodeA.get('/api/v1/forms') : onNodeB(secret, '/api/v1/forms'),
      );
      for (const res of await Promise.all(batch)) expect(res.status).toBe(200);
    }

    for (const res of [await onNodeA.get('/api/v1/forms'), await onNodeB(secret, '/api/v1/forms')]) {
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ message: MESSAGES.tooManyRequests, retryAfterSeconds: expect.any(Number) });
      expect(res.headers.get('ratelimit-remaining')).toBe('0');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    // Another token of the same owner has its own allowance.
    const other = tokenClient(nodeA, await createToken(owner));
    expect((await other.get('/api/v1/forms')).status).toBe(200);
  }, 120_000);
});
