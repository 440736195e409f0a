/**
 * Webhooks end to end: real submissions, votes and marks → the outbox → the worker → a receiver
 * written here, which checks the signature with the shared helper and the secret from the API.
 * Loopback targets are let through by the test-only WEBHOOK_ALLOW_LOOPBACK switch.
 */
import { createHmac } from 'node:crypto';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEvent,
  type WebhookSecretResponse,
  webhookEventSchema,
} from '@formscribe/common/schemas/webhook';
import { verifyWebhookSignature } from '@formscribe/common/webhookSignature';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebhookDelivery } from '../../models/index.ts';
import { censusForm, type Person, person } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { type ReceivedRequest, settledDeliveries, WebhookReceiver, waitUntil } from '../../test/webhookReceiver.ts';

let server: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  server = await startTestServer({
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    WEBHOOK_RETRY_LIMIT: '2',
    WEBHOOK_RETRY_DELAY_SECONDS: '1',
    WEBHOOK_TIMEOUT_MS: '1000',
  });
});
afterAll(() => server.stop());
afterEach(() => receiver?.stop());

const entry = { name: 'Anna Smith', age: '30', born: '1890|3|', parish: 'North', alive: true };

/** A census form whose owner saved the receiver's URL through the settings route. */
async function hookedForm(options: { threshold?: number; path?: string } = {}) {
  receiver = await WebhookReceiver.start();
  const setup = await censusForm(server, { threshold: options.threshold });
  const saved = await setup.owner.client.patch(`/api/forms/${setup.form.id}`, {
    webhookUrl: receiver.url(options.path),
  });
  expect(saved.status).toBe(200);
  const secret = await setup.owner.client.get<WebhookSecretResponse>(`/api/forms/${setup.form.id}/webhook-secret`);
  if (!secret.body.secret) throw new Error('no secret');
  const contributor = await person(server, setup.form);
  return { ...setup, contributor, secret: secret.body.secret };
}

function submit(contributor: Person, formId: number, imageId: number | undefined, data: object = entry) {
  return contributor.client.post(`/api/forms/${formId}/submissions`, { imageId, data });
}

/** What a careful receiver does: verify the signature on the raw body, then parse with the schema. */
async function receive(request: ReceivedRequest, secret: string): Promise<WebhookEvent> {
  const signature = request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
  expect(await verifyWebhookSignature(secret, String(signature), request.body)).toBe(true);
  const event = webhookEventSchema.parse(JSON.parse(request.body));
  expect(request.headers[WEBHOOK_EVENT_HEADER.toLowerCase()]).toBe(event.type);
  expect(request.headers[WEBHOOK_DELIVERY_HEADER.toLowerCase()]).toBe(event.id);
  expect(request.headers['content-type']).toBe('application/json');
  return event;
}

