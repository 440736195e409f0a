/**
 * The webhook settings around deliveries: who sees the log and the secret, the log's size limit,
 * and the outbox promise (a rolled-back change never yields a webhook).
 */
import { ALREADY_SUBMITTED } from '@formscribe/common/schemas/submission';
import {
  WEBHOOK_LOG_SIZE,
  type WebhookDeliveriesResponse,
  type WebhookSecretResponse,
} from '@formscribe/common/schemas/webhook';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Form, FormSubmission, WebhookDelivery } from '../../models/index.ts';
import { submissionCreatedEvent } from '../../services/webhooks/webhookEvents.ts';
import { DELIVER_WEBHOOK_QUEUE, enqueueWebhookEvents } from '../../services/webhooks/webhookOutbox.ts';
import { censusForm, person } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { settledDeliveries, WebhookReceiver } from '../../test/webhookReceiver.ts';

let server: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
  receiver = await WebhookReceiver.start();
});
afterAll(async () => {
  await receiver.stop();
  await server.stop();
});
afterEach(() => {
  receiver.received.length = 0;
});

const entry = { name: 'Anna Smith', age: '30', born: '1890|3|', parish: 'North', alive: true };

async function hookedForm(options: { threshold?: number; images?: number } = {}) {
  const setup = await censusForm(server, options);
  const saved = await setup.owner.client.patch(`/api/forms/${setup.form.id}`, { webhookUrl: receiver.url() });
  expect(saved.status).toBe(200);
  const form = await Form.query().findById(setup.form.id);
  if (!form) throw new Error('no form');
  return { ...setup, form };
}

/** An entry as the events builder sees it (not stored: these tests feed the outbox directly). */
const anEntry = (imageId: number) =>
  FormSubmission.fromJson({
    id: 1,
    imageId,
    submittedById: null,
    submittedByEmail: null,
    data: {},
    submittedAt: new Date(),
  });

async function queuedJobs(): Promise<number> {
  const rows = await server.knex('pgboss.job').where({ name: DELIVER_WEBHOOK_QUEUE }).count('* as count');
  return Number(rows[0]?.count ?? 0);
}

describe('GET /api/forms/{id}/webhook-deliveries', () => {
  it('shows managers event, status and attempts, newest first; contributors 403, strangers 404', async () => {
    const { owner, form, images } = await hookedForm({ threshold: 2 });
    const contributor = await person(server, form);
    for (const image of images.slice(0, 2)) {
      await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: entry });
    }
    await settledDeliveries(form.id, 2);
    const path = `/api/forms/${form.id}/webhook-deliveries`;
    const res = await owner.client.get<WebhookDeliveriesResponse>(path);
    expect(res.status).toBe(200);
    expect(res.body.deliveries).toHaveLength(2);
    expect(res.body.deliveries[0]).toMatchObject({
      eventType: 'submission.created',
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
    });
    const [newest, oldest] = res.body.deliveries;
    expect(newest && oldest && newest.id > oldest.id).toBe(true);
    expect(res.text).not.toContain('Anna Smith'); // the log shows what happened, not the data
    expect((await contributor.client.get(path)).status).toBe(403);
    expect((await (await person(server)).client.get(path)).status).toBe(404);
    expect((await server.client().get(path)).status).toBe(401);
  });

  it(`keeps the newest ${WEBHOOK_LOG_SIZE} per form, but never prunes one still pending`, async () => {
    const { form, images } = await hookedForm({ images: 1 });
    const image = images[0];
    if (!image) throw new Error('no image');
    const submission = anEntry(image.id);
    const burst = Array.from({ length: WEBHOOK_LOG_SIZE + 5 }, () => submissionCreatedEvent(form, submission, image));
    await server.knex.transaction((trx) => enqueueWebhookEvents(server.deps, trx, form, burst));
    // All 55 are pending when pruned: none may be dropped before its delivery.
    expect(await WebhookDelivery.query().where({ formId: form.id }).resultSize()).toBe(WEBHOOK_LOG_SIZE + 5);
    await settledDeliveries(form.id, WEBHOOK_LOG_SIZE + 5, 40_000);
    expect(receiver.received).toHaveLength(WEBHOOK_LOG_SIZE + 5);

    const [last] = await server.knex.transaction(async (trx) => {
      const event = submissionCreatedEvent(form, submission, image);
      await enqueueWebhookEvents(server.deps, trx, form, [event]);
      return [event];
    });
    const kept = await WebhookDelivery.query().where({ formId: form.id }).orderBy('id', 'desc');
    expect(kept).toHaveLength(WEBHOOK_LOG_SIZE);
    expect(kept[0]?.eventId).toBe(last?.id);
    expect(kept.map((d) => d.eventId)).not.toContain(burst[5]?.id);
    expect(kept.map((d) => d.eventId)).toContain(burst[6]?.id);
  }, 60_000);
});

