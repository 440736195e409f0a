/**
 * The metrics move with what really happens on the node: requests by route template, a socket
 * opening and closing, webhook deliveries against a receiver that fails, mail the SMTP server
 * refuses, and jobs waiting in the queue.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEND_MAIL_QUEUE } from '../services/mail/mailJob.ts';
import { MACHINE_READING_DEPTH_LABEL, queueImageReading } from '../services/ocr/machineReadingQueue.ts';
import { DELIVER_WEBHOOK_QUEUE } from '../services/webhooks/webhookOutbox.ts';
import { censusForm, person } from '../test/entryFixtures.ts';
import { createForm, createUser } from '../test/factories.ts';
import { sample, scrape, scrapeUntil } from '../test/metricsScrape.ts';
import { connect } from '../test/socketClient.ts';
import { startTestServer, type TestServer } from '../test/testServer.ts';
import { settledDeliveries, WebhookReceiver } from '../test/webhookReceiver.ts';

let server: TestServer;
let receiver: WebhookReceiver | undefined;
beforeAll(async () => {
  server = await startTestServer({
    METRICS_PORT: '0',
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    WEBHOOK_RETRY_LIMIT: '1',
    // A retry waits 2 to 4 s (pg-boss backs off with jitter): long enough to see it queued.
    WEBHOOK_RETRY_DELAY_SECONDS: '2',
    WEBHOOK_TIMEOUT_MS: '1000',
  });
});
afterAll(() => server.stop());
afterEach(() => receiver?.stop());

describe('request metrics', () => {
  it('count and time requests by route template, never by id', async () => {
    const { owner, form } = await censusForm(server, { images: 0 });
    const second = await createForm(owner.user);
    for (const id of [form.id, second.id]) expect((await owner.client.get(`/api/forms/${id}`)).status).toBe(200);
    expect((await owner.client.get('/api/forms/987654')).status).toBe(404);
    expect((await owner.client.get('/api/no-such-thing/42')).status).toBe(404);

    const text = await scrape(server);
    const route = { route: '/api/forms/:id', method: 'GET' };
    expect(sample(text, 'formscribe_http_requests_total', { ...route, status: '2xx' })).toBe(2);
    expect(sample(text, 'formscribe_http_requests_total', { ...route, status: '4xx' })).toBe(1);
    expect(sample(text, 'formscribe_http_request_errors_total', route)).toBe(0);
    expect(sample(text, 'formscribe_http_request_duration_seconds_count', route)).toBe(3);
    expect(sample(text, 'formscribe_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(3);
    expect(sample(text, 'formscribe_http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
    expect(sample(text, 'formscribe_http_requests_total', { route: '/api/*', status: '4xx' })).toBeGreaterThanOrEqual(
      1,
    );
    // Ids never become labels: the series stay as few as the routes.
    for (const id of [form.id, second.id, 987654, 42]) expect(text).not.toMatch(new RegExp(`route="[^"]*/${id}\\b`));
  });
});

describe('socket connections', () => {
  it('the gauge follows a socket opening and closing', async () => {
    const viewer = await person(server);
    const before = sample(await scrape(server), 'formscribe_socket_connections') ?? 0;
    const socket = await connect(server.url, viewer.client);
    expect(sample(await scrape(server), 'formscribe_socket_connections')).toBe(before + 1);
    socket.disconnect();
    await scrapeUntil(
      server,
      (text) => sample(text, 'formscribe_socket_connections') === before,
      'the socket to close',
    );
  });
});

describe('webhook deliveries and job failures', () => {
  it('a receiver that keeps failing shows retries, queued jobs, failures and job failures', async () => {
    receiver = await WebhookReceiver.start();
    receiver.answer(...Array.from({ length: 10 }, () => 500));
    const { owner, form, images } = await censusForm(server);
    expect((await owner.client.patch(`/api/forms/${form.id}`, { webhookUrl: receiver.url() })).status).toBe(200);
    const contributor = await person(server, form);
    const submitted = await contributor.client.post(`/api/forms/${form.id}/submissions`, {
      imageId: images[0]?.id,
      data: { name: 'Anna Smith' },
    });
    expect(submitted.status).toBe(201);

    // A first attempt failed: its job waits for the retry, counted in the queue's depth.
    await scrapeUntil(
      server,
      (text) =>
        (sample(text, 'formscribe_webhook_deliveries_total', { outcome: 'retrying' }) ?? 0) >= 1 &&
        (sample(text, 'formscribe_job_failures_total', { queue: DELIVER_WEBHOOK_QUEUE }) ?? 0) >= 1 &&
        (sample(text, 'formscribe_job_queue_depth', { queue: DELIVER_WEBHOOK_QUEUE }) ?? 0) >= 1,
      'a failed attempt, its job failure, and the job waiting for its retry',
    );

    const deliveries = await settledDeliveries(form.id, 1);
    expect(deliveries.every((delivery) => delivery.status === 'failed')).toBe(true);
    const settled = await scrapeUntil(
      server,
      (text) => sample(text, 'formscribe_webhook_deliveries_total', { outcome: 'failed' }) === deliveries.length,
      'the failed deliveries to be counted',
    );
    expect(sample(settled, 'formscribe_webhook_deliveries_total', { outcome: 'retrying' })).toBe(deliveries.length);
    expect(sample(settled, 'formscribe_webhook_deliveries_total', { outcome: 'delivered' }) ?? 0).toBe(0);
  });
});

describe('mail failures', () => {
  it('mail the SMTP server refuses is counted, and so is the failed job', async () => {
    const user = await createUser({ username: 'nobody-home@example.org' });
    server.smtp.refused.add(user.username);
    const before = await scrape(server);
    expect((await server.client().post('/api/forgot-password', { email: user.username })).status).toBe(200);
    const after = await scrapeUntil(
      server,
      (text) =>
        (sample(text, 'formscribe_mail_failures_total') ?? 0) > (sample(before, 'formscribe_mail_failures_total') ?? 0),
      'the refused mail to be counted',
    );
    expect(sample(after, 'formscribe_job_failures_total', { queue: SEND_MAIL_QUEUE })).toBeGreaterThanOrEqual(1);
  });
});

describe('machine reading queue', () => {
  it('counts the images waiting for a reading in the queue depth, as the job queues are', async () => {
    const { form, images } = await censusForm(server, { images: 1 });
    const imageId = images[0]?.id ?? 0;
    expect(sample(await scrape(server), 'formscribe_job_queue_depth', { queue: MACHINE_READING_DEPTH_LABEL })).toBe(0);
    // Queued and put off for an hour (as a turn waiting for its shift is): it waits, counted.
    await queueImageReading(server.knex, imageId);
    await server
      .knex('machine_reading_queue')
      .where({ image_id: imageId })
      .update({
        run_after: server.knex.raw("now() + interval '1 hour'"),
      });
    await scrapeUntil(
      server,
      (text) => sample(text, 'formscribe_job_queue_depth', { queue: MACHINE_READING_DEPTH_LABEL }) === 1,
      `the image of form ${form.id} waiting for its reading`,
    );
  });
});
