/**
 * Two app processes sharing one PostgreSQL and one real Redis: events cross nodes through the
 * Redis adapter, survive Redis dying (each node keeps serving its own sockets) and flow across
 * nodes again once Redis is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { censusForm, person } from '../test/entryFixtures.ts';
import { RedisServer } from '../test/redisServer.ts';
import { type SecondNode, startSecondNode } from '../test/secondNode.ts';
import { connect, nextOwnerImage, type TestSocket, watchForm } from '../test/socketClient.ts';
import { TestClient } from '../test/testClient.ts';
import { startTestServer, type TestServer } from '../test/testServer.ts';

let redis: RedisServer;
let nodeA: TestServer;
let nodeB: SecondNode;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  redis = await RedisServer.start();
  nodeA = await startTestServer({ REDIS_URL: redis.url });
  nodeB = await startSecondNode(nodeA.connectionString, redis.url);
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await nodeB?.stop();
  await nodeA?.stop();
  await redis?.kill();
});

/** The same signed-in person as a browser tab on node B (sessions live in the shared database). */
function onNodeB(client: TestClient): TestClient {
  const tab = new TestClient(nodeB.url);
  const cookie = client.cookie('formscribe_session');
  if (cookie) tab.setCookie('formscribe_session', cookie);
  return tab;
}

async function ownerSocket(url: string, client: TestClient, formId: number) {
  const socket = await connect(url, client);
  sockets.push(socket);
  expect(await watchForm(socket, formId)).toMatchObject({ ok: true, role: 'owner' });
  return socket;
}

const entry = { name: 'Anna' };

describe('two nodes through Redis', () => {
  it('delivers events across nodes, degrades to local delivery without Redis, and recovers', async () => {
    const { owner, form, images } = await censusForm(server(), { threshold: 3, images: 6 });
    const [i1, i2, i3, i4, i5] = images;
    if (!i1 || !i2 || !i3 || !i4 || !i5) throw new Error('images');
    const contributor = await person(server(), form);
    const contributorOnB = onNodeB(contributor.client);
    const socketOnA = await ownerSocket(nodeA.url, owner.client, form.id);
    const socketOnB = await ownerSocket(nodeB.url, onNodeB(owner.client), form.id);

    // 1. A submission made through node B reaches a socket on node A.
    const crossed = nextOwnerImage(socketOnA, (image) => image.id === i1.id);
    const res = await contributorOnB.post(`/api/forms/${form.id}/submissions`, { imageId: i1.id, data: entry });
    expect(res.status).toBe(201);
    expect((await crossed).image.entryCount).toBe(1);

    // 2. Redis dies: nothing crashes, each node still serves its own sockets.
    await redis.kill();
    const localA = nextOwnerImage(socketOnA, (image) => image.id === i2.id);
    expect(
      (await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: i2.id, data: entry })).status,
    ).toBe(201);
    await localA;
    const localB = nextOwnerImage(socketOnB, (image) => image.id === i3.id);
    expect(
      (await contributorOnB.post(`/api/forms/${form.id}/submissions`, { imageId: i3.id, data: entry })).status,
    ).toBe(201);
    await localB;
    expect((await fetch(`${nodeA.url}/api/health`)).ok).toBe(true);
    expect((await fetch(`${nodeB.url}/api/health`)).ok).toBe(true);

    // 3. Redis returns: events cross nodes again (node-redis reconnects and resubscribes).
    await redis.restart();
    const deadline = Date.now() + 20_000;
    let recovered = false;
    for (const image of [i4, i5, ...images.slice(5)]) {
      const seen = nextOwnerImage(socketOnA, (changed) => changed.id === image.id, 3000).then(
        () => true,
        () => false,
      );
      await contributorOnB.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: entry });
      recovered = await seen;
      if (recovered || Date.now() > deadline) break;
    }
    expect(recovered).toBe(true);
  }, 90_000);
});

function server(): TestServer {
  return nodeA;
}
