import { expect, test } from '@playwright/test';
import { createFormWithImages } from '../support/api.ts';
import { contributorViaInviteLink, createInvite } from '../support/contributors.ts';
import { makeImageFiles } from '../support/images.ts';
import { verifiedOwner } from '../support/owner.ts';

/**
 * How long a live change may take to show. Nothing on these pages polls or reloads, so only a
 * pushed event can show it; the bound is generous because a loaded 2-core CI machine delays the
 * browsers themselves (it is not a speed figure: the benchmarks measure that).
 */
const LIVE = 5000;

const FIELDS = [{ id: 'name', type: 'text', label: 'Name', order: 0, required: true }];

test('owners watch submissions arrive live; a contributor sees a peer’s verification turn the field green', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await verifiedOwner(owner, 'live-owner');
  const files = await makeImageFiles(2);
  const form = await createFormWithImages(owner, {
    name: 'Live Ledger',
    fields: FIELDS,
    threshold: 2,
    imageFiles: files.jpegs,
  });
  const [imageA] = form.imageIds;
  const { url: inviteUrl } = await createInvite(owner, form.id);

  const alice = await contributorViaInviteLink(browser, inviteUrl, 'alice');
  const bob = await contributorViaInviteLink(browser, inviteUrl, 'bob');

  // Both contributors have image A open; the owner watches the dashboard and then the owner page.
  await alice.goto(`/forms/${form.id}/entry?imageId=${imageA}`);
  await bob.goto(`/forms/${form.id}/entry?imageId=${imageA}`);
  const bobName = bob.getByRole('form', { name: 'Data entry form' }).getByLabel(/^Name/);
  await expect(bobName).toBeEnabled();
  await owner.goto('/');
  const card = () => owner.getByRole('article').filter({ has: owner.getByRole('link', { name: 'Live Ledger' }) });
  await expect(card().getByText('0 of 2 images')).toBeVisible();

  // Alice submits: nothing is verified yet with threshold 2; the owner's page shows the entry live.
  await owner.goto(`/forms/${form.id}?tab=images`);
  const imageCard = owner.getByRole('article', { name: /^Image #1:/ });
  await expect(imageCard.getByText('Entries')).toBeVisible();
  const aliceForm = alice.getByRole('form', { name: 'Data entry form' });
  await aliceForm.getByLabel(/^Name/).fill('Maria Lopez');
  await alice.getByRole('button', { name: 'Submit Form' }).click();
  await expect(imageCard.getByText('1', { exact: true })).toBeVisible({ timeout: LIVE });

  // A second agreeing entry (made through the API as a third contributor) verifies the field:
  // Bob, still on the image, sees it turn green and lock without reloading.
  const carol = await contributorViaInviteLink(browser, inviteUrl, 'carol');
  const res = await carol.request.post(`/api/forms/${form.id}/submissions`, {
    data: { imageId: imageA, data: { name: 'Maria Lopez' } },
  });
  expect(res.status()).toBe(201);
  await expect(bobName).toBeDisabled({ timeout: LIVE });
  await expect(bobName).toHaveValue('Maria Lopez');
  await expect(imageCard.getByText('Complete', { exact: true })).toBeVisible({ timeout: LIVE });

  // The dashboard card moves too.
  await owner.goto('/');
  await expect(card().getByText('1 of 2 images')).toBeVisible();
  const second = await carol.request.post(`/api/images/${form.imageIds[1]}/vote-no-data`);
  expect(second.status()).toBe(200);
  const bobVote = await bob.request.post(`/api/images/${form.imageIds[1]}/vote-no-data`);
  expect(bobVote.status()).toBe(200);
  await expect(card().getByText('2 of 2 images')).toBeVisible({ timeout: LIVE });

  await Promise.all([owner, alice, bob, carol].map((page) => page.context().close()));
});