describe('webhook events', () => {
  it('a complete entry sends submission.created, image.verified and image.completed, signed', async () => {
    const { form, images, contributor, secret } = await hookedForm();
    const image = images[0];
    if (!image) throw new Error('no image');
    expect((await submit(contributor, form.id, image.id)).status).toBe(201);
    const requests = await receiver.waitForRequests(3);
    const events = await Promise.all(requests.map((request) => receive(request, secret)));
    expect(events.map((e) => e.type).sort()).toEqual(['image.completed', 'image.verified', 'submission.created']);
    const byType = Object.fromEntries(events.map((e) => [e.type, e]));
    expect(byType['submission.created']).toMatchObject({
      formId: form.id,
      data: {
        submission: { imageId: image.id, submittedById: contributor.user.id, data: { name: 'Anna Smith', age: '30' } },
        image: { id: image.id, originalName: 'page-1.jpg', entryCount: 1, verifiedFieldCount: 5, isComplete: true },
      },
    });
    expect(byType['image.verified']?.data).toMatchObject({
      values: { name: 'Anna Smith', age: '30', parish: 'North' },
      valuesByLabel: { Name: 'Anna Smith', Age: '30', Parish: 'North' },
    });
    expect(byType['image.verified']?.data).toHaveProperty('fields.0', {
      id: 'name',
      label: 'Name',
      value: 'Anna Smith',
    });
    expect(byType['image.completed']?.data).toMatchObject({ reason: 'verified', completedById: null });
    // The signature is bound to the secret and the exact body.
    const [first] = requests;
    if (!first) throw new Error('no request');
    const header = String(first.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    // A receiver without our helper: plain HMAC-SHA256 of "<t>.<body>" with the secret.
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? [];
    expect(createHmac('sha256', secret).update(`${t}.${first.body}`).digest('hex')).toBe(v1);
    expect(await verifyWebhookSignature('whsec_wrong', header, first.body)).toBe(false);
    expect(await verifyWebhookSignature(secret, header, first.body.replace('Anna', 'Anne'))).toBe(false);

    const log = await settledDeliveries(form.id, 3);
    expect(log.map((d) => [d.status, d.attempts, d.lastStatusCode])).toEqual(Array(3).fill(['delivered', 1, 200]));
  });

  it('with threshold 2, a first entry sends only submission.created', async () => {
    const { form, images, contributor, secret } = await hookedForm({ threshold: 2 });
    await submit(contributor, form.id, images[0]?.id);
    await settledDeliveries(form.id, 1);
    const events = await Promise.all(receiver.received.map((r) => receive(r, secret)));
    expect(events.map((e) => e.type)).toEqual(['submission.created']);
  });

  it('votes reaching the threshold send image.voted_complete; a manager’s mark sends image.completed', async () => {
    const { owner, form, images, contributor, secret } = await hookedForm();
    const [voted, marked] = images;
    if (!voted || !marked) throw new Error('no images');
    expect((await contributor.client.post(`/api/images/${voted.id}/vote-unreadable`)).status).toBe(200);
    expect((await owner.client.post(`/api/images/${marked.id}/complete`)).status).toBe(200);
    // Marking an image that is already complete is not news.
    expect((await owner.client.post(`/api/images/${voted.id}/complete`)).status).toBe(200);
    await settledDeliveries(form.id, 2);
    const events = await Promise.all(receiver.received.map((r) => receive(r, secret)));
    expect(events).toHaveLength(2);
    const votedEvent = events.find((e) => e.type === 'image.voted_complete');
    expect(votedEvent?.data).toMatchObject({
      image: { id: voted.id, isComplete: true, unreadableVoteCount: 1 },
      vote: { kind: 'unreadable', count: 1, threshold: 1 },
    });
    const markedEvent = events.find((e) => e.type === 'image.completed');
    expect(markedEvent?.data).toMatchObject({
      image: { id: marked.id, manuallyCompleted: true },
      reason: 'manual',
      completedById: owner.user.id,
      fields: [],
    });
  });

  it('a rotated secret signs the next deliveries; the old one no longer verifies', async () => {
    const { owner, form, images, contributor, secret } = await hookedForm({ threshold: 2 });
    const rotated = await owner.client.post<WebhookSecretResponse>(`/api/forms/${form.id}/webhook-secret/rotate`);
    const fresh = rotated.body.secret;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    await submit(contributor, form.id, images[0]?.id);
    const [request] = await receiver.waitForRequests(1);
    if (!request || !fresh) throw new Error('no request');
    const header = String(request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]);
    expect(await verifyWebhookSignature(fresh, header, request.body)).toBe(true);
    expect(await verifyWebhookSignature(secret, header, request.body)).toBe(false);
  });
});

describe('webhook delivery', () => {
  it('retries after 500s with backoff and records the attempts', async () => {
    const { form, images, contributor } = await hookedForm({ threshold: 2 });
    receiver.answer(500, 500);
    await submit(contributor, form.id, images[0]?.id);
    await waitUntil(
      async () => (await WebhookDelivery.query().findOne({ formId: form.id }))?.lastStatusCode === 500,
      10_000,
      'a first failed attempt',
    );
    const pending = await WebhookDelivery.query().findOne({ formId: form.id });
    expect(pending).toMatchObject({ status: 'pending', lastError: 'HTTP 500' });
    const [delivery] = await settledDeliveries(form.id, 1);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200, lastError: null });
    expect(receiver.received).toHaveLength(3);
    // Every retry carries the same event (receivers deduplicate on its id).
    expect(new Set(receiver.received.map((r) => r.headers[WEBHOOK_DELIVERY_HEADER.toLowerCase()])).size).toBe(1);
    // Backoff: the retries are spaced by at least the configured delay.
    expect(Date.now() - (delivery?.createdAt.getTime() ?? Date.now())).toBeGreaterThan(2000);
  });

  it('does not follow redirects: a 302 is a failure, and the last attempt marks it failed', async () => {
    const { form, images, contributor } = await hookedForm({ threshold: 2 });
    const redirect = { status: 302, headers: { location: receiver.url('/elsewhere') } };
    receiver.answer(redirect, redirect, redirect);
    await submit(contributor, form.id, images[0]?.id);
    const [delivery] = await settledDeliveries(form.id, 1);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 3, lastStatusCode: 302 });
    expect(delivery?.lastError).toMatch(/redirect/i);
    expect(receiver.received.map((r) => r.path)).toEqual(['/hook', '/hook', '/hook']);
  });

  it('gives up on a receiver slower than the timeout, then delivers when it answers in time', async () => {
    const { form, images, contributor } = await hookedForm({ threshold: 2 });
    receiver.answer({ status: 200, delayMs: 3000 });
    await submit(contributor, form.id, images[0]?.id);
    await waitUntil(
      async () => Boolean((await WebhookDelivery.query().findOne({ formId: form.id }))?.lastError),
      10_000,
      'a timed-out attempt',
    );
    expect(await WebhookDelivery.query().findOne({ formId: form.id })).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: null,
      lastError: 'Timed out after 1 s',
    });
    const [delivery] = await settledDeliveries(form.id, 1);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2 });
  });
});
