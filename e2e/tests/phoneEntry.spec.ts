/**
 * Data entry on a 375 × 667 touch phone: the image stacks above the fields and stays pinned
 * while they scroll, and a two-finger pinch on the image zooms it.
 */
import { expect, test } from '@playwright/test';
import { PHONE_VIEWPORT } from '../support/a11y.ts';
import { createFormWithImages } from '../support/api.ts';
import { makeImageFiles } from '../support/images.ts';
import { verifiedOwner } from '../support/owner.ts';
import { EVERY_FIELD_TYPE, FORM_NAME } from '../support/screenTour.ts';

test('on a phone the entry image sits above the fields, stays pinned while they scroll, and pinches to zoom', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await verifiedOwner(page, 'phone-owner');
  const files = await makeImageFiles(1);
  const form = await createFormWithImages(page, {
    name: FORM_NAME,
    fields: EVERY_FIELD_TYPE,
    threshold: 2,
    imageFiles: files.jpegs,
  });
  await page.goto(`/forms/${form.id}/entry`);
  await page
    .getByRole('dialog', { name: 'Data Entry Tutorial' })
    .getByRole('button', { name: 'Skip Tutorial' })
    .click();
  const viewer = page.getByRole('region', { name: 'Form image' });
  const fields = page.getByRole('form', { name: 'Data entry form' });
  await expect(viewer.getByRole('img')).toBeVisible();

  // Stacked: the image above the fields.
  const viewerBox = await viewer.boundingBox();
  const fieldsBox = await fields.boundingBox();
  expect(viewerBox && fieldsBox && viewerBox.y + viewerBox.height <= fieldsBox.y).toBe(true);

  // Pinned: scrolling down to the last fields leaves the image on screen, at the top.
  await page.getByRole('button', { name: 'Submit Form' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Submit Form' })).toBeInViewport();
  const pinned = await viewer.boundingBox();
  expect(pinned).not.toBeNull();
  expect(pinned?.y).toBeGreaterThanOrEqual(0);
  expect((pinned?.y ?? 0) + (pinned?.height ?? 0)).toBeLessThanOrEqual(PHONE_VIEWPORT.height / 2 + 60);
  await expect(viewer.getByRole('img')).toBeInViewport();

  // Pinch: two fingers moving apart on the image zoom it in.
  const zoomLevel = page.getByLabel('Zoom level');
  const before = Number.parseInt((await zoomLevel.textContent()) ?? '', 10);
  const box = (await viewer.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  const centreX = box.x + box.width / 2;
  const centreY = box.y + box.height / 2;
  const touch = await context.newCDPSession(page);
  const fingers = (spread: number) => [
    { x: centreX - spread, y: centreY, id: 1 },
    { x: centreX + spread, y: centreY, id: 2 },
  ];
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(30) });
  for (const spread of [40, 55, 70, 85]) {
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
  }
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect.poll(async () => Number.parseInt((await zoomLevel.textContent()) ?? '', 10)).toBeGreaterThan(before);

  await context.close();
});
