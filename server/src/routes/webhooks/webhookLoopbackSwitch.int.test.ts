/**
 * A server started with the new name of the test-only switch, OUTBOUND_ALLOW_LOOPBACK (and not the
 * webhook-only name the other webhook tests use), lets an owner save a local receiver's URL and
 * delivers to it; private and metadata addresses stay refused.
 */
import { WEBHOOK_URL_PRIVATE } from '@formscribe/common/schemas/webhook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { censusForm, person } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { WebhookReceiver } from '../../test/webhookReceiver.ts';

let server: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_LOOPBACK: 'true' });
  receiver = await WebhookReceiver.start();
});
afterAll(async () => {
  await receiver.stop();
  await server.stop();
});

describe('OUTBOUND_ALLOW_LOOPBACK=true', () => {
  it('lets a webhook reach a local receiver', async () => {
    const { owner, form, images } = await censusForm(server);
    const saved = await owner.client.patch(`/api/forms/${form.id}`, { webhookUrl: receiver.url() });
    expect(saved.status).toBe(200);
    const contributor = await person(server, form);
    const data = { name: 'Anna Smith', age: '30', born: '1890|3|', parish: 'North', alive: true };
    const submitted = await contributor.client.post(`/api/forms/${form.id}/submissions`, {
      imageId: images[0]?.id,
      data,
    });
    expect(submitted.status).toBe(201);
    const [request] = await receiver.waitForRequests(1);
    expect(request).toMatchObject({ method: 'POST', path: '/hook' });
  });

  it.each(['http://10.1.2.3/hook', 'http://169.254.169.254/latest/meta-data/'])(
    'still refuses %s',
    async (webhookUrl) => {
      const { owner, form } = await censusForm(server, { images: 0 });
      const res = await owner.client.patch(`/api/forms/${form.id}`, { webhookUrl });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: WEBHOOK_URL_PRIVATE });
    },
  );
});
