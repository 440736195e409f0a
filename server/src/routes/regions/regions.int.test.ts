/**
 * Field regions over HTTP: boxes saved with the form's fields and refused when they leave the
 * page, sit on a layout field or come two to a field; the form's region settings; each image's
 * shift set by the owner (and by contributors only when allowed); and the shift estimated after
 * upload for a shifted scan of the sample, within a few pixels, also for a scan fed in sideways
 * once it is turned upright (the pages are compared as shown).
 */
import type { FormResponse } from '@formscribe/common/schemas/form';
import type { RegionSettings, RegionShiftResponse } from '@formscribe/common/schemas/regions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPrintedScan, SCAN_HEIGHT, SCAN_WIDTH } from '../../../bench/printedScans.ts';
import { censusForm, person } from '../../test/entryFixtures.ts';
import { uploadImageOk } from '../../test/imageFactories.ts';
import { turnedPage } from '../../test/ocrPages.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const nameBox = { x: 0.1, y: 0.2, w: 0.3, h: 0.05 };
const ageBox = { x: 0.5, y: 0.2, w: 0.2, h: 0.05 };

const textField = (id: string, order: number, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'text',
  label: id,
  order,
  ...extra,
});

describe('field regions', () => {
  it('are saved with the fields, come back on the form, and fields without a box keep none', async () => {
    const { owner, form } = await censusForm(server, { images: 0 });
    const fields = [
      textField('name', 0, { region: nameBox }),
      textField('age', 1, { region: ageBox }),
      textField('notes', 2),
    ];
    expect((await owner.client.patch(`/api/forms/${form.id}`, { fields })).status).toBe(200);
    const read = await owner.client.get<FormResponse>(`/api/forms/${form.id}`);
    expect(read.body.fields.map((f) => [f.id, f.region])).toEqual([
      ['name', nameBox],
      ['age', ageBox],
      ['notes', undefined],
    ]);
  });

  it.each([
    ['past the right edge', [textField('name', 0, { region: { x: 0.8, y: 0.1, w: 0.3, h: 0.1 } })]],
    ['below the page', [textField('name', 0, { region: { x: 0.1, y: 0.95, w: 0.1, h: 0.1 } })]],
    ['at a negative position', [textField('name', 0, { region: { x: -0.1, y: 0.1, w: 0.1, h: 0.1 } })]],
    ['with no size', [textField('name', 0, { region: { x: 0.1, y: 0.1, w: 0, h: 0.1 } })]],
    ['thinner than the smallest side', [textField('name', 0, { region: { x: 0.1, y: 0.1, w: 0.3, h: 0.004 } })]],
    ['larger than a quarter of the page', [textField('name', 0, { region: { x: 0, y: 0, w: 0.6, h: 0.5 } })]],
    ['as the whole page', [textField('name', 0, { region: { x: 0, y: 0, w: 1, h: 1 } })]],
    ['on a spacer', [{ id: 'gap', type: 'spacer', order: 0, region: nameBox }]],
    ['two to one field', [textField('name', 0, { region: [nameBox, ageBox] })]],
  ])('a box %s is refused and the saved fields stay as they were', async (_case, fields) => {
    const { owner, form } = await censusForm(server, { images: 0 });
    const before = (await owner.client.get<FormResponse>(`/api/forms/${form.id}`)).body.fields;
    expect((await owner.client.patch(`/api/forms/${form.id}`, { fields })).status).toBe(400);
    expect((await owner.client.get<FormResponse>(`/api/forms/${form.id}`)).body.fields).toEqual(before);
  });

  it('says the size limits when a box is too large or too small; a box of exactly a quarter of the page is kept', async () => {
    const { owner, form } = await censusForm(server, { images: 0 });
    const save = (region: object) =>
      owner.client.patch(`/api/forms/${form.id}`, { fields: [textField('name', 0, { region })] });
    const large = await save({ x: 0, y: 0, w: 1, h: 0.3 });
    expect(large.status).toBe(400);
    expect(large.text).toContain("A field's region is too large: it may cover at most 25% of the page");
    const small = await save({ x: 0.1, y: 0.1, w: 0.001, h: 0.1 });
    expect(small.status).toBe(400);
    expect(small.text).toContain("A field's region is too small: each side must be at least 0.5% of the page");
    const quarter = { x: 0.5, y: 0.5, w: 0.5, h: 0.5 };
    expect((await save(quarter)).status).toBe(200);
    expect((await owner.client.get<FormResponse>(`/api/forms/${form.id}`)).body.fields[0]?.region).toEqual(quarter);
  });
});

