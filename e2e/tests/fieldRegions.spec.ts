/**
 * Field regions in the browser: an owner opens a sample scan of a printed form in the Fields tab
 * and draws the boxes of two fields with the mouse; a contributor then tabs through the fields on
 * the entry page and the viewer follows each box (zoomed to it, highlighted, inside the view), shows
 * the whole page for a field without a box, and toggles the whole page with Alt+W.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REGION_SIZE_MESSAGES } from '@formscribe/common/fields';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { PRINTED_FIELDS, regionOf, renderPrintedScan } from '../../server/bench/printedScans.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { createFormWithImages } from '../support/api.ts';
import { verifiedOwner } from '../support/owner.ts';
import { highlightPlacement } from '../support/regionView.ts';

const FORM_NAME = 'Register of Births 1902';
const [surname, givenNames, birthDate] = PRINTED_FIELDS;
const FIELDS = [surname, givenNames, birthDate].map((field, order) => ({
  id: field?.id,
  type: 'text',
  label: field?.label,
  order,
}));

async function printedScanFiles(): Promise<string[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-e2e-regions-'));
  const values = { f1: 'Turner', f2: 'Alice Mary', f3: '1902-04-11' };
  const sample = path.join(dir, 'sample.jpg');
  const shifted = path.join(dir, 'shifted.jpg');
  await fs.writeFile(sample, await renderPrintedScan(values));
  await fs.writeFile(shifted, await renderPrintedScan(values, { x: 14, y: -10 }));
  return [sample, shifted];
}

/** Drags across `canvas` from one page point to another (fractions of the page). */
async function dragOn(page: Page, canvas: Locator, from: { x: number; y: number }, to: { x: number; y: number }) {
  // The page is taller than the window: bring its top (where the boxes are) into view first.
  await canvas.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  const box = await canvas.boundingBox();
  if (!box) throw new Error('canvas not shown');
  await page.mouse.move(box.x + from.x * box.width, box.y + from.y * box.height);
  await page.mouse.down();
  await page.mouse.move(box.x + ((from.x + to.x) / 2) * box.width, box.y + ((from.y + to.y) / 2) * box.height, {
    steps: 4,
  });
  await page.mouse.move(box.x + to.x * box.width, box.y + to.y * box.height, { steps: 4 });
  await page.mouse.up();
}

async function drawBox(
  page: Page,
  canvas: Locator,
  label: string,
  region: { x: number; y: number; w: number; h: number },
) {
  await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  await dragOn(page, canvas, { x: region.x, y: region.y }, { x: region.x + region.w, y: region.y + region.h });
  await expect(page.getByRole('button', { name: new RegExp(`^${label}.*box drawn`) })).toBeVisible();
}

/** The viewer shows the field's box: highlighted, zoomed to most of the view's width, and inside it. */
async function expectViewerOn(page: Page, fieldId: string, label: string) {
  await expect(page.getByTestId('region-status')).toHaveText(`Showing: ${label}`);
  const viewer = page.getByRole('region', { name: `Form image: ${label}` });
  const highlight = page.locator(`[data-region-highlight="${fieldId}"]`);
  await expect(highlight).toBeVisible();
  // Inside the view and zoomed to most of its width (60 % or more).
  await expect.poll(() => highlightPlacement(viewer, highlight)).toMatch(/^inside, filling ([6-9]\d|1\d\d)%$/);
}

