/**
 * Issue 25: an owner brings a collection rather than single photos. One drop on the Images tab's
 * import area: a scanned PDF (3 pages), a ZIP of boxed folders (box1/box2, page_9 and page_10 each)
 * and a catalogue CSV. The owner watches the imports run, reads the summary, finds the pages in
 * order (page_9 before page_10) with their box and folder, and finds both in the CSV export.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { keepScreenshot } from '../support/accounts.ts';
import { CATALOGUE, type DroppedFile, makeCollectionFiles, scan, ZIP_PAGES } from '../support/collectionFiles.ts';
import { toast } from '../support/owner.ts';
import { professionalOwner } from '../support/professional.ts';

/** Drops files on `target` as the browser would (a DataTransfer built in the page). */
async function dropFiles(page: Page, target: Locator, files: readonly DroppedFile[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const transfer = new DataTransfer();
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.mimeType }));
      }
      return transfer;
    },
    files.map((file) => ({ name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') })),
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

/** A folder on disk (`box1/…`): JPEGs of distinct shades, and `null` for a file that is not one. */
async function writeFolder(files: Record<string, number | null>): Promise<string> {
  const folder = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-e2e-folder-')), 'box1');
  await fs.mkdir(folder);
  for (const [name, shade] of Object.entries(files)) {
    await fs.writeFile(path.join(folder, name), shade === null ? 'clutter' : await scan(40 * shade, 120));
  }
  return folder;
}

/** Cells of a simple CSV (this one's values hold no commas or quotes), keyed by its header. */
function csvRows(text: string): Record<string, string>[] {
  const [header = '', ...lines] = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const names = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, index) => [names[index] ?? '', cell])));
}

test('an owner drops a scanned PDF, a ZIP of boxed folders and a catalogue, and finds every page in order with its box and folder', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await professionalOwner(page, 'archivist');
  const created = await page.request.post('/api/forms', { data: { name: 'Harbour Archive' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const files = await makeCollectionFiles();

  await page.goto(`/forms/${id}?tab=images`);
  const area = page.getByRole('region', { name: 'Import images' });
  await expect(area.getByText('Upload Images')).toBeVisible();
  await dropFiles(page, area, [files.pdf, files.zip, files.catalogue]);

  // The imports run in the background: the owner sees them listed with their pages counted.
  const running = area.getByRole('list', { name: 'Running imports' });
  await expect(running.or(area.getByRole('region', { name: 'Import finished' }))).toBeVisible({ timeout: 30_000 });
  const summary = area.getByRole('region', { name: 'Import finished' });
  await expect(summary).toBeVisible({ timeout: 120_000 });
  await expect(summary.getByText('7 images added')).toBeVisible();
  await expect(
    summary.getByText('Catalogue catalogue.csv saved (7 rows): its data goes to the matching images'),
  ).toBeVisible();
  await expect(summary.getByRole('list', { name: /^Refused/ })).toHaveCount(0);
  await expect(summary.getByRole('list', { name: /^Failed/ })).toHaveCount(0);
  await expect(toast(page, 'Images uploaded successfully')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Images (7)' })).toBeVisible();
  await keepScreenshot(page, 'import-summary');

  // Every page, each source in its own order, with the catalogue's box and folder on its card.
  await page.getByRole('button', { name: 'View All 7 Images' }).click();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(7);
  const sources: string[] = [];
  for (const card of await cards.all()) {
    const text = (await card.textContent()) ?? '';
    const source = [...CATALOGUE]
      .reverse()
      .find((row) => text.includes(row.page === null ? row.fileName : `${row.fileName}, page ${row.page}`));
    expect(source, text).toBeDefined();
    await expect(card.getByRole('note', { name: /^Catalogue data of / })).toHaveText(
      `box: ${source?.box} · folder: ${source?.folder}`,
    );
    sources.push(source?.page === null ? (source?.fileName ?? '') : `pdf page ${source?.page}`);
  }
  expect(sources.filter((source) => source.startsWith('pdf'))).toEqual(['pdf page 1', 'pdf page 2', 'pdf page 3']);
  expect(sources.filter((source) => !source.startsWith('pdf'))).toEqual(ZIP_PAGES);

  // The CSV export carries each image's source and its catalogue columns.
  await page.getByRole('tab', { name: 'Data' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Export All Data' }).click();
  const download = await downloading;
  const rows = csvRows(await fs.readFile((await download.path()) ?? '', 'utf8'));
  expect(
    rows.map((row) => [row['Source File'], row['Source Page'], row['meta:box'], row['meta:folder']]).sort(),
  ).toEqual(
    CATALOGUE.map((row) => [row.fileName, row.page === null ? '' : String(row.page), row.box, row.folder]).sort(),
  );
});

test('an owner chooses a folder: every image in it goes in, in natural order, and what file managers leave beside them does not', async ({
  page,
}) => {
  await professionalOwner(page, 'folder');
  const created = await page.request.post('/api/forms', { data: { name: 'Folder Archive' } });
  const { id } = (await created.json()) as { id: number };
  const folder = await writeFolder({ 'page_10.jpg': 1, 'page_9.jpg': 2, 'page_1.jpg': 3, '.DS_Store': null });

  await page.goto(`/forms/${id}?tab=images`);
  await page.getByLabel('Upload Folder').setInputFiles(folder);
  await expect(toast(page, 'Images uploaded successfully')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('region', { name: 'Import finished' }).getByText('3 images added')).toBeVisible();
  // Sent one at a time in natural order, and the form's imports run in the order they started.
  for (const [index, name] of ['page_1.jpg', 'page_9.jpg', 'page_10.jpg'].entries()) {
    await expect(page.getByRole('article', { name: `Image #${index + 1}: ${name}` })).toBeVisible();
  }
  await expect(page.getByRole('article')).toHaveCount(3);
});
