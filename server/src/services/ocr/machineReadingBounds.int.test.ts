/**
 * Machine reading as bounded, fair work (issue 24), with the real OCR: one owner's 100-megapixel
 * page full of the largest boxes allowed does not hold up another owner's ordinary page by more
 * than the field being read when it arrived; an image that uses up its reading time has its other
 * fields left unread, and its owner is told why; a box stored before the size limits existed is
 * not read, and says so; two workers sharing the queue read everything and leave nothing behind.
 */
import { MACHINE_UNREAD_REASON_TEXT, type MachineAgreementResponse } from '@formscribe/common/schemas/machineReading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largestBoxes, renderSparsePage } from '../../../bench/sparsePages.ts';
import { person } from '../../test/entryFixtures.ts';
import { createForm } from '../../test/factories.ts';
import { uploadImageOk } from '../../test/imageFactories.ts';
import {
  PRINTED,
  printedForm,
  READ_FIELDS,
  readingsOf,
  saveSettings,
  uploadPrinted,
  waitForReadings,
} from '../../test/machineReadingFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

const GIANT_FIELDS = 6;

async function agreementOf(owner: Awaited<ReturnType<typeof person>>, formId: number) {
  const { body } = await owner.client.get<MachineAgreementResponse>(`/api/forms/${formId}/machine-reading/agreement`);
  return body.fields.map(({ fieldId, readings, unread }) => ({ fieldId, readings, unread }));
}

describe('machine reading between owners', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('reads a second owner’s page within one field’s work of a giant 100-megapixel page queued before it', async () => {
    const giant = await person(server);
    const boxes = largestBoxes(GIANT_FIELDS);
    const fields = boxes.map((region, order) => ({
      id: `g${order + 1}`,
      type: 'textarea' as const,
      label: `Block ${order + 1}`,
      order,
      required: false,
      region,
    }));
    const giantForm = await createForm(giant.user, { fields, requiredEntriesPerImage: 2 });
    await saveSettings(server, giant, giantForm.id, { enabled: true });
    const small = await printedForm(server, 2);
    await saveSettings(server, small.owner, small.form.id, { enabled: true });
    const page = await renderSparsePage();

    const giantImage = await uploadImageOk(giant.client, giantForm.id, page, 'giant.png');
    const smallImage = await uploadPrinted(small.owner, small.form.id, PRINTED);
    const smallReadings = await waitForReadings(server, smallImage.id, 2);
    expect(smallReadings.map(({ fieldId, value }) => [fieldId, value])).toEqual([
      ['f1', 'Miller 7'],
      ['f2', 'Hughes 31'],
    ]);

    // Of the giant page, only the field being read when the small page arrived may land before
    // the small page's last field: the giant page is far from done when the small one is.
    const { rows } = await server.knex.raw(
      `SELECT count(*) FILTER (WHERE g.read_at > s.uploaded_at AND g.read_at <= s.last_read)::int AS overlapping,
              count(*) FILTER (WHERE g.read_at <= s.last_read)::int AS before_done
       FROM machine_readings g,
            (SELECT fi.uploaded_at, max(m.read_at) AS last_read FROM form_images fi
             JOIN machine_readings m ON m.image_id = fi.id WHERE fi.id = ? GROUP BY fi.uploaded_at) s
       WHERE g.image_id = ?`,
      [smallImage.id, giantImage.id],
    );
    const { overlapping, before_done: giantFieldsBeforeSmallDone } = rows[0];
    expect(overlapping).toBeLessThanOrEqual(1);
    expect(giantFieldsBeforeSmallDone).toBeLessThan(GIANT_FIELDS);
    // The giant page is read on: the fields of the largest boxes allowed are read, shrunk, not refused.
    await waitForReadings(server, giantImage.id, 2);
    const giantReadings = await readingsOf(server, giantImage.id);
    expect(giantReadings[0]?.value).toBe('Miller 1 Hughes 2 Turner 3');
  });

  it('leaves unread a field whose box was stored larger than the limit, and tells the owner why', async () => {
    const owner = await person(server);
    const [first, second] = READ_FIELDS;
    if (!first || !second) throw new Error('fields');
    // Saved before the limit existed (the routes refuse such a box now): most of the page.
    const fields = [first, { ...second, region: { x: 0, y: 0, w: 1, h: 0.9 } }];
    const form = await createForm(owner.user, { fields, requiredEntriesPerImage: 2 });
    await saveSettings(server, owner, form.id, { enabled: true });
    const image = await uploadPrinted(owner, form.id, PRINTED);
    await waitForReadings(server, image.id, 1);
    await expect
      .poll(() => agreementOf(owner, form.id), { timeout: 30_000 })
      .toEqual([
        { fieldId: 'f1', readings: 1, unread: [] },
        { fieldId: 'f2', readings: 0, unread: [{ reason: 'tooLarge', images: 1 }] },
      ]);
    expect(MACHINE_UNREAD_REASON_TEXT.tooLarge).toBe('the box covers more than 25% of the page');
  });
});

