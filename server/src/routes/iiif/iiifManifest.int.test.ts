/**
 * A form as a IIIF Presentation 3 manifest, fetched over HTTP as a viewer would: it keeps
 * IIIF's rules, each image is a canvas of its stored size in upload order, each verified value
 * is an annotation on its own canvas (on the field's box, moved by the image's shift), values
 * not yet agreed are absent, and only the form's managers (or their read token) get it.
 */
import { IIIF_MANIFEST_CONTENT_TYPE } from '@formscribe/common/api/iiif';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Form, FormImage } from '../../models/index.ts';
import { type Person, person } from '../../test/entryFixtures.ts';
import { createForm } from '../../test/factories.ts';
import { makeJpeg, makeSingleColourJpeg } from '../../test/fixtures/imageFixtures.ts';
import { presentation3Problems } from '../../test/iiifManifestChecks.ts';
import { uploadImageOk } from '../../test/imageFactories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { createToken, professionalOwner, tokenClient } from '../../test/v1Fixtures.ts';

let server: TestServer;
let owner: Person;
let form: Form;
const ids: number[] = [];

const FIELDS = [
  { id: 'name', type: 'text', label: 'Name', order: 0, region: { x: 0.1, y: 0.2, w: 0.25, h: 0.1 } },
  { id: 'gap', type: 'spacer', label: '', order: 1 },
  { id: 'age', type: 'number', label: 'Age', order: 2 },
];

interface Annotation {
  motivation: string;
  label?: { none: string[] };
  body: { type: string; value: string; format: string; purpose: string };
  target: string;
}
interface Canvas {
  id: string;
  label: { none: string[] };
  width: number;
  height: number;
  items: { items: { body: { id: string; format: string; width: number; height: number } }[] }[];
  annotations?: { items: Annotation[] }[];
}
interface Manifest {
  id: string;
  label: { none: string[] };
  summary?: { none: string[] };
  items: Canvas[];
}

/** Two contributors enter each image: values they agree on are verified (the threshold is 2). */
async function enterTwice(imageId: number, first: Record<string, string>, second: Record<string, string>) {
  for (const data of [first, second]) {
    const res = await (await person(server, form)).client.post(`/api/forms/${form.id}/submissions`, { imageId, data });
    expect(res.status).toBe(201);
  }
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await professionalOwner(server);
  form = await createForm(owner.user, { name: 'Parish register', requiredEntriesPerImage: 2 });
  const saved = await owner.client.patch<FormResponse>(`/api/forms/${form.id}`, {
    fields: FIELDS,
    description: 'Baptisms, 1850–1870',
  });
  expect(saved.status).toBe(200);
  const files: [Buffer, string][] = [
    [await makeJpeg({ width: 400, height: 300 }), 'page-1.jpg'],
    [await makeJpeg({ width: 800, height: 600 }), 'page-2.jpg'],
    // Taken with the camera turned: stored upright, so 30 wide and 40 high.
    [await makeSingleColourJpeg(40, 30, 6), 'turned.jpg'],
  ];
  for (const [bytes, name] of files) ids.push((await uploadImageOk(owner.client, form.id, bytes, name)).id);
  const shift = await owner.client.put(`/api/images/${ids[1]}/region-shift`, { dx: 0.05, dy: -0.1 });
  expect(shift.status).toBe(200);
  await enterTwice(ids[0] ?? 0, { name: 'Ada Byron', age: '36' }, { name: 'Ada Byron', age: '37' });
  await enterTwice(ids[1] ?? 0, { name: 'Bo', age: '4' }, { name: 'Bo', age: '4' });
});
afterAll(() => server.stop());

async function manifestOf(res: { status: number; text: string; headers: Headers }): Promise<Manifest> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(IIIF_MANIFEST_CONTENT_TYPE);
  expect(res.headers.get('access-control-allow-origin')).toBeNull();
  return JSON.parse(res.text) as Manifest;
}

const valuesOn = (canvas: Canvas | undefined) =>
  (canvas?.annotations ?? []).flatMap((page) =>
    page.items.map((a) => ({ field: a.label?.none[0], value: a.body.value, target: a.target })),
  );

