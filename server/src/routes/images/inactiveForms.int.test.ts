/**
 * A plan bounds its active forms, so only active forms take images and machine reading: a free
 * owner who creates a form, deactivates it and creates another cannot go on filling the first
 * one, through the app or the API, and its images are not read.
 */
import { MESSAGES } from '@formscribe/common/messages';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormImage } from '../../models/index.ts';
import { queueImageReading } from '../../services/ocr/machineReadingQueue.ts';
import { person } from '../../test/entryFixtures.ts';
import { makeJpeg } from '../../test/fixtures/imageFixtures.ts';
import { fileForm, uploadImage } from '../../test/imageFactories.ts';
import {
  PRINTED,
  printedForm,
  readingsOf,
  saveSettings,
  uploadPrinted,
  waitForReadings,
} from '../../test/machineReadingFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { createToken, professionalOwner, tokenClient } from '../../test/v1Fixtures.ts';
import { waitUntil } from '../../test/webhookReceiver.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** The image's place in the machine reading queue (empty once its turns are done or it was never asked for). */
async function queuedReadings(imageId: number): Promise<unknown[]> {
  return await server.knex('machine_reading_queue').where({ image_id: imageId });
}

describe('an inactive form', () => {
  it('takes no uploads on the free plan once deactivated, while the new active form does', async () => {
    const owner = await person(server);
    const first = await owner.client.post<FormResponse>('/api/forms', { name: 'First', fields: [] });
    expect(first.status).toBe(201);
    const jpeg = await makeJpeg();
    expect((await uploadImage(owner.client, first.body.id, jpeg)).status).toBe(201);
    expect((await owner.client.patch(`/api/forms/${first.body.id}`, { isActive: false })).status).toBe(200);
    const second = await owner.client.post<FormResponse>('/api/forms', { name: 'Second', fields: [] });
    expect(second.status).toBe(201);

    const refused = await uploadImage(owner.client, first.body.id, jpeg);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: MESSAGES.inactiveFormTakesNoImages, formInactive: true });
    expect(await FormImage.query().where({ formId: first.body.id }).resultSize()).toBe(1);
    expect((await uploadImage(owner.client, second.body.id, jpeg)).status).toBe(201);
  });

  it('takes no uploads through the API either', async () => {
    const owner = await professionalOwner(server);
    const api = tokenClient(server, await createToken(owner, 'read_write'));
    const form = await owner.client.post<FormResponse>('/api/forms', { name: 'Scripted', fields: [] });
    expect((await owner.client.patch(`/api/forms/${form.body.id}`, { isActive: false })).status).toBe(200);

    const refused = await api.post(`/api/v1/forms/${form.body.id}/images`, fileForm(await makeJpeg()));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: MESSAGES.inactiveFormTakesNoImages });
    expect(await FormImage.query().where({ formId: form.body.id }).resultSize()).toBe(0);
  });

  it('cannot have machine reading switched on', async () => {
    const { owner, form } = await printedForm(server, 2);
    expect((await owner.client.patch(`/api/forms/${form.id}`, { isActive: false })).status).toBe(200);
    const refused = await owner.client.put(`/api/forms/${form.id}/machine-reading`, { enabled: true });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: MESSAGES.inactiveFormReadsNothing });
    expect((await owner.client.get(`/api/forms/${form.id}/machine-reading`)).body).toMatchObject({ enabled: false });
  });

  it('has its images read no more: a moved box is not read again, and a reading job already queued does nothing', async () => {
    const { owner, form } = await printedForm(server, 2);
    await saveSettings(server, owner, form.id, { enabled: true, confidenceThreshold: 50 });
    const image = await uploadPrinted(owner, form.id, PRINTED);
    const before = await waitForReadings(server, image.id, 2);
    expect((await owner.client.patch(`/api/forms/${form.id}`, { isActive: false })).status).toBe(200);

    // A shift moves every box off its printed value: on an active form the image is read again.
    expect((await owner.client.put(`/api/images/${image.id}/region-shift`, { dx: 0, dy: 0.12 })).status).toBe(200);
    expect(await queuedReadings(image.id)).toEqual([]);

    // An image queued before the form was deactivated gets its turn and reads nothing.
    await queueImageReading(server.knex, image.id);
    await waitUntil(async () => (await queuedReadings(image.id)).length === 0, 30_000, 'the queued reading');
    expect(await readingsOf(server, image.id)).toEqual(before);
  });
});