describe('the outbox', () => {
  it('a duplicate submission (409) enqueues nothing', async () => {
    const { form, images } = await hookedForm({ threshold: 2 });
    const contributor = await person(server, form);
    const body = { imageId: images[0]?.id, data: entry };
    expect((await contributor.client.post(`/api/forms/${form.id}/submissions`, body)).status).toBe(201);
    await settledDeliveries(form.id, 1);
    const jobsBefore = await queuedJobs();
    const duplicate = await contributor.client.post(`/api/forms/${form.id}/submissions`, body);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ message: ALREADY_SUBMITTED });
    expect(await WebhookDelivery.query().where({ formId: form.id }).resultSize()).toBe(1);
    expect(await queuedJobs()).toBe(jobsBefore);
  });

  it('a transaction rolled back after enqueueing leaves neither a log row nor a job', async () => {
    const { form, images } = await hookedForm();
    const image = images[0];
    if (!image) throw new Error('no image');
    const jobsBefore = await queuedJobs();
    const event = submissionCreatedEvent(form, anEntry(image.id), image);
    await expect(
      server.knex.transaction(async (trx) => {
        await enqueueWebhookEvents(server.deps, trx, form, [event]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await WebhookDelivery.query().where({ formId: form.id }).resultSize()).toBe(0);
    expect(await queuedJobs()).toBe(jobsBefore);
  });

  it('a form without a webhook URL logs and sends nothing', async () => {
    const { form, images } = await censusForm(server);
    const contributor = await person(server, form);
    await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: images[0]?.id, data: entry });
    expect(await WebhookDelivery.query().where({ formId: form.id }).resultSize()).toBe(0);
  });
});

describe('the signing secret', () => {
  it('is made when a URL is first saved, kept across URL changes, and shown to managers only', async () => {
    const { owner, form } = await censusForm(server);
    const path = `/api/forms/${form.id}/webhook-secret`;
    expect((await owner.client.get<WebhookSecretResponse>(path)).body).toEqual({ secret: null });
    const saved = await owner.client.patch(`/api/forms/${form.id}`, { webhookUrl: receiver.url('/a') });
    const { secret } = (await owner.client.get<WebhookSecretResponse>(path)).body;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(saved.text).not.toContain(secret);
    await owner.client.patch(`/api/forms/${form.id}`, { webhookUrl: receiver.url('/b') });
    expect((await owner.client.get<WebhookSecretResponse>(path)).body.secret).toBe(secret);
    // Never in a form response, not even to the manager.
    expect((await owner.client.get(`/api/forms/${form.id}`)).text).not.toContain(secret);
    expect((await owner.client.get('/api/forms')).text).not.toContain(secret);

    const contributor = await person(server, form);
    expect((await contributor.client.get(path)).status).toBe(403);
    expect((await contributor.client.post(`${path}/rotate`)).status).toBe(403);
    expect((await (await person(server)).client.get(path)).status).toBe(404);
    const stored = await Form.query().findById(form.id);
    expect(stored?.webhookSecret).toBe(secret);
    // Serialising the model drops it too, in case a future response forgets the presenter.
    expect(stored?.toJSON()).not.toHaveProperty('webhookSecret');
  });
});
