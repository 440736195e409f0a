import { expect, type Page, test } from '@playwright/test';
import { keepScreenshot, signInOnAuthPage, uniqueEmail } from '../support/accounts.ts';
import { createFormWithImages } from '../support/api.ts';
import { makeImageFiles } from '../support/images.ts';
import { toast, verifiedOwner } from '../support/owner.ts';

const FIELDS = [
  { id: 'name', type: 'text', label: 'Name', order: 0, required: true },
  { id: 'parish', type: 'select', label: 'Parish', order: 1, options: ['North', 'South'] },
];

/** A new contributor opens the invite signed out, signs up and lands on the entry page. */
async function joinThroughInvite(page: Page, inviteUrl: string, prefix: string) {
  await page.goto(inviteUrl);
  await expect(page.getByRole('heading', { name: 'Village Census 1901' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept Invitation & Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Sign Up' });
  await panel.getByLabel('Email').fill(uniqueEmail(prefix));
  await panel.getByLabel('Password').fill('contributor-password');
  await panel.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/forms\/\d+\/entry/);
  const tutorial = page.getByRole('dialog', { name: 'Data Entry Tutorial' });
  await expect(tutorial).toBeVisible();
  await tutorial.getByRole('button', { name: 'Skip Tutorial' }).click();
  await expect(tutorial).toBeHidden();
}

/** The number of the image the entry page shows ('Image 2 of 3'). */
async function shownImageNumber(page: Page): Promise<number> {
  const text = await page.getByText(/Image \d of 3/).textContent();
  return Number(/Image (\d) of 3/.exec(text ?? '')?.[1]);
}

/** Waits until the page shows an image other than those already `seen`, and returns its number. */
async function movesToAnotherImage(page: Page, seen: number[]): Promise<number> {
  await expect.poll(async () => seen.includes(await shownImageNumber(page)), { timeout: 10_000 }).toBe(false);
  return shownImageNumber(page);
}

async function enterImage(page: Page, name: string, parish: string) {
  const form = page.getByRole('form', { name: 'Data entry form' });
  await form.getByLabel(/^Name/).fill(name);
  await form.getByLabel('Parish').selectOption(parish);
  await page.getByRole('button', { name: 'Submit Form' }).click();
}

test('contributors join by invite, enter images, agree to verify a field, vote, and work by keyboard alone', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await verifiedOwner(owner);
  const files = await makeImageFiles(3);
  const form = await createFormWithImages(owner, {
    name: 'Village Census 1901',
    fields: FIELDS,
    threshold: 2,
    imageFiles: files.jpegs,
  });

  // The owner creates an invite link in the Share dialog.
  await owner.goto(`/forms/${form.id}`);
  await owner.getByRole('button', { name: 'Actions' }).click();
  await owner.getByRole('menuitem', { name: 'Share' }).click();
  const share = owner.getByRole('dialog', { name: 'Share Form' });
  await share.getByRole('button', { name: 'Create Invite Link' }).click();
  await expect(toast(owner, 'Public invite link created successfully')).toBeVisible();
  const inviteUrl = await share.getByRole('textbox', { name: 'Invite link' }).first().inputValue();
  expect(inviteUrl).toMatch(/\/invite\/[\w-]+$/);

  // First contributor: three images (handed out in no fixed order), the second by keyboard alone.
  const firstContext = await browser.newContext();
  const first = await firstContext.newPage();
  await joinThroughInvite(first, inviteUrl, 'first');
  await expect(first.getByText(/Image \d of 3/)).toBeVisible();
  const numberA = await shownImageNumber(first);
  const imageA = form.imageIds[numberA - 1];
  await enterImage(first, 'Anna Smith', 'North');
  const numberB = await movesToAnotherImage(first, [numberA]);
  await expect(first.getByRole('form', { name: 'Data entry form' }).getByLabel(/^Name/)).toBeFocused();
  await first.keyboard.type('Karl Berg');
  await first.keyboard.press('Tab');
  await first.keyboard.press('ArrowDown');
  await first.keyboard.press('Enter');
  await movesToAnotherImage(first, [numberA, numberB]);
  await keepScreenshot(first, 'entry-page');

  // Second contributor agrees on image A, then votes that another image holds no data.
  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  await joinThroughInvite(second, inviteUrl, 'second');
  await second.goto(`/forms/${form.id}/entry?imageId=${imageA}`);
  await enterImage(second, '  Anna   Smith ', 'North');
  await movesToAnotherImage(second, [numberA]);
  await second.getByRole('button', { name: 'Mark as No Data' }).click();
  await expect(second.getByText('You voted: No Data (1 vote)')).toBeVisible();

  // The agreed field is verified: green and locked with its value on the next visit.
  await owner.goto(`/forms/${form.id}/entry?imageId=${imageA}`);
  await owner
    .getByRole('dialog', { name: 'Data Entry Tutorial' })
    .getByRole('button', { name: 'Skip Tutorial' })
    .click();
  const verifiedName = owner.getByRole('form', { name: 'Data entry form' }).getByLabel(/^Name/);
  await expect(verifiedName).toBeDisabled();
  await expect(verifiedName).toHaveValue('Anna Smith');
  await keepScreenshot(owner, 'entry-verified-field');

  // ... and the image counts as complete for the owner.
  await owner.goto(`/forms/${form.id}?tab=images`);
  const card = owner.getByRole('article', { name: new RegExp(`^Image #${numberA}:`) });
  await expect(card.getByText('Complete', { exact: true })).toBeVisible();

  await Promise.all([ownerContext.close(), firstContext.close(), secondContext.close()]);
});

test('a session that ends mid-entry brings the user back after signing in, typing kept; Quick Mode and back', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const email = await verifiedOwner(page, 'expiry');
  const form = await createFormWithImages(page, {
    name: 'Village Census 1901',
    fields: FIELDS,
    threshold: 1,
    imageFiles: (await makeImageFiles(2)).jpegs,
  });
  const imageId = form.imageIds[1];
  await page.goto(`/forms/${form.id}/entry?imageId=${imageId}`);
  await page
    .getByRole('dialog', { name: 'Data Entry Tutorial' })
    .getByRole('button', { name: 'Skip Tutorial' })
    .click();
  const entryForm = page.getByRole('form', { name: 'Data entry form' });
  await entryForm.getByLabel(/^Name/).fill('Anna Smith');
  await entryForm.getByLabel('Parish').selectOption('South');

  // The session ends on the server's side (its cookie is gone), and the user presses Submit. The
  // first request refused may also be one the page makes in the background before the press
  // lands; either way the user is sent to sign in, told why.
  await context.clearCookies();
  const pressed = page.getByRole('button', { name: 'Submit Form' }).click({ timeout: 10_000 });
  pressed.catch(() => undefined);
  await page.waitForURL(/\/auth$/);
  await expect(toast(page, 'Session expired')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await signInOnAuthPage(page, email, 'owner-password');

  await expect(page).toHaveURL(new RegExp(`/forms/${form.id}/entry\\?imageId=${imageId}$`));
  await expect(entryForm.getByLabel(/^Name/)).toHaveValue('Anna Smith');
  await expect(entryForm.getByLabel('Parish')).toHaveValue('South');
  await page.getByRole('button', { name: 'Submit Form' }).click();
  await expect(page.getByText('Thank you! Your entry was saved.')).toBeVisible();

  // Quick Mode: the queue-style page, just the next image; Full Mode leads back.
  await page.getByRole('link', { name: 'Quick Mode' }).click();
  await expect(page).toHaveURL(new RegExp(`/forms/${form.id}/entry-v1$`));
  await expect(page.getByText('1 of 2 completed')).toBeVisible();
  await keepScreenshot(page, 'entry-quick-mode');
  await page.getByRole('link', { name: 'Full Mode' }).click();
  await expect(page).toHaveURL(new RegExp(`/forms/${form.id}/entry`));
  await expect(page.getByRole('link', { name: 'Quick Mode' })).toBeVisible();
});
