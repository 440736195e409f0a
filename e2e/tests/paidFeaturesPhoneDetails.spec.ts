/**
 * What a phone user of the paid features must be able to see and do at 375 px: every owner tab and
 * the chosen one, every column of a payment, the admin's Edit and Delete, whole image names,
 * a way back from checkout and a declined card said beside the card, the entry page's toolbar on
 * one row and the field's whole box in the crop, the API reference's contents and the app's
 * navigation, and counts that agree with their nouns.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { PHONE_VIEWPORT } from '../support/a11y.ts';
import { toast } from '../support/owner.ts';
import {
  OWNER_TAB_NAMES,
  openCampaignPreview,
  openEntryOnNameField,
  openOwnerTab,
  usePaidFeaturesTour,
} from '../support/paidFeaturesTour.ts';
import { highlightPlacement } from '../support/regionView.ts';

const tour = usePaidFeaturesTour();

/**
 * The element lies within the phone's width as the page stands, not past its right edge where
 * only a sideways scroll (of the page or of a box around it) would bring it.
 */
async function expectOnScreenWidth(locator: Locator, what: string) {
  await expect(locator, what).toBeVisible();
  // Polled: a page still settling its layout (or swapping its frame once the session is known)
  // may have no box for a moment even after the element was seen.
  const placement = async () => {
    const box = await locator.boundingBox();
    const span = box ? { left: Math.round(box.x), right: Math.round(box.x + box.width) } : null;
    return span && span.left >= 0 && span.right <= PHONE_VIEWPORT.width ? 'on screen' : JSON.stringify(span);
  };
  await expect.poll(placement, { message: `${what} lies within the phone's width` }).toBe('on screen');
}

const tabStrip = (page: Page) => page.getByRole('tablist', { name: 'Form sections' });

test('the owner page shows all six tabs on a phone, and the chosen one wherever it is', async () => {
  const world = tour();
  const page = world.owner;
  await openOwnerTab(page, world.formId, 'dashboard');
  for (const name of OWNER_TAB_NAMES) await expectOnScreenWidth(tabStrip(page).getByRole('tab', { name }), `${name}`);
  await tabStrip(page).getByRole('tab', { name: /^Data/ }).click();
  await expectOnScreenWidth(tabStrip(page).getByRole('tab', { name: /^Data/, selected: true }), 'the chosen Data tab');
});

test("Account Activity shows a payment's amount, status and actions on a phone", async () => {
  const world = tour();
  const page = world.owner;
  await page.goto('/billing');
  const activity = page.getByRole('region', { name: 'Account Activity' });
  const payment = activity.getByRole('row').filter({ hasText: 'Starter plan' });
  await expectOnScreenWidth(payment.getByText('$19.00'), 'the amount');
  await expectOnScreenWidth(payment.getByText('Paid'), 'the status');
  await expectOnScreenWidth(payment.getByRole('cell').last(), 'the actions');
});

test('the super admin sees Edit and Delete for every user on a phone', async () => {
  const world = tour();
  const page = world.admin;
  await page.goto('/super-admin');
  // Found by search: journeys running beside this one sign up users of their own, and the table
  // shows the newest first, a page at a time.
  await page.getByLabel('Search users').fill(world.ownerEmail.split('@')[0] ?? world.ownerEmail);
  const owner = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: world.ownerEmail });
  await expectOnScreenWidth(owner.getByRole('button', { name: `Edit ${world.ownerEmail}` }), 'Edit');
  await expectOnScreenWidth(owner.getByRole('button', { name: `Delete ${world.ownerEmail}` }), 'Delete');
});

test("Recent Images keeps each file's name on one line, the whole name in its title", async () => {
  const world = tour();
  const page = world.owner;
  await openOwnerTab(page, world.formId, 'dashboard');
  const name = page.getByRole('list', { name: 'Recent Images' }).getByTitle('register-page-01.jpg');
  await expect(name).toBeVisible();
  const lines = await name.evaluate((element) => {
    const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
    return Math.round(element.getBoundingClientRect().height / lineHeight);
  });
  expect(lines, 'lines the name takes').toBe(1);
});