describe('machine reading with a time budget per image', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A budget used up by the first field: the next is left unread.
    server = await startTestServer({ OCR_IMAGE_TIME_BUDGET_SECONDS: '0.001' });
  });
  afterAll(() => server.stop());

  it('leaves the fields unread once the image has used its reading time, and the owner sees why', async () => {
    const { owner, form } = await printedForm(server, 2);
    await saveSettings(server, owner, form.id, { enabled: true });
    const image = await uploadPrinted(owner, form.id, PRINTED);
    await expect
      .poll(() => agreementOf(owner, form.id), { timeout: 30_000 })
      .toEqual([
        { fieldId: 'f1', readings: 1, unread: [] },
        { fieldId: 'f2', readings: 0, unread: [{ reason: 'outOfTime', images: 1 }] },
      ]);
    expect((await readingsOf(server, image.id)).map((reading) => reading.value)).toEqual(['Miller 7']);
    expect(await server.knex('machine_reading_queue').where({ image_id: image.id })).toEqual([]);

    // Asked again (a moved box), the image gets a new budget: the field is read, the reason goes.
    const moved = READ_FIELDS.map((field) =>
      field.id === 'f2' ? { ...field, region: { ...field.region, w: (field.region?.w ?? 0) - 0.001 } } : field,
    );
    expect((await owner.client.patch(`/api/forms/${form.id}`, { fields: moved })).status).toBe(200);
    await expect
      .poll(() => agreementOf(owner, form.id), { timeout: 30_000 })
      .toEqual([
        { fieldId: 'f1', readings: 1, unread: [] },
        { fieldId: 'f2', readings: 1, unread: [] },
      ]);
  });
});

describe('machine reading with several workers', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Two workers claim turns from the same queue in PostgreSQL, as workers on two nodes would.
    server = await startTestServer({ OCR_CONCURRENCY: '2' });
  });
  afterAll(() => server.stop());

  it('reads every field of every queued image, and leaves the queue and the owners’ turns empty', async () => {
    const first = await printedForm(server, 2);
    const second = await printedForm(server, 2);
    await saveSettings(server, first.owner, first.form.id, { enabled: true });
    await saveSettings(server, second.owner, second.form.id, { enabled: true });
    const other = { f1: 'Turner 4', f2: 'Cooper 12' };
    const images = [
      { image: await uploadPrinted(first.owner, first.form.id, PRINTED), values: PRINTED },
      { image: await uploadPrinted(first.owner, first.form.id, other), values: other },
      { image: await uploadPrinted(second.owner, second.form.id, other), values: other },
    ];
    for (const { image, values } of images) {
      const readings = await waitForReadings(server, image.id, 2);
      expect(Object.fromEntries(readings.map(({ fieldId, value }) => [fieldId, value]))).toEqual(values);
    }
    await expect.poll(async () => (await server.knex('machine_reading_queue')).length, { timeout: 10_000 }).toBe(0);
    await expect.poll(async () => (await server.knex('machine_reading_owner_turns')).length).toBe(0);
  });
});
