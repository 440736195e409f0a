import fs from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { keepScreenshot } from '../support/accounts.ts';
import { createFormWithImages } from '../support/api.ts';
import { contributorByApi, createInvite } from '../support/contributors.ts';
import { makeImageFiles } from '../support/images.ts';
import { toast, verifiedOwner } from '../support/owner.ts';

const FIELDS = [
  { id: 'name', type: 'text', label: 'Name', order: 0, required: true },
  { id: 'age', type: 'number', label: 'Age', order: 1 },
];

async function submit(api: APIRequestContext, formId: number, imageId: number | undefined, data: object) {
  const res = await api.post(`/api/forms/${formId}/submissions`, { data: { imageId, data } });
  expect(res.status()).toBe(201);
}

function statCard(page: Page, title: string) {
  return page.getByRole('list', { name: 'Form statistics' }).getByRole('listitem').filter({ hasText: title });
}

async function download(page: Page, menuItem: string): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: menuItem }).click();
  const file = await downloading;
  return { name: file.suggestedFilename(), text: await fs.readFile((await file.path()) ?? '', 'utf8') };
}

test('the owner reviews the figures, blocks a user, exports, and settles a disagreement', async ({ page }) => {
  test.setTimeout(180_000);
  await verifiedOwner(page, 'reviewer');
  const files = await makeImageFiles(3);
  const form = await createFormWithImages(page, {
    name: 'Harbour Ledger',
    fields: FIELDS,
    threshold: 2,
    imageFiles: files.jpegs,
  });
  const [first, second, third] = form.imageIds;
  const invite = await createInvite(page, form.id);

  // A known data set: two agree on image 1, disagree on image 2's name; a third only votes on image 3.
  const ana = await contributorByApi(page, invite.token, 'ana');
  const ben = await contributorByApi(page, invite.token, 'ben');
  const cy = await contributorByApi(page, invite.token, 'cy');
  await submit(ana.api, form.id, first, { name: 'Anna Berg', age: '30' });
  await submit(ben.api, form.id, first, { name: 'Anna Berg', age: '30' });
  await submit(ana.api, form.id, second, { name: 'Bob Lund', age: '41' });
  await submit(ben.api, form.id, second, { name: 'Rob Lund', age: '41' });
  expect((await cy.api.post(`/api/images/${third}/vote-no-data`)).status()).toBe(200);

  // Dashboard tab figures.
  await page.goto(`/forms/${form.id}`);
  await expect(page.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
  await expect(statCard(page, 'Total Images').getByRole('definition').first()).toHaveText('3');
  await expect(statCard(page, 'Total Images').getByRole('definition').nth(1)).toHaveText('6');
  await expect(statCard(page, 'Form Users').getByRole('definition').first()).toHaveText('3');
  await expect(statCard(page, 'Images Completed').getByRole('definition').first()).toHaveText('1');
  await expect(statCard(page, 'Images Completed').getByRole('definition').nth(1)).toHaveText('3');
  await expect(statCard(page, 'Images Remaining').getByRole('definition').first()).toHaveText('2');
  const top = page.getByRole('list', { name: 'Top Contributors' });
  await expect(top.getByRole('listitem')).toHaveCount(2);
  await expect(top.getByText('Leader')).toHaveCount(1);
  await keepScreenshot(page, 'owner-dashboard-tab');

  // Block the contributor who only voted.
  await page.getByRole('tab', { name: /^Users/ }).click();
  const cyCard = page.getByRole('article', { name: cy.email });
  await cyCard.getByRole('button', { name: 'Block User' }).click();
  const blockDialog = page.getByRole('dialog', { name: 'Block User' });
  await blockDialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('  Votes without looking  ');
  await blockDialog.getByRole('button', { name: 'Block User' }).click();
  await expect(toast(page, 'User blocked')).toBeVisible();
  await expect(cyCard.getByText('Blocked', { exact: true })).toBeVisible();
  expect(
    (
      await cy.api.post(`/api/forms/${form.id}/submissions`, { data: { imageId: second, data: { name: 'x' } } })
    ).status(),
  ).toBe(403);

  // Export what was not yet exported, then everything; the ledger leaves nothing new the second time.
  await page.getByRole('tab', { name: 'Data' }).click();
  const fresh = await download(page, 'Export Not Yet Exported');
  expect(fresh.name).toBe('Harbour Ledger_not_yet_exported_data.csv');
  const freshRows = fresh.text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(freshRows[0]).toBe(
    'Image ID,Image,Completion,Last Submission,Manually Completed,Name,Age,Source File,Source Page',
  );
  expect(freshRows).toHaveLength(4);
  expect(freshRows[1]).toContain('Anna Berg,30');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Export Not Yet Exported' }).click();
  await expect(page.getByText('There is no data to export').first()).toBeVisible();
  const all = await download(page, 'Export All Data');
  expect(all.name).toBe('Harbour Ledger_verified_data.csv');
  expect(all.text.trim().split('\r\n')).toHaveLength(4);

  // Settle image 2's name: accept one of the two variants.
  const table = page.getByRole('region', { name: 'Consolidated data' });
  await table.getByRole('button', { name: 'Review Entries' }).first().click();
  const review = page.getByRole('dialog', { name: 'Review Entries' });
  await expect(review.getByRole('list', { name: 'Values entered for Name' }).getByRole('listitem')).toHaveCount(2);
  await keepScreenshot(page, 'disagreement-review');
  await review.getByRole('button', { name: 'Accept Rob Lund for Name' }).click();
  await expect(review.getByText(/Accepted by/)).toBeVisible();
  await review.getByRole('button', { name: 'Close' }).click();
  await expect(review).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: 'Rob Lund' })).toHaveCount(1);
  // Both of image 2's fields are settled now, so it counts as complete.
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await expect(statCard(page, 'Images Completed').getByRole('definition').first()).toHaveText('2');
});
