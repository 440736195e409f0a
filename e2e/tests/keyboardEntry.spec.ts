/**
 * The whole contribution flow with the keyboard alone: open the invite, sign up, take the entry
 * tutorial, zoom and rotate the image, fill every field type (a partial date too), submit, vote
 * and move to the next image. Every Tab stop shows its focus; dialogs keep focus inside and give
 * it back when they close.
 */
import { expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { createFormWithImages } from '../support/api.ts';
import { createInvite, OPEN_INVITE } from '../support/contributors.ts';
import { makeImageFiles } from '../support/images.ts';
import { expectFocusWithin, tabTo } from '../support/keyboard.ts';
import { verifiedOwner } from '../support/owner.ts';
import { EVERY_FIELD_TYPE, FORM_NAME } from '../support/screenTour.ts';

/** The number of the image the entry page shows ('Image 2 of 3'). */
async function shownImage(page: Page): Promise<string> {
  return (await page.getByText(/^Image \d of 3/).textContent())?.match(/Image (\d)/)?.[1] ?? '';
}

test('a contributor joins by invite and enters, votes and moves on with the keyboard alone', async ({ browser }) => {
  test.setTimeout(150_000);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await verifiedOwner(owner, 'keyboard-owner');
  const files = await makeImageFiles(3);
  const form = await createFormWithImages(owner, {
    name: FORM_NAME,
    fields: EVERY_FIELD_TYPE,
    threshold: 2,
    imageFiles: files.jpegs,
  });
  const { url: inviteUrl } = await createInvite(owner, form.id, OPEN_INVITE);

  const context = await browser.newContext();
  const page = await context.newPage();

  // The invite, then Sign Up, by Tab and Enter.
  await page.goto(inviteUrl);
  await tabTo(page, page.getByRole('button', { name: 'Accept Invitation & Sign In' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/auth$/);
  await tabTo(page, page.getByRole('tab', { name: 'Sign In' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  const signUp = page.getByRole('tabpanel', { name: 'Sign Up' });
  await tabTo(page, signUp.getByLabel('Email'));
  await page.keyboard.type(uniqueEmail('keyboard'));
  await tabTo(page, signUp.getByLabel('Full Name'));
  await page.keyboard.type('Kim Keyboard');
  await tabTo(page, signUp.getByLabel('Password'));
  await page.keyboard.type('keyboard-password');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/forms\/\d+\/entry/);

  // The tutorial keeps focus inside while open, and is taken to its end.
  const tutorial = page.getByRole('dialog', { name: 'Data Entry Tutorial' });
  await expect(tutorial).toBeVisible();
  await expectFocusWithin(tutorial);
  for (let press = 0; press < 8; press++) await page.keyboard.press('Tab');
  await expectFocusWithin(tutorial);
  for (let step = 2; step <= 4; step++) {
    await tabTo(page, tutorial.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expect(tutorial.getByText(`Step ${step} of 4`)).toBeVisible();
  }
  await tabTo(page, tutorial.getByRole('button', { name: 'Get Started!' }));
  await page.keyboard.press('Enter');
  await expect(tutorial).toBeHidden();

  // Help opens a dialog; Escape closes it and focus goes back to Help.
  const help = page.getByRole('button', { name: 'Help' });
  await tabTo(page, help);
  await page.keyboard.press('Enter');
  const helpDialog = page.getByRole('dialog', { name: 'Data Entry Help' });
  await expect(helpDialog).toBeVisible();
  await expectFocusWithin(helpDialog);
  await page.keyboard.press('Escape');
  await expect(helpDialog).toBeHidden();
  await expect(help).toBeFocused();

  // Zoom in and turn the image a quarter turn from the toolbar.
  const firstImage = await shownImage(page);
  await tabTo(page, page.getByRole('button', { name: 'Zoom in' }));
  const zoomBefore = await page.getByLabel('Zoom level').textContent();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Zoom level')).not.toHaveText(zoomBefore ?? '');
  await tabTo(page, page.getByRole('button', { name: 'Rotate right' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Form image' }).getByRole('img')).toHaveAttribute(
    'style',
    /rotate\(90deg\)/,
  );

  const entry = page.getByRole('form', { name: 'Data entry form' });
  const name = entry.getByLabel(/^Name/);
  await tabTo(page, name, { backwards: true, maxPresses: 60 });

  // Every field type, by keyboard: text, number, e-mail, date, a partial expanded date (year and
  // month, no day), text area, select, radio, checkbox.
  await page.keyboard.type('Ada Lovelace');
  await tabTo(page, entry.getByLabel('Age'));
  await page.keyboard.type('36');
  await tabTo(page, entry.getByLabel('E-mail'));
  await page.keyboard.type('ada@example.org');
  await tabTo(page, entry.getByLabel('Recorded on'));
  await page.keyboard.type('03311901');
  const born = entry.getByRole('group', { name: 'Born' });
  await tabTo(page, born.getByLabel('Year'));
  await page.keyboard.type('1950');
  await tabTo(page, born.getByLabel('Month'));
  await page.keyboard.type('December');
  await tabTo(page, entry.getByLabel('Notes'));
  await page.keyboard.type('Signed in her own hand.');
  await tabTo(page, entry.getByLabel('Parish'));
  await page.keyboard.type('South');
  await tabTo(page, entry.getByRole('radio', { name: 'Female' }));
  await page.keyboard.press('Space');
  await tabTo(page, entry.getByRole('checkbox', { name: 'Signed' }));
  await page.keyboard.press('Space');
  await expect(entry.getByLabel('Recorded on')).toHaveValue('1901-03-31');
  await expect(born.getByLabel('Year')).toHaveValue('1950');
  await expect(born.getByLabel('Month')).toHaveValue('12');
  await expect(born.getByLabel('Day')).toHaveValue('');
  await expect(entry.getByLabel('Parish')).toHaveValue('South');
  await expect(entry.getByRole('radio', { name: 'Female' })).toBeChecked();
  await expect(entry.getByRole('checkbox', { name: 'Signed' })).toBeChecked();

  // Submit: the next image opens with focus on its first field.
  await tabTo(page, page.getByRole('button', { name: 'Submit Form' }));
  await page.keyboard.press('Enter');
  await expect.poll(() => shownImage(page), { timeout: 15_000 }).not.toBe(firstImage);
  await expect(name).toBeFocused();
  const secondImage = await shownImage(page);

  // The saved entry holds every value as typed.
  const saved = await owner.request.get(`/api/forms/${form.id}/submissions`);
  expect(JSON.stringify(await saved.json())).toContain('1950|12|');

  // Vote that this image holds no data, then move to the next image.
  await tabTo(page, page.getByRole('button', { name: 'Mark as No Data' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(/You voted: No Data/)).toBeVisible();
  // The image buttons sit above the form: Shift+Tab back to whichever way has another image.
  const imageButtons = page.getByRole('navigation', { name: 'Images' }).getByRole('button', { disabled: false });
  await expect(imageButtons.first()).toBeVisible();
  await tabTo(page, imageButtons.first(), { backwards: true, maxPresses: 80 });
  await page.keyboard.press('Enter');
  await expect.poll(() => shownImage(page)).not.toBe(secondImage);

  await Promise.all([ownerContext.close(), context.close()]);
});