describe('region settings and image shifts', () => {
  it('the owner picks a sample from the form and shifts an image; contributors read it and shift only when allowed', async () => {
    const { owner, form, images } = await censusForm(server, { images: 2 });
    const other = await censusForm(server, { images: 1 });
    const contributor = await person(server, form);
    const [first, second] = images;
    const foreign = other.images[0];
    if (!first || !second || !foreign) throw new Error('images');

    const settingsUrl = `/api/forms/${form.id}/regions`;
    expect((await owner.client.put(settingsUrl, { sampleImageId: foreign.id })).status).toBe(400);
    expect((await contributor.client.put(settingsUrl, { contributorsMayShift: true })).status).toBe(403);
    const saved = await owner.client.put<RegionSettings>(settingsUrl, { sampleImageId: first.id });
    expect(saved.body).toEqual({ sampleImageId: first.id, contributorsMayShift: false });

    const shiftUrl = `/api/images/${second.id}/region-shift`;
    expect((await contributor.client.get<RegionShiftResponse>(shiftUrl)).body).toEqual({ shift: null });
    expect((await owner.client.put(shiftUrl, { dx: 0.6, dy: 0 })).status).toBe(400);
    expect((await owner.client.put(shiftUrl, { dx: 0.02, dy: -0.01 })).status).toBe(200);
    const manual = { dx: 0.02, dy: -0.01, confidence: 1, source: 'manual' };
    expect((await contributor.client.get<RegionShiftResponse>(shiftUrl)).body).toEqual({ shift: manual });

    expect((await contributor.client.put(shiftUrl, { dx: 0, dy: 0 })).status).toBe(403);
    const allowed = await owner.client.put(settingsUrl, { contributorsMayShift: true });
    expect(allowed.status, allowed.text).toBe(200);
    expect((await contributor.client.get<RegionSettings>(settingsUrl)).body.contributorsMayShift).toBe(true);
    expect((await contributor.client.put(shiftUrl, { dx: 0.03, dy: 0 })).status).toBe(200);
    expect((await owner.client.get<RegionShiftResponse>(shiftUrl)).body.shift).toMatchObject({ dx: 0.03, dy: 0 });

    const stranger = await person(server);
    expect((await stranger.client.get(shiftUrl)).status).toBe(404);
  });

  it('estimates the shift of an uploaded scan against the sample, and says how sure it is', async () => {
    const { owner, form } = await censusForm(server, { images: 0 });
    const values = { f1: 'Smith', f2: 'Anna' };
    const sample = await uploadImageOk(owner.client, form.id, await renderPrintedScan(values), 'sample.jpg');
    await owner.client.put(`/api/forms/${form.id}/regions`, { sampleImageId: sample.id });

    const offset = { x: 17, y: -11 };
    const shifted = await uploadImageOk(owner.client, form.id, await renderPrintedScan(values, offset), 'shifted.jpg');
    const shift = await waitForShift(owner.client, shifted.id);
    // Within 4 pixels of the true offset on an 850 × 1100 page.
    expect(Math.abs(shift.dx - offset.x / SCAN_WIDTH)).toBeLessThan(4 / SCAN_WIDTH);
    expect(Math.abs(shift.dy - offset.y / SCAN_HEIGHT)).toBeLessThan(4 / SCAN_HEIGHT);
    expect(shift.confidence).toBeGreaterThan(0.5);
    expect(shift.source).toBe('estimated');

    // A person's shift stands: choosing the sample again re-estimates every image but keeps it.
    const manual = { dx: 0.01, dy: 0.02 };
    expect((await owner.client.put(`/api/images/${shifted.id}/region-shift`, manual)).status).toBe(200);
    const later = await uploadImageOk(
      owner.client,
      form.id,
      await renderPrintedScan(values, { x: -9, y: 6 }),
      'later.jpg',
    );
    await owner.client.put(`/api/forms/${form.id}/regions`, { sampleImageId: null });
    await owner.client.put(`/api/forms/${form.id}/regions`, { sampleImageId: sample.id });
    expect((await waitForShift(owner.client, later.id)).source).toBe('estimated');
    // The re-estimate jobs of both images were queued together; the later one is done, give the other a moment.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const kept = await owner.client.get<RegionShiftResponse>(`/api/images/${shifted.id}/region-shift`);
    expect(kept.body.shift).toEqual({ ...manual, confidence: 1, source: 'manual' });
  });

  it('estimates a sideways scan again once a person turns it upright, comparing the pages as shown', async () => {
    const { owner, form } = await censusForm(server, { images: 0 });
    const values = { f1: 'Smith', f2: 'Anna' };
    const sample = await uploadImageOk(owner.client, form.id, await renderPrintedScan(values), 'sample.jpg');
    await owner.client.put(`/api/forms/${form.id}/regions`, { sampleImageId: sample.id });

    const offset = { x: 17, y: -11 };
    const sideways = await turnedPage(await renderPrintedScan(values, offset), 90);
    const scan = await uploadImageOk(owner.client, form.id, sideways, 'sideways.jpg');
    await waitForShift(owner.client, scan.id);
    const turned = await owner.client.post(`/api/images/${scan.id}/rotate`, { rotation: 270 });
    expect(turned.status).toBe(200);

    // The shift is a move on the upright page, where the entry page draws the boxes.
    const shift = await waitForShift(owner.client, scan.id, (found) => found.confidence > 0.8);
    expect(Math.abs(shift.dx - offset.x / SCAN_WIDTH)).toBeLessThan(4 / SCAN_WIDTH);
    expect(Math.abs(shift.dy - offset.y / SCAN_HEIGHT)).toBeLessThan(4 / SCAN_HEIGHT);
    expect(shift.source).toBe('estimated');
  });

  it('uploads to a form without a sample image get no shift', async () => {
    const { owner, form } = await censusForm(server, { images: 0 });
    const image = await uploadImageOk(owner.client, form.id, await renderPrintedScan({}), 'page.jpg');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const read = await owner.client.get<RegionShiftResponse>(`/api/images/${image.id}/region-shift`);
    expect(read.body).toEqual({ shift: null });
  });
});

type Shift = NonNullable<RegionShiftResponse['shift']>;

async function waitForShift(
  client: ReturnType<TestServer['client']>,
  imageId: number,
  wanted: (shift: Shift) => boolean = () => true,
) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { body } = await client.get<RegionShiftResponse>(`/api/images/${imageId}/region-shift`);
    if (body.shift && wanted(body.shift)) return body.shift;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no shift was estimated within 20 s');
}
