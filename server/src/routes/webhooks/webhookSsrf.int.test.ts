/**
 * SSRF refusals with the production setting (WEBHOOK_ALLOW_LOOPBACK off): when a URL is saved,
 * and again at delivery for a URL that got into the row anyway (saved under other rules, or a
 * host whose DNS changed since), without any request reaching the target.
 */
import {
  WEBHOOK_URL_NOT_HTTP,
  WEBHOOK_URL_PRIVATE,
  type WebhookSecretResponse,
} from '@formscribe/common/schemas/webhook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Form, WebhookDelivery } from '../../models/index.ts';
import { newWebhookSecret } from '../../services/webhooks/webhookSettings.ts';
import { censusForm, person } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { settledDeliveries, WebhookReceiver } from '../../test/webhookReceiver.ts';

let server: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  server = await startTestServer();
  receiver = await WebhookReceiver.start();
});
afterAll(async () => {
  await receiver.stop();
  await server.stop();
});

const entry = { name: 'Anna Smith', age: '30', born: '1890|3|', parish: 'North', alive: true };

describe('webhook settings', () => {
  it('default to the production rules: 5 s, retries with backoff, loopback refused', () => {
    expect(server.deps.config.webhooks).toEqual({
      timeoutMs: 5000,
      retryLimit: 5,
      retryDelaySeconds: 30,
      allowLoopback: false,
    });
  });
});

describe('saving a webhook URL', () => {
  it.each([
    'http://127.0.0.1/hook',
    'http://127.0.0.1:8080/hook',
    'http://[::1]/hook',
    'http://10.1.2.3/hook',
    'http://172.16.5.4/hook',
    'http://192.168.1.1/hook',
    'http://100.64.0.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[::ffff:a9fe:a9fe]/',
    'http://0.0.0.0/',
    'http://2130706433/', // 127.0.0.1 spelled as a number: URL parsing normalises it
    'http://0x7f.1/',
    'http://localhost/hook', // a host name resolving to 127.0.0.1
    'http://localhost.:3000/hook',
    'https://localhost/hook',
  ])('refuses %s with a clear message and changes nothing', async (webhookUrl) => {
    const { owner, form } = await censusForm(server, { images: 0 });
    const res = await owner.client.patch(`/api/forms/${form.id}`, { webhookUrl, name: 'Renamed' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: WEBHOOK_URL_PRIVATE });
    const stored = await Form.query().findById(form.id);
    expect(stored).toMatchObject({ webhookUrl: null, webhookSecret: null, name: form.name });
  });

  it.each(['ftp://example.org/hook', 'file:///etc/passwd', 'gopher://example.org/', 'not a url'])(
    'refuses %s as not http(s)',
    async (webhookUrl) => {
      const { owner, form } = await censusForm(server, { images: 0 });
      const res = await owner.client.patch(`/api/forms/${form.id}`, { webhookUrl });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: WEBHOOK_URL_NOT_HTTP });
    },
  );

  it('accepts a public address (nothing is sent when saving) and clears with an empty value', async () => {
    const { owner, form } = await censusForm(server, { images: 0 });
    const saved = await owner.client.patch(`/api/forms/${form.id}`, { webhookUrl: 'https://93.184.216.34/hook' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ webhookUrl: 'https://93.184.216.34/hook' });
    const secret = await owner.client.get<WebhookSecretResponse>(`/api/forms/${form.id}/webhook-secret`);
    expect(secret.body.secret).toMatch(/^whsec_/);
    const cleared = await owner.client.patch(`/api/forms/${form.id}`, { webhookUrl: '' });
    expect(cleared.body).toMatchObject({ webhookUrl: null });
  });
});

describe('delivering to a URL that is refused now', () => {
  it.each([
    ['a host name resolving to 127.0.0.1', (port: number) => `http://localhost:${port}/hook`],
    ['a loopback literal', (port: number) => `http://127.0.0.1:${port}/hook`],
    ['an IPv4-mapped loopback literal', (port: number) => `http://[::ffff:127.0.0.1]:${port}/hook`],
  ])('refuses %s, logs the delivery as failed and sends nothing', async (_name, urlFor) => {
    const { form, images } = await censusForm(server, { threshold: 2 });
    // Written past the save check, as a row saved under other rules (or before DNS changed) would be.
    await Form.query()
      .findById(form.id)
      .patch({ webhookUrl: urlFor(receiver.port), webhookSecret: newWebhookSecret() });
    const contributor = await person(server, form);
    const res = await contributor.client.post(`/api/forms/${form.id}/submissions`, {
      imageId: images[0]?.id,
      data: entry,
    });
    expect(res.status).toBe(201);
    const [delivery] = await settledDeliveries(form.id, 1);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastStatusCode: null,
      lastError: WEBHOOK_URL_PRIVATE,
    });
    expect(receiver.received).toHaveLength(0);
    expect(await WebhookDelivery.query().where({ formId: form.id, status: 'failed' }).resultSize()).toBe(1);
  });
});
