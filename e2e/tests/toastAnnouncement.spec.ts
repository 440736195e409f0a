/**
 * Toasts are announced to screen readers without taking focus. What a screen reader gets is
 * what changes inside a live region that is already on the page: a region inserted together
 * with its text is often not read at all. So the page records every change made inside a live
 * region (role=status/alert or aria-live polite/assertive) from before the action, and the test
 * looks for the toast's text there, at the politeness a saved change deserves, while focus
 * stays in the field the user typed in.
 */
import { expect, type Page, test } from '@playwright/test';
import { toast, verifiedOwner } from '../support/owner.ts';

interface Announcement {
  text: string;
  politeness: string;
}

/** Starts recording what changes inside live regions (not the insertion of a region itself). */
async function recordAnnouncements(page: Page) {
  await page.evaluate(() => {
    const heard: Announcement[] = [];
    Object.assign(window, { heardAnnouncements: heard });
    const liveRegion = '[aria-live="polite"], [aria-live="assertive"], [role="status"], [role="alert"]';
    new MutationObserver((records) => {
      for (const record of records) {
        const changed = record.target instanceof Element ? record.target : record.target.parentElement;
        const region = changed?.closest(liveRegion);
        if (!region) continue;
        const politeness =
          region.getAttribute('aria-live') ?? (region.getAttribute('role') === 'alert' ? 'assertive' : 'polite');
        heard.push({ text: region.textContent ?? '', politeness });
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

const heardAnnouncements = (page: Page) =>
  page.evaluate(() => (window as unknown as { heardAnnouncements: Announcement[] }).heardAnnouncements);

test('a saved change is announced politely by a live region while focus stays in the field', async ({ page }) => {
  await verifiedOwner(page, 'toast-announce');
  await page.goto('/profile');
  const details = page.getByRole('form', { name: 'Account details' });
  const name = details.getByLabel('Name');
  await expect(name).toBeVisible();
  await recordAnnouncements(page);

  // The keyboard user changes their name and presses Enter in the field.
  await name.focus();
  await name.fill('Olive Announced');
  await page.keyboard.press('Enter');

  await expect(toast(page, 'Profile updated')).toBeVisible();
  await expect
    .poll(async () => (await heardAnnouncements(page)).filter((heard) => heard.text.includes('Profile updated')))
    .toContainEqual({ text: expect.stringContaining('Your profile has been saved.'), politeness: 'polite' });
  // The toast did not take focus: the user is still in the field they pressed Enter in.
  await expect(name).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('name');
});
