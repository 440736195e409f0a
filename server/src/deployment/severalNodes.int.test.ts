/**
 * Two app processes on one PostgreSQL, one Redis and one bucket, as a deployment behind a load
 * balancer runs them: whichever node a request reaches, the user sees the same files, live
 * events, rate limits and background jobs. Then one node is killed with kill -9 in the middle of
 * an upload and started again: nothing of the upload remains, and it can be sent again.
 */
import { randomBytes } from 'node:crypto';
import type { ImageResponse } from '@formscribe/common/schemas/form';
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_EVENT_HEADER } from '@formscribe/common/schemas/webhook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormImage, WebhookDelivery } from '../models/index.ts';
import { DELIVER_WEBHOOK_QUEUE } from '../services/webhooks/webhookOutbox.ts';
import { DeploymentNode, type SharedServices, startSharedServices } from '../test/deploymentNodes.ts';
import { addImages, CENSUS_FIELDS } from '../test/entryFixtures.ts';
import { createForm, createUser, DEFAULT_PASSWORD, grantAccess, signIn } from '../test/factories.ts';
import { makeJpeg } from '../test/fixtures/imageFixtures.ts';
import { fileForm, uploadImageOk } from '../test/imageFactories.ts';
import { beginSlowUpload } from '../test/slowUpload.ts';
import { connect, nextOwnerImage, type TestSocket, watchForm } from '../test/socketClient.ts';
import { TestClient } from '../test/testClient.ts';
import { WebhookReceiver, waitUntil } from '../test/webhookReceiver.ts';

const SLOW = 180_000;

let shared: SharedServices;
let receiver: WebhookReceiver;
let nodeA: DeploymentNode;
let nodeB: DeploymentNode;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  [shared, receiver] = await Promise.all([startSharedServices(), WebhookReceiver.start()]);
  const env = { ...shared.nodeEnv(), WEBHOOK_ALLOW_LOOPBACK: 'true' };
  [nodeA, nodeB] = await Promise.all([DeploymentNode.start(env), DeploymentNode.start(env)]);
}, SLOW);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.all([nodeA?.dispose(), nodeB?.dispose()]);
  await receiver?.stop();
  await shared?.stop();
}, SLOW);

/** One person signed in, as a browser tab on each node (sessions live in the shared database). */
async function signedInOnBothNodes(user: Awaited<ReturnType<typeof createUser>>) {
  const onA = new TestClient(nodeA.url);
  await signIn(onA, user);
  const onB = new TestClient(nodeB.url);
  onB.setCookie('formscribe_session', onA.cookie('formscribe_session') ?? '');
  return { onA, onB };
}

async function censusFormWithOwner(images = 0) {
  const owner = await createUser();
  const form = await createForm(owner, { fields: CENSUS_FIELDS });
  const added = await addImages(form, images);
  return { owner, form, images: added, ...(await signedInOnBothNodes(owner)) };
}

