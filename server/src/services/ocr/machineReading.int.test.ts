/**
 * Machine reading end to end, with the real OCR (tesseract.js in worker threads, offline) on a
 * generated printed scan: the job reads each box and stores the text with its confidence; the
 * reading counts as one entry toward agreement only while the form and the field have it on and
 * its confidence reaches the owner's threshold; it never verifies a field alone; a reading that
 * lands after people's entries settles the image through the one writer, counters exact; and it
 * is nobody's submission (entry count, leaderboard, next image).
 */
import type { ImageResponse } from '@formscribe/common/schemas/form';
import type { leaderboardResponseSchema } from '@formscribe/common/schemas/formStats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { person } from '../../test/entryFixtures.ts';
import {
  countersAreExact,
  PRINTED,
  printedForm,
  readingsOf,
  saveSettings,
  uploadPrinted,
  waitForReadings,
} from '../../test/machineReadingFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { waitUntil } from '../../test/webhookReceiver.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function imageState(owner: Awaited<ReturnType<typeof person>>, imageId: number) {
  const { body } = await owner.client.get<ImageResponse>(`/api/images/${imageId}`);
  const verified = Object.entries(body.fieldVerificationStatus)
    .filter(([, status]) => status.isVerified)
    .map(([id, status]) => [id, status.verifiedValue]);
  return { entryCount: body.entryCount, isComplete: body.isComplete, verified: Object.fromEntries(verified) };
}

describe('machine reading', () => {
  it('reads the printed text in each box after upload and stores it with its confidence; forms without it are not read', async () => {
    const off = await printedForm(server, 2);
    const offImage = await uploadPrinted(off.owner, off.form.id, PRINTED);
    const { owner, form } = await printedForm(server, 2);
    await saveSettings(server, owner, form.id, { enabled: true, confidenceThreshold: 50 });
    const image = await uploadPrinted(owner, form.id, PRINTED);

    const readings = await waitForReadings(server, image.id, 2);
    expect(readings.map(({ fieldId, value }) => [fieldId, value])).toEqual([
      ['f1', 'Miller 7'],
      ['f2', 'Hughes 31'],
    ]);
    for (const { confidence } of readings) expect(confidence).toBeGreaterThan(50);
    expect(await readingsOf(server, offImage.id)).toEqual([]);
    expect(await server.knex('machine_reading_queue').where({ image_id: offImage.id })).toEqual([]);
  });

  it('reads an image again where its boxes are once a person shifts them', async () => {
    const { owner, form } = await printedForm(server, 2);
    await saveSettings(server, owner, form.id, { enabled: true, confidenceThreshold: 50 });
    const image = await uploadPrinted(owner, form.id, PRINTED);
    await waitForReadings(server, image.id, 2);

    // A shift of 12 % of the page moves each box off its printed value, onto an empty row.
    const shifted = await owner.client.put(`/api/images/${image.id}/region-shift`, { dx: 0, dy: 0.12 });
    expect(shifted.status).toBe(200);
    // Fields are read one turn at a time: both boxes are read again where they are now.
    const readAgain = async () => {
      const values = (await readingsOf(server, image.id)).map((reading) => reading.value);
      return values.length === 2 && !values.includes(PRINTED.f1) && !values.includes(PRINTED.f2);
    };
    await waitUntil(readAgain, 30_000, 'the boxes read again');
  });

  it('one person and the machine agreeing verify a field at agreement 2, with the person’s text; the machine alone never verifies', async () => {
    const { owner, form } = await printedForm(server, 2);
    await saveSettings(server, owner, form.id, { enabled: true, confidenceThreshold: 0 });
    const image = await uploadPrinted(owner, form.id, PRINTED);
    await waitForReadings(server, image.id, 2);
    expect(await imageState(owner, image.id)).toEqual({ entryCount: 0, isComplete: false, verified: {} });

    const contributor = await person(server, form);
    const sent = await contributor.client.post(`/api/forms/${form.id}/submissions`, {
      imageId: image.id,
      data: { f1: 'Miller  7', f2: 'Hughes 99' },
    });
    expect(sent.status).toBe(201);
    expect(await imageState(owner, image.id)).toEqual({
      entryCount: 1,
      isComplete: false,
      verified: { f1: 'Miller  7' },
    });

    const alone = await printedForm(server, 1);
    await saveSettings(server, alone.owner, alone.form.id, { enabled: true, confidenceThreshold: 0 });
    const unread = await uploadPrinted(alone.owner, alone.form.id, PRINTED);
    await waitForReadings(server, unread.id, 2);
    expect(await imageState(alone.owner, unread.id)).toEqual({ entryCount: 0, isComplete: false, verified: {} });
    expect(await countersAreExact(server, alone.form.id)).toBe(true);
  });

  it('counts only while on for the form and the field and at or above the threshold; a late reading settles the image', async () => {
    const { owner, form } = await printedForm(server, 2);
    const image = await uploadPrinted(owner, form.id, PRINTED);
    const contributor = await person(server, form);
    await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: PRINTED });
    expect(await imageState(owner, image.id)).toEqual({ entryCount: 1, isComplete: false, verified: {} });

    // Switched on after the entry: the reading lands later and completes the image.
    await saveSettings(server, owner, form.id, { enabled: true, confidenceThreshold: 0 });
    const readings = await waitForReadings(server, image.id, 2);
    const settled = { entryCount: 1, isComplete: true, verified: PRINTED };
    expect(await imageState(owner, image.id)).toEqual(settled);
    expect(await countersAreExact(server, form.id)).toBe(true);
    // Nobody's submission: the leaderboard shows the person alone, and the image is offered no more.
    const board = await owner.client.get<z.infer<typeof leaderboardResponseSchema>>(
      `/api/forms/${form.id}/leaderboard`,
    );
    expect(board.body.leaderboard.map((row) => [row.user.id, row.submissionCount])).toEqual([[contributor.user.id, 1]]);
    const other = await person(server, form);
    expect((await other.client.get(`/api/forms/${form.id}/next-image`)).status).toBe(404);

    const least = Math.min(...readings.map((reading) => reading.confidence));
    expect(least).toBeLessThan(100);
    await saveSettings(server, owner, form.id, { confidenceThreshold: Math.floor(least) + 1 });
    expect((await imageState(owner, image.id)).verified).not.toHaveProperty(
      readings.find((reading) => reading.confidence === least)?.fieldId ?? '',
    );
    await saveSettings(server, owner, form.id, { confidenceThreshold: Math.floor(least) });
    expect(await imageState(owner, image.id)).toEqual(settled);

    await saveSettings(server, owner, form.id, { offFieldIds: ['f2'] });
    expect(await imageState(owner, image.id)).toEqual({
      entryCount: 1,
      isComplete: false,
      verified: { f1: 'Miller 7' },
    });
    expect(await countersAreExact(server, form.id)).toBe(true);

    await saveSettings(server, owner, form.id, { enabled: false, offFieldIds: [] });
    expect(await imageState(owner, image.id)).toEqual({ entryCount: 1, isComplete: false, verified: {} });
    expect(await countersAreExact(server, form.id)).toBe(true);
  });
});
