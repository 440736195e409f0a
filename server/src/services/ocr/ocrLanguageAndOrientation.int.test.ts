/**
 * Machine reading beyond English, and sideways scans turned upright (issue 29), with the real OCR
 * (tesseract.js, the shipped @tesseract.js-data packages, offline) on generated pages, through
 * HTTP: a French page is read with French accents once the form's language is French (read again
 * when the owner changes it), and a scan fed in sideways to a form with machine reading on ends up
 * turned upright, announced live, with its boxes read on the upright page; a page a person turns
 * is read again as turned. Forms without machine reading are never looked at.
 */
import type { ImageResponse } from '@formscribe/common/schemas/form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINTED_FIELDS, renderPrintedScan } from '../../../bench/printedScans.ts';
import { person } from '../../test/entryFixtures.ts';
import { createForm } from '../../test/factories.ts';
import { uploadImageOk } from '../../test/imageFactories.ts';
import {
  printedForm,
  READ_FIELDS,
  readingsOf,
  saveSettings,
  waitForReadings,
} from '../../test/machineReadingFixtures.ts';
import { renderFrenchPage, turnedPage } from '../../test/ocrPages.ts';
import { connect, nextEvent, watchForm } from '../../test/socketClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { waitUntil } from '../../test/webhookReceiver.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const FRENCH = { f1: 'Dossier 4521 Noël', f2: 'Hélène Château' };

/** A full page (every box filled): what a real form page gives orientation detection to go on. */
const FULL_PAGE = Object.fromEntries(PRINTED_FIELDS.map((field, index) => [field.id, `Hughes ${index * 7 + 3}`]));

/** Turns claimed so far on this test file's database: each claim draws one number of the sequence. */
async function turnsClaimed(): Promise<number> {
  const { rows } = await server.knex.raw(
    'SELECT last_value AS "lastValue", is_called AS "isCalled" FROM machine_reading_turn_seq',
  );
  const [row] = rows as Array<{ lastValue: string; isCalled: boolean }>;
  return row ? Number(row.lastValue) - (row.isCalled ? 0 : 1) : 0;
}

const queueIsEmpty = async () => !(await server.knex('machine_reading_queue').first('image_id'));

const valuesOf = (readings: Array<{ fieldId: string; value: string }>) =>
  Object.fromEntries(readings.map(({ fieldId, value }) => [fieldId, value]));

describe('machine reading in the form’s language', () => {
  it('reads a French printed page with its accents once the language is French, reading it again on the change', async () => {
    const { owner, form } = await printedForm(server, 2);
    await saveSettings(server, owner, form.id, { enabled: true, confidenceThreshold: 50 });
    const image = await uploadImageOk(owner.client, form.id, await renderFrenchPage(FRENCH));
    // English has no â: the English reading loses the circumflex.
    const english = valuesOf(await waitForReadings(server, image.id, 2));
    expect(english.f2).not.toContain('Château');

    expect((await saveSettings(server, owner, form.id, { language: 'fra' })).language).toBe('fra');
    // Both boxes are read again, in French (f1 has no accent English lacks, yet it is read again too).
    const languagesRead = () => server.knex('machine_readings').where({ image_id: image.id }).pluck('language');
    await waitUntil(async () => (await languagesRead()).join() === 'fra,fra', 30_000, 'the French readings');
    expect(valuesOf(await readingsOf(server, image.id))).toEqual(FRENCH);
  });
});

describe('orientation', () => {
  it('turns a scan fed in sideways upright, live, and reads its boxes on the upright page', async () => {
    const { owner, form } = await printedForm(server, 2);
    await saveSettings(server, owner, form.id, { enabled: true, confidenceThreshold: 50 });
    const sideways = await turnedPage(await renderPrintedScan(FULL_PAGE), 90);
    const other = await printedForm(server, 2);
    const notRead = await uploadImageOk(other.owner.client, other.form.id, sideways);

    const socket = await connect(server.url, owner.client);
    try {
      // Watched before the upload, so the turn cannot come before the watch.
      expect((await watchForm(socket, form.id)).ok).toBe(true);
      const turned = nextEvent(socket, 'form:images-progress', (event) => event.images.length > 0, 30_000);
      const image = await uploadImageOk(owner.client, form.id, sideways);
      // Turned a quarter clockwise, it shows upright after three more.
      expect((await turned).images.map(({ id, rotation }) => ({ id, rotation }))).toEqual([
        { id: image.id, rotation: 270 },
      ]);

      const readings = await waitForReadings(server, image.id, 2);
      expect(valuesOf(readings)).toEqual({ f1: FULL_PAGE.f1, f2: FULL_PAGE.f2 });
      expect((await owner.client.get<ImageResponse>(`/api/images/${image.id}`)).body.rotation).toBe(270);
      expect(await server.knex('machine_readings').where({ image_id: image.id }).pluck('turn')).toEqual([270, 270]);
    } finally {
      socket.disconnect();
    }
    // The form without machine reading: its scan is left as uploaded, never looked at.
    expect((await other.owner.client.get<ImageResponse>(`/api/images/${notRead.id}`)).body.rotation).toBe(0);
    expect(await server.knex('image_orientations').where({ image_id: notRead.id })).toEqual([]);
  });

  it('turns a sideways page and reads its one box in one turn, with no empty turn after it', async () => {
    const owner = await person(server);
    const form = await createForm(owner.user, { fields: READ_FIELDS.slice(0, 1), requiredEntriesPerImage: 2 });
    await saveSettings(server, owner, form.id, { enabled: true, confidenceThreshold: 50 });
    await waitUntil(queueIsEmpty, 30_000, 'the queue left by the tests before');
    const before = await turnsClaimed();

    const image = await uploadImageOk(owner.client, form.id, await turnedPage(await renderPrintedScan(FULL_PAGE), 90));
    expect(valuesOf(await waitForReadings(server, image.id, 1))).toEqual({ f1: FULL_PAGE.f1 });
    await waitUntil(queueIsEmpty, 30_000, 'the image let go by the queue');
    expect(await server.knex('machine_readings').where({ image_id: image.id }).pluck('turn')).toEqual([270]);
    // The turn that set it upright read its box: the turn's own request to read it again was that reading.
    expect((await turnsClaimed()) - before).toBe(1);
  }, 90_000);

  it('reads an image again on the page as a person turns it', async () => {
    const { owner, form } = await printedForm(server, 2);
    await saveSettings(server, owner, form.id, { enabled: true, confidenceThreshold: 50 });
    const image = await uploadImageOk(owner.client, form.id, await renderPrintedScan(FULL_PAGE));
    expect(valuesOf(await waitForReadings(server, image.id, 2))).toEqual({ f1: FULL_PAGE.f1, f2: FULL_PAGE.f2 });
    // Upright already: detection left it as it was.
    expect(await server.knex('image_orientations').where({ image_id: image.id }).first('applied')).toEqual({
      applied: false,
    });

    const rotated = await owner.client.post<ImageResponse>(`/api/images/${image.id}/rotate`, { rotation: 90 });
    expect(rotated.status).toBe(200);
    const turns = () => server.knex('machine_readings').where({ image_id: image.id }).pluck('turn');
    await waitUntil(async () => (await turns()).join() === '90,90', 30_000, 'the readings of the turned page');
    // Turned away from upright, the boxes fall elsewhere on the page: not the printed values.
    expect(valuesOf(await readingsOf(server, image.id)).f1).not.toBe(FULL_PAGE.f1);
  });
});
