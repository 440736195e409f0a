/**
 * The entry page shows an image's display-size copy (quick to download on a phone) and switches
 * to the original once the user zooms in so far that the copy would be stretched on screen.
 */
import { expect, test } from '@playwright/test';
import { createFormWithImages } from '../support/api.ts';
import { makeImageFiles } from '../support/images.ts';
import { verifiedOwner } from '../support/owner.ts';

test('the viewer shows the display copy, and the original once zoomed in far', async ({ page }) => {
  await verifiedOwner(page, 'resolution-owner');
  const files = await makeImageFiles(1);
  const form = await createFormWithImages(page, {
    name: 'Parish Register',
    fields: [{ id: 'name', type: 'text', label: 'Name', order: 0, required: true }],
    threshold: 1,
    imageFiles: files.jpegs,
  });
  // Start zoomed out (the zoom is remembered between visits), so the copy is shown smaller than its pixels.
  await page.evaluate(() => localStorage.setItem('entryImageZoom', '50'));
  await page.goto(`/forms/${form.id}/entry`);
  const tutorial = page.getByRole('dialog', { name: 'Data Entry Tutorial' });
  await tutorial.getByRole('button', { name: 'Skip Tutorial' }).click();
  await expect(tutorial).toBeHidden();

  const picture = page.getByRole('region', { name: 'Form image' }).getByRole('img');
  await expect(picture).toHaveAttribute('src', /^\/api\/display-proxy\//);
  await expect(picture).toHaveAttribute('fetchpriority', 'high');
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);

  const zoomIn = page.getByRole('button', { name: 'Zoom in' });
  for (let press = 0; press < 10; press++) await zoomIn.click();
  await expect(page.getByLabel('Zoom level')).toHaveText('300%');
  await expect(picture).toHaveAttribute('src', /^\/api\/image-proxy\//);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);
});

/**
 * The page's HTML names the scan's display copy for each kind of screen (under a media query), so
 * it downloads with the page's scripts; the viewer must then show that very file: one download of
 * the scan on a phone and on a desktop, never a second copy.
 */
test('the page downloads one display copy, the one its HTML named for the screen', async ({ page, browser }) => {
  await verifiedOwner(page, 'preload-owner');
  const files = await makeImageFiles(1);
  const form = await createFormWithImages(page, {
    name: 'Tithe Map',
    fields: [{ id: 'name', type: 'text', label: 'Name', order: 0, required: true }],
    threshold: 1,
    imageFiles: files.jpegs,
  });
  const screens = [
    { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, copy: 'w=800' },
    { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, copy: 'w=1600' },
  ];
  for (const { copy, ...screen } of screens) {
    const context = await browser.newContext({ ...screen, storageState: await page.context().storageState() });
    const tab = await context.newPage();
    const copies: string[] = [];
    tab.on('request', (request) => {
      if (request.url().includes('/api/display-proxy/')) copies.push(new URL(request.url()).search);
    });
    await tab.goto(`/forms/${form.id}/entry`);
    await expect(tab.locator('link[rel="preload"][as="image"][media]')).toHaveCount(2);
    const picture = tab.getByRole('region', { name: 'Form image' }).getByRole('img');
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);
    // (The original is 600 px wide, so each screen then shows it whole: a copy cannot be larger.)
    expect(copies).toEqual([`?${copy}`]);
    await context.close();
  }
});
