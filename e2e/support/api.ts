/** Quick set-up through the real API, with the signed-in page's own cookies. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export interface CreatedForm {
  id: number;
  imageIds: number[];
}

export async function createFormWithImages(
  page: Page,
  options: { name: string; fields: object[]; threshold: number; imageFiles: string[] },
): Promise<CreatedForm> {
  const created = await page.request.post('/api/forms', { data: { name: options.name } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const patched = await page.request.patch(`/api/forms/${id}`, {
    data: { fields: options.fields, requiredEntriesPerImage: options.threshold },
  });
  expect(patched.status()).toBe(200);
  const imageIds: number[] = [];
  for (const file of options.imageFiles) {
    const upload = await page.request.post(`/api/forms/${id}/images`, {
      multipart: { image: { name: path.basename(file), mimeType: 'image/jpeg', buffer: await fs.readFile(file) } },
    });
    expect(upload.status()).toBe(201);
    imageIds.push(((await upload.json()) as { id: number }).id);
  }
  return { id, imageIds };
}
