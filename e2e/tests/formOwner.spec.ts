import { expect, test } from '@playwright/test';
import { keepScreenshot } from '../support/accounts.ts';
import { makeImageFiles } from '../support/images.ts';
import { toast, verifiedOwner } from '../support/owner.ts';

const FIELD_BUTTONS = [
  'Add Text Field',
  'Add Number Field',
  'Add Email Field',
  'Add Date Field',
  'Add Expanded Date Field',
  'Add Text Area Field',
  'Add Select Field',
  'Add Radio Field',
  'Add Checkbox Field',
  'Add Spacer Field',
  'Add New Line Field',
];

test('an owner creates a form, builds its fields, uploads and pages through images, edits settings and deletes it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await verifiedOwner(page);

  // Create through the dialog; the tutorial shows the first time.
  await page.getByRole('button', { name: 'Create Your First Form' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Form' });
  await expect(create.getByRole('button', { name: 'Create Form' })).toBeDisabled();
  await create.getByLabel('Form Name').fill('  Parish Register 1890  ');
  await create.getByLabel('Description').fill('Baptisms of the parish, transcribed by volunteers.');
  await create.getByRole('button', { name: 'Create Form' }).click();
  const tutorial = page.getByRole('dialog', { name: 'Getting Started' });
  await expect(tutorial.getByText('Step 1 of 6')).toBeVisible();
  for (let step = 2; step <= 6; step++) {
    await tutorial.getByRole('button', { name: 'Next' }).click();
    await expect(tutorial.getByText(`Step ${step} of 6`)).toBeVisible();
  }
  await tutorial.getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/forms\/\d+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Parish Register 1890' })).toBeVisible();

  // One field of each type, a reorder, and the autosave.
  await page.getByRole('tab', { name: /^Fields/ }).click();
  for (const name of FIELD_BUTTONS) await page.getByRole('button', { name }).click();
  const rows = page.getByRole('list', { name: 'Form fields' }).getByRole('listitem');
  await expect(rows).toHaveCount(11);
  await rows.nth(1).getByRole('button', { name: 'Move up' }).click();
  await expect(rows.nth(0)).toContainText('Number');
  await expect(page.getByText(/^Last saved: \d/)).toBeVisible({ timeout: 10_000 });
  await keepScreenshot(page, 'fields-builder');
  await page.reload();
  await page.getByRole('tab', { name: /^Fields/ }).click();
  await expect(page.getByRole('list', { name: 'Form fields' }).getByRole('listitem')).toHaveCount(11);
  await expect(page.getByRole('list', { name: 'Form fields' }).getByRole('listitem').first()).toContainText('Number');

  // Upload a JPEG, a PNG and a HEIC (plus enough JPEGs to page), with the progress bar.
  const files = await makeImageFiles(11);
  await page.getByRole('tab', { name: /^Images/ }).click();
  await page.getByLabel('Upload Images').setInputFiles([files.png, files.heic, ...files.jpegs]);
  await expect(page.getByRole('progressbar').first()).toBeVisible();
  await expect(toast(page, 'Images uploaded successfully')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('tab', { name: 'Images (13)' })).toBeVisible();
  await keepScreenshot(page, 'images-tab');

  await page.getByRole('button', { name: 'View All 13 Images' }).click();
  await expect(page.getByText('Page 1 of 2 (13 total images)')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2 (13 total images)')).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Page 1 of 2 (13 total images)')).toBeVisible();

  // Mark the HEIC (converted to JPEG) complete from its card menu.
  const heicCard = page.getByRole('article', { name: /phone-photo\.heic/ }).first();
  await heicCard.getByRole('button', { name: 'Image options for phone-photo.heic' }).click();
  await page.getByRole('menuitem', { name: 'Mark Complete' }).click();
  await expect(toast(page, 'Image marked as complete')).toBeVisible();
  await expect(heicCard.getByText('Complete', { exact: true })).toBeVisible();

  // Settings.
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Form Settings' });
  await settings.getByLabel('Organization Name').fill('St. Mary Archive');
  await settings.getByLabel('Verification Threshold').fill('2');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Settings updated')).toBeVisible();
  await expect(page.getByText('St. Mary Archive').first()).toBeVisible();

  // Delete by typing the name exactly.
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const danger = page.getByRole('dialog', { name: 'Form Settings' });
  const confirm = danger.getByLabel('Type the form name to confirm');
  await confirm.fill('parish register 1890');
  await expect(danger.getByRole('button', { name: 'Delete Form' })).toBeDisabled();
  await confirm.fill('Parish Register 1890');
  await danger.getByRole('button', { name: 'Delete Form' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'Form deleted successfully')).toBeVisible();
  await expect(page.getByText('No forms yet')).toBeVisible();
});