describe('GET /api/forms/{id}/iiif/manifest.json', () => {
  it('keeps IIIF Presentation 3’s rules (and the checker catches a manifest that does not)', async () => {
    const manifest = await manifestOf(await owner.client.get(`/api/forms/${form.id}/iiif/manifest.json`));
    expect(presentation3Problems(manifest)).toEqual([]);
    const broken = structuredClone(manifest);
    const [canvas] = broken.items;
    if (canvas) canvas.width = 0;
    const painting = canvas?.items[0]?.items[0];
    if (painting) painting.body.format = 'text/html';
    expect(presentation3Problems(broken)).toEqual([
      'items[0]: needs width and height',
      'items[0].items[0].items[0]: body format must be image/*',
      'items[0].annotations[0].items[0]: the box #xywh=40,60,100,30 must lie inside the canvas',
    ]);
  });

  it('names the form and holds one canvas per image, in upload order, at the stored size', async () => {
    const manifest = await manifestOf(await owner.client.get(`/api/forms/${form.id}/iiif/manifest.json`));
    const base = `${server.deps.config.publicUrl}/api/forms/${form.id}/iiif`;
    expect(manifest.id).toBe(`${base}/manifest.json`);
    expect(manifest.label).toEqual({ none: ['Parish register'] });
    expect(manifest.summary).toEqual({ none: ['Baptisms, 1850–1870'] });
    const images = await FormImage.query().findByIds(ids).orderBy('id');
    expect(
      manifest.items.map((canvas) => ({
        id: canvas.id,
        label: canvas.label,
        size: [canvas.width, canvas.height],
        image: canvas.items[0]?.items[0]?.body,
      })),
    ).toEqual(
      [
        [400, 300],
        [800, 600],
        [30, 40],
      ].map(([width, height], index) => ({
        id: `${base}/canvas/${ids[index]}`,
        label: { none: [images[index]?.originalName] },
        size: [width, height],
        image: {
          id: `${server.deps.config.publicUrl}${images[index]?.publicUrl}`,
          type: 'Image',
          format: 'image/jpeg',
          width,
          height,
        },
      })),
    );
  });

  it('puts each verified value on its canvas, on the field’s box moved by the image’s shift; others are absent', async () => {
    const manifest = await manifestOf(await owner.client.get(`/api/forms/${form.id}/iiif/manifest.json`));
    const [first, second, third] = manifest.items;
    // Image 1: the ages differ, so only the name is verified; its box is 0.1,0.2 0.25×0.1 of 400×300.
    expect(valuesOn(first)).toEqual([{ field: 'Name', value: 'Ada Byron', target: `${first?.id}#xywh=40,60,100,30` }]);
    // Image 2 is shifted by (+0.05, -0.1): the box sits at 0.15,0.1 of 800×600; Age has no box.
    expect(valuesOn(second)).toEqual([
      { field: 'Name', value: 'Bo', target: `${second?.id}#xywh=120,60,200,60` },
      { field: 'Age', value: '4', target: second?.id },
    ]);
    expect(third?.annotations).toBeUndefined();
    const annotation = second?.annotations?.[0]?.items[0];
    expect(annotation).toMatchObject({
      motivation: 'tagging',
      body: { type: 'TextualBody', value: 'Bo', format: 'text/plain', purpose: 'describing' },
    });
  });

  it('fills in the size of an image stored before sizes were kept, and keeps it', async () => {
    await FormImage.query()
      .findById(ids[2] ?? 0)
      .patch({ width: null, height: null });
    const manifest = await manifestOf(await owner.client.get(`/api/forms/${form.id}/iiif/manifest.json`));
    expect(manifest.items[2]).toMatchObject({ width: 30, height: 40 });
    expect(await FormImage.query().findById(ids[2] ?? 0)).toMatchObject({ width: 30, height: 40 });
  });

  it('is for the form’s managers only', async () => {
    const path = `/api/forms/${form.id}/iiif/manifest.json`;
    const contributor = await person(server, form);
    expect((await contributor.client.get(path)).status).toBe(403);
    expect((await (await person(server)).client.get(path)).status).toBe(404);
    expect((await server.client().get(path)).status).toBe(401);
  });
});

describe('a form larger than one page of images', () => {
  it('streams every canvas in upload order, leaving out an image whose file is gone', async () => {
    const big = await createForm(owner.user, { name: 'Big ledger' });
    const row = (n: number, size: { width: number; height: number } | null) => ({
      formId: big.id,
      filename: `missing-${big.id}-${n}.jpg`,
      originalName: `page-${n}.jpg`,
      mimeType: 'image/jpeg',
      size: 1,
      ...(size ?? { width: null, height: null }),
    });
    // The first has no size and no file (read and left out); the rest span three pages of rows.
    const rows = [row(0, null), ...Array.from({ length: 600 }, (_, i) => row(i + 1, { width: 100, height: 150 }))];
    const inserted = await FormImage.query().insert(rows).returning('id');
    const manifest = await manifestOf(await owner.client.get(`/api/forms/${big.id}/iiif/manifest.json`));
    expect(presentation3Problems(manifest)).toEqual([]);
    const canvasIds = manifest.items.map((canvas) => Number(canvas.id.split('/').pop()));
    expect(canvasIds).toEqual(inserted.slice(1).map((image) => image.id));
  });
});

describe('GET /api/v1/forms/{id}/iiif/manifest.json', () => {
  it('answers a read token with the same canvases, its own id and the API’s image files', async () => {
    const reader = tokenClient(server, await createToken(owner, 'read'));
    const manifest = await manifestOf(await reader.get(`/api/v1/forms/${form.id}/iiif/manifest.json`));
    const publicUrl = server.deps.config.publicUrl;
    expect(presentation3Problems(manifest)).toEqual([]);
    expect(manifest.id).toBe(`${publicUrl}/api/v1/forms/${form.id}/iiif/manifest.json`);
    expect(manifest.items.map((canvas) => canvas.id)).toEqual(
      ids.map((id) => `${publicUrl}/api/forms/${form.id}/iiif/canvas/${id}`),
    );
    const imageUrl = manifest.items[0]?.items[0]?.items[0]?.body.id ?? '';
    expect(imageUrl).toBe(`${publicUrl}/api/v1/images/${ids[0]}/file`);
    const file = await reader.get(imageUrl.slice(publicUrl.length));
    expect(file.status).toBe(200);
  });

  it('refuses a token whose owner does not manage the form, and no token at all', async () => {
    const stranger = await professionalOwner(server);
    const strangerToken = tokenClient(server, await createToken(stranger, 'read'));
    expect((await strangerToken.get(`/api/v1/forms/${form.id}/iiif/manifest.json`)).status).toBe(404);
    expect((await server.client().get(`/api/v1/forms/${form.id}/iiif/manifest.json`)).status).toBe(401);
  });
});