async function fileBytes(client: TestClient, path: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(new URL(path, client.baseUrl), {
    headers: { cookie: `formscribe_session=${client.cookie('formscribe_session')}`, accept: 'image/*' },
  });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('two nodes behind one load balancer', () => {
  it('serves an image uploaded through node A from node B (files live in the shared bucket)', async () => {
    const { form, onA, onB } = await censusFormWithOwner();
    const uploaded = await uploadImageOk(onA, form.id, await makeJpeg({ width: 800, height: 600 }), 'ledger.jpg');

    const [originalOnA, originalOnB] = await Promise.all([
      fileBytes(onA, uploaded.publicUrl),
      fileBytes(onB, uploaded.publicUrl),
    ]);
    expect(originalOnB.status).toBe(200);
    expect(originalOnB.bytes.equals(originalOnA.bytes)).toBe(true);
    const thumbnailOnB = await fileBytes(onB, uploaded.thumbnailUrl);
    expect(thumbnailOnB.status).toBe(200);
    expect(thumbnailOnB.bytes.length).toBeGreaterThan(0);
    // And node B lists it as node A does.
    const listed = await onB.get<{ images: ImageResponse[] }>(`/api/forms/${form.id}/images`);
    expect(listed.body.images.map((image) => image.id)).toEqual([uploaded.id]);
  });

  it('shows a submission made on node B live on a socket connected to node A', async () => {
    const { form, images, onA } = await censusFormWithOwner(1);
    const [image] = images;
    if (!image) throw new Error('no image');
    const contributor = await createUser();
    await grantAccess(contributor, form);
    const { onB: contributorOnB } = await signedInOnBothNodes(contributor);
    const socket = await connect(nodeA.url, onA);
    sockets.push(socket);
    expect(await watchForm(socket, form.id)).toMatchObject({ ok: true, role: 'owner' });

    const seen = nextOwnerImage(socket, (changed) => changed.id === image.id, 10_000);
    const submitted = await contributorOnB.post(`/api/forms/${form.id}/submissions`, {
      imageId: image.id,
      data: { name: 'Anna' },
    });
    expect(submitted.status).toBe(201);
    expect((await seen).image.entryCount).toBe(1);
  });

  // A node must never answer from what it remembers of a session or a standing (a per-node cache
  // would have to be told of these changes on every node at once): both take effect on the next request.
  it('signs out through node A, and node B refuses the same cookie at once', async () => {
    const user = await createUser();
    const { onA, onB } = await signedInOnBothNodes(user);
    expect((await onB.get('/api/user')).status).toBe(200);

    expect((await onA.post('/api/logout', {})).status).toBe(204);
    expect((await onB.get('/api/user')).status).toBe(401);
  });

  it('blocks a contributor through node A, and node B refuses their next image at once', async () => {
    const { owner, form, onA } = await censusFormWithOwner(2);
    const contributor = await createUser();
    await grantAccess(contributor, form);
    const { onB: contributorOnB } = await signedInOnBothNodes(contributor);
    expect((await contributorOnB.get(`/api/forms/${form.id}/next-image`)).status).toBe(200);

    const blocked = await onA.post(`/api/forms/${form.id}/users/${contributor.id}/block`, {});
    expect(blocked.status, `${owner.username} blocks`).toBe(200);
    const refused = await contributorOnB.get<{ blocked?: boolean }>(`/api/forms/${form.id}/next-image`);
    expect(refused.status).toBe(403);
    expect(refused.body.blocked).toBe(true);
  });

  it('counts sign-in failures on both nodes together: the limit is reached with half on each', async () => {
    const user = await createUser({ username: `limits-${randomBytes(4).toString('hex')}@example.org` });
    const tabs = [new TestClient(nodeA.url), new TestClient(nodeB.url)];
    // Ten failures per account and address (common/src/limits.ts), five through each node.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const tab = tabs[attempt % 2] ?? tabs[0];
      const res = await tab?.post('/api/login', { username: user.username, password: 'wrong-password' });
      expect(res?.status).toBe(401);
    }
    for (const tab of tabs) {
      // Even the right password now waits: the counter both nodes share is full.
      const res = await tab.post('/api/login', { username: user.username, password: DEFAULT_PASSWORD });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('runs each background job once, not once per node: every webhook arrives exactly once', async () => {
    const { form, images, onA } = await censusFormWithOwner(8);
    const saved = await onA.patch(`/api/forms/${form.id}`, { webhookUrl: receiver.url('/several-nodes') });
    expect(saved.status).toBe(200);
    const contributor = await createUser();
    await grantAccess(contributor, form);
    const tabs = await signedInOnBothNodes(contributor);
    for (const [index, image] of images.entries()) {
      const tab = index % 2 ? tabs.onB : tabs.onA;
      const res = await tab.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: { name: 'Anna' } });
      expect(res.status).toBe(201);
    }

    // Both nodes work the queue; once pg-boss holds no unfinished job of it, nothing more will be sent.
    await waitUntil(
      async () => {
        const rows = await WebhookDelivery.query().where({ formId: form.id });
        const unfinished = await shared
          .knex('pgboss.job')
          .where({ name: DELIVER_WEBHOOK_QUEUE })
          .whereNotIn('state', ['completed', 'failed', 'cancelled'])
          .count<Array<{ count: number }>>('* as count');
        return rows.length > 0 && rows.every((row) => row.status === 'delivered') && unfinished[0]?.count === 0;
      },
      30_000,
      'every webhook delivered',
    );
    const deliveries = await WebhookDelivery.query().where({ formId: form.id });
    const received = receiver.received.filter((request) => request.path === '/several-nodes');
    const deliveryIds = received.map((request) => String(request.headers[WEBHOOK_DELIVERY_HEADER.toLowerCase()]));
    expect(new Set(deliveryIds).size).toBe(received.length);
    expect(received).toHaveLength(deliveries.length);
    const created = received.filter((r) => r.headers[WEBHOOK_EVENT_HEADER.toLowerCase()] === 'submission.created');
    expect(created).toHaveLength(images.length);
  });

  it('after kill -9 of a node in the middle of an upload, keeps nothing of it; the retry succeeds', {
    timeout: SLOW,
  }, async () => {
    const { form, onB } = await censusFormWithOwner();
    const photo = await makeJpeg({ width: 2400, height: 1800, quality: 100 });
    const keysBefore = await shared.s3.keys();
    const upload = await beginSlowUpload({
      url: nodeB.url,
      path: `/api/forms/${form.id}/images`,
      cookie: `formscribe_session=${onB.cookie('formscribe_session')}`,
      field: 'image',
      filename: 'ledger.jpg',
      contentType: 'image/jpeg',
      bytes: photo,
      firstPart: Math.floor(photo.length / 2),
    });
    expect((await nodeB.killHard()).signal).toBe('SIGKILL');
    upload.destroy();

    await nodeB.restart();
    expect(await shared.s3.keys()).toEqual(keysBefore);
    expect(await FormImage.query().where({ formId: form.id }).resultSize()).toBe(0);
    const retried = await onB.post<ImageResponse>(`/api/forms/${form.id}/images`, fileForm(photo, 'ledger.jpg'));
    expect(retried.status).toBe(201);
    expect((await fileBytes(onB, retried.body.publicUrl)).status).toBe(200);
    expect(await shared.s3.keys()).toHaveLength(keysBefore.length + 2);
  });
});