test('an owner draws two regions; a contributor tabs through the fields and the viewer follows each', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await verifiedOwner(owner, 'regions-owner');
  const form = await createFormWithImages(owner, {
    name: FORM_NAME,
    fields: FIELDS,
    threshold: 1,
    imageFiles: await printedScanFiles(),
  });

  // The owner picks the sample and draws the Surname and Given names boxes.
  await owner.goto(`/forms/${form.id}?tab=fields`);
  await owner.getByRole('button', { name: 'Draw field regions' }).click();
  await owner.getByLabel('Sample image').selectOption({ label: '#1 sample.jpg' });
  const canvas = owner.getByTestId('region-canvas');
  await expect(canvas.getByRole('img')).toBeVisible();
  if (!surname || !givenNames) throw new Error('printed fields');
  await drawBox(owner, canvas, 'Surname', regionOf(surname));
  await drawBox(owner, canvas, 'Given names', regionOf(givenNames));
  // A box over most of the page is not kept: the editor says the limit the server enforces.
  await owner.getByRole('button', { name: /^Date of birth/ }).click();
  await dragOn(owner, canvas, { x: 0.05, y: 0.05 }, { x: 0.95, y: 0.6 });
  await expect(owner.getByRole('alert')).toHaveText(REGION_SIZE_MESSAGES.tooLarge);
  await expect(owner.getByRole('button', { name: /^Date of birth.*box drawn/ })).toHaveCount(0);
  const saving = owner.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().endsWith(`/api/forms/${form.id}`),
  );
  await owner.getByRole('button', { name: 'Save Now' }).click();
  expect((await saving).status()).toBe(200);
  await expect(owner.getByText('Unsaved changes')).toBeHidden();
  await expect(owner.getByText('Saving...')).toBeHidden();

  const saved = (await (await owner.request.get(`/api/forms/${form.id}`)).json()) as {
    fields: Array<{ id: string; region?: { x: number; y: number; w: number; h: number } }>;
  };
  const drawn = Object.fromEntries(saved.fields.map((field) => [field.id, field.region]));
  for (const field of [surname, givenNames]) {
    const expected = regionOf(field);
    const region = drawn[field.id];
    expect(region, field.label).toBeDefined();
    for (const side of ['x', 'y', 'w', 'h'] as const)
      expect(Math.abs((region?.[side] ?? 9) - expected[side])).toBeLessThan(0.01);
  }
  expect(drawn.f3).toBeUndefined();

  // A contributor joins and tabs through the fields.
  const invite = await owner.request.post(`/api/forms/${form.id}/invites`, {
    data: { accessType: 'anyone', requiresEmailVerification: false, expiresAt: null },
  });
  const { url: inviteUrl } = (await invite.json()) as { url: string };
  const page = await (await browser.newContext()).newPage();
  await page.goto(inviteUrl);
  await page.getByRole('button', { name: 'Accept Invitation & Sign In' }).click();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const signUp = page.getByRole('tabpanel', { name: 'Sign Up' });
  await signUp.getByLabel('Email').fill(uniqueEmail('regions-contributor'));
  await signUp.getByLabel('Password').fill('contributor-password');
  await signUp.getByRole('button', { name: 'Create Account' }).click();
  const tutorial = page.getByRole('dialog', { name: 'Data Entry Tutorial' });
  await tutorial.getByRole('button', { name: 'Skip Tutorial' }).click();
  await expect(tutorial).toBeHidden();

  const surnameInput = page.getByLabel('Surname', { exact: true });
  await surnameInput.focus();
  await expectViewerOn(page, 'f1', 'Surname');
  await page.keyboard.type('Turner');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Given names', { exact: true })).toBeFocused();
  await expectViewerOn(page, 'f2', 'Given names');

  // Alt+W: the whole page, and back to the field's box.
  await page.keyboard.press('Alt+KeyW');
  await expect(page.getByTestId('region-status')).toHaveText('Showing the whole page');
  await expect(page.locator('[data-region-highlight]')).toHaveCount(0);
  await page.keyboard.press('Alt+KeyW');
  await expectViewerOn(page, 'f2', 'Given names');

  // A field without a box shows the whole page, as before.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Date of birth', { exact: true })).toBeFocused();
  await expect(page.getByTestId('region-status')).toHaveText('Showing the whole page');
  await expect(page.locator('[data-region-highlight]')).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await expectViewerOn(page, 'f2', 'Given names');

  // Zooming by hand means looking around: the whole page, until Alt+W brings the box back.
  await page.keyboard.press('Alt+Equal');
  await expect(page.getByTestId('region-status')).toHaveText('Showing the whole page');
  await page.keyboard.press('Alt+KeyW');
  await expectViewerOn(page, 'f2', 'Given names');

  // On a phone the box is a crop pinned above the field being typed in.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.keyboard.press('Shift+Tab');
  await expectViewerOn(page, 'f1', 'Surname');
  const crop = await page.getByRole('region', { name: 'Form image: Surname' }).boundingBox();
  const input = await page.getByLabel('Surname', { exact: true }).boundingBox();
  expect(crop && input && crop.y + crop.height <= input.y).toBe(true);
});