test('checkout leads back to billing, marks Billing as the section, and says a declined card beside it', async () => {
  const world = tour();
  const page = world.owner;
  await page.goto('/subscription-checkout?plan=professional&upgrade=true');
  const form = page.getByRole('form', { name: 'Payment details' });
  await expect(form).toBeVisible();
  await expectOnScreenWidth(page.getByRole('link', { name: 'Back to Billing' }), 'Back to Billing');

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog').getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: 'Billing' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');

  await form.getByLabel('Card Number').fill('4000 0000 0000 0002');
  await form.getByLabel('Expiry').fill('12 / 39');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Pay and Upgrade' }).click();
  const declined = form.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(declined).toBeVisible();
  await expect(form.getByLabel('Card Number')).toHaveAccessibleDescription(/Your card was declined\./);
  // The toast goes after its few seconds; the message beside the card stays until the card changes.
  await expect(toast(page, 'Payment Failed')).toBeHidden({ timeout: 15_000 });
  await expect(declined).toBeVisible();
  await form.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await expect(declined).toBeHidden();
});

test("the entry page's zoom toolbar sits on one row, and the crop holds the field's whole box", async () => {
  const world = tour();
  const page = world.contributor;
  // Framed on a wide window first, then narrowed to the phone (as a turned phone or a narrowed
  // window does): the crop must frame the box for the size it has now.
  await page.setViewportSize({ width: 1366, height: 768 });
  await openEntryOnNameField(page, world.formId);
  await expect(page.locator('[data-region-highlight="name"]')).toBeVisible();
  await page.setViewportSize(PHONE_VIEWPORT);
  const toolbar = page.getByRole('toolbar', { name: 'Image controls' });
  // One row: every control starts above the point where the first of them ends.
  const spans = await toolbar.locator('button, output').evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { top: Math.round(box.top), bottom: Math.round(box.bottom) };
    }),
  );
  expect(spans.length).toBeGreaterThanOrEqual(6);
  const lowestTop = Math.max(...spans.map((span) => span.top));
  const highestBottom = Math.min(...spans.map((span) => span.bottom));
  expect(lowestTop, `the controls' spans: ${JSON.stringify(spans)}`).toBeLessThan(highestBottom);
  await expectOnScreenWidth(toolbar.getByRole('button', { name: 'Rotate right' }), 'Rotate right');

  const crop = page.getByRole('region', { name: 'Form image: Name' });
  const highlight = page.locator('[data-region-highlight="name"]');
  await expect(highlight).toBeVisible();
  await expect.poll(() => highlightPlacement(crop, highlight)).toMatch(/^inside/);
});

test('the API reference has a table of contents and, signed in, the app navigation', async () => {
  const world = tour();
  const page = world.owner;
  await page.goto('/api-docs');
  const contents = page.getByRole('navigation', { name: 'On this page' });
  await expect(contents.getByRole('link', { name: 'Status codes' })).toBeVisible();
  const firstOperation = contents.getByRole('link', { name: /^GET \/api\/v1\// }).first();
  const target = (await firstOperation.getAttribute('href')) ?? '';
  await firstOperation.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.locator(target)).toBeInViewport();
  await expectOnScreenWidth(page.getByRole('button', { name: 'Open menu' }), 'the menu button');
});

test('the campaign preview counts in words that agree: 1 recipient, 1 contributor, 1 submission', async () => {
  const world = tour();
  const preview = await openCampaignPreview(world.owner, world.formId);
  await expect(preview.getByRole('heading', { level: 3 }).first()).toHaveText('1 recipient');
  const metrics = preview.getByRole('listitem');
  await expect(metrics.filter({ hasText: /^\d+ contributors?$/ })).toHaveText('1 contributor');
  await expect(metrics.filter({ hasText: /^\d+ submissions?$/ })).toHaveText('1 submission');
  await expect(metrics.filter({ hasText: /complete/ })).toHaveText('0% complete (0 of 3 images)');
});
