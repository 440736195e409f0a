/** Following imports in tests: start them through the routes and wait for their end. */
import type { ImportResponse } from '@formscribe/common/schemas/imports';
import sharp from 'sharp';
import { expect } from 'vitest';
import { fileForm } from './imageFactories.ts';
import type { TestClient } from './testClient.ts';

/** A small JPEG of one colour: distinct colours tell pages apart. */
export const colourJpeg = (background: string, width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** Posts a container to the upload route and expects 202 with its import's id. */
export async function startFileImport(client: TestClient, formId: number, bytes: Buffer, name: string) {
  const res = await client.post<{ importId: number }>(
    `/api/forms/${formId}/images`,
    fileForm(bytes, name, 'image', 'application/octet-stream'),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.importId;
}

/** Reads the import until it is no longer running (or until `until` holds). */
export async function waitForImport(
  client: TestClient,
  formId: number,
  importId: number,
  until: (figures: ImportResponse) => boolean = (figures) => figures.status !== 'running',
  timeoutMs = 60_000,
): Promise<ImportResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get<ImportResponse>(`/api/forms/${formId}/imports/${importId}`);
    expect(res.status).toBe(200);
    if (until(res.body)) return res.body;
    if (Date.now() > deadline) throw new Error(`import ${importId} still ${JSON.stringify(res.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The form's images in upload order, with their source and metadata (as the owner sees them). */
export async function importedImages(client: TestClient, formId: number) {
  const res = await client.get<{
    images: { id: number; source: { fileName: string; page: number | null }; metadata: Record<string, string> }[];
  }>(`/api/forms/${formId}/images?limit=100`);
  expect(res.status).toBe(200);
  return res.body.images;
}
