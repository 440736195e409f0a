/**
 * The Insights tab in the browser: a Professional owner watches the heatmap change as contributors
 * submit (no reload), and a disputed cell of the canvas opens that image's entries to settle.
 */
import { expect, type Page, test } from '@playwright/test';
import { keepScreenshot } from '../support/accounts.ts';
import { createFormWithImages } from '../support/api.ts';
import { contributorViaInviteLink, createInvite } from '../support/contributors.ts';
import { makeImageFiles } from '../support/images.ts';
import { professionalOwner } from '../support/professional.ts';

const FIELDS = [{ id: 'name', type: 'text', label: 'Name', order: 0, required: true }];

test('a Professional owner sees the Insights heatmap change live and opens a disputed image from it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await professionalOwner(owner, 'insights-owner');

  const files = await makeImageFiles(3);
  const form = await createFormWithImages(owner, {
    name: 'Parish Census 1871',
    fields: FIELDS,
    threshold: 2,
    imageFiles: files.jpegs,
  });
  const [firstImage] = form.imageIds;
  const { url: inviteUrl } = await createInvite(owner, form.id);
  const alice = await contributorViaInviteLink(browser, inviteUrl, 'alice');
  const bob = await contributorViaInviteLink(browser, inviteUrl, 'bob');

  await owner.goto(`/forms/${form.id}?tab=insights`);
  const heatmap = owner.getByRole('region', { name: 'Image heatmap' });
  const count = (state: string) => heatmap.getByTestId(`heat-count-${state}`);
  await expect(count('none')).toHaveText('No entries: 3');

  // Alice's entry makes image 1 in progress, Bob's different one makes it disputed: both arrive
  // on the owner's open tab without a reload.
  const submit = async (who: Page, name: string) => {
    const res = await who.request.post(`/api/forms/${form.id}/submissions`, {
      data: { imageId: firstImage, data: { name } },
    });
    expect(res.status()).toBe(201);
  };
  await submit(alice, 'Maria Lopez');
  await expect(count('inProgress')).toHaveText('In progress: 1');
  await expect(count('none')).toHaveText('No entries: 2');
  await submit(bob, 'Mario Lopes');
  await expect(count('disputed')).toHaveText('Disputed: 1');
  await expect(count('inProgress')).toHaveText('In progress: 0');
  // The throughput chart and the field difficulty follow (refreshed after the events).
  const difficulty = owner.getByRole('region', { name: 'Field difficulty' });
  await expect(difficulty.getByRole('row', { name: /Name/ })).toContainText('100');
  await keepScreenshot(owner, 'insights-live');

  // Image 1 is the canvas's first cell: clicking it opens the image's entries to settle.
  await heatmap.getByTestId('insights-heatmap').click({ position: { x: 2, y: 2 } });
  const review = owner.getByRole('dialog', { name: 'Review Entries' });
  await expect(review).toBeVisible();
  await expect(review.getByText('Maria Lopez')).toBeVisible();
  await expect(review.getByText('Mario Lopes')).toBeVisible();
  await keepScreenshot(owner, 'insights-disputed-image');

  for (const page of [owner, alice, bob]) await page.context().close();
});
