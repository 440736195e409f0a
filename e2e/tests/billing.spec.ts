import { expect, type Page, test } from '@playwright/test';
import { keepScreenshot } from '../support/accounts.ts';
import { toast, verifiedOwner } from '../support/owner.ts';

/** Fills the built-in test provider's card form and pays. */
async function payWithCard(page: Page, cardNumber: string) {
  const form = page.getByRole('form', { name: 'Payment details' });
  await form.getByLabel('Card Number').fill(cardNumber);
  await form.getByLabel('Expiry').fill('12 / 39');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Subscribe to Starter' }).click();
}

async function createFormThroughDialog(page: Page, name: string) {
  await page.getByRole('button', { name: 'Create New Form' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Form' });
  await dialog.getByLabel('Form Name').fill(name);
  await dialog.getByRole('button', { name: 'Create Form' }).click();
}

test('an owner at the free limit upgrades with a test card, creates a second form, then downgrades with form selection', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await verifiedOwner(page, 'billing');
  // The free plan's one active form, made through the API to keep the journey on billing.
  expect((await page.request.post('/api/forms', { data: { name: 'Parish Register 1850' } })).status()).toBe(201);
  await page.reload();

  // At the limit, creating another form offers the upgrade.
  await createFormThroughDialog(page, 'Parish Register 1860');
  await expect(toast(page, 'Upgrade to Create More Forms')).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade Now' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('heading', { name: 'Billing & Subscription' })).toBeVisible();
  const freeCard = page.getByRole('region', { name: 'Free' });
  await expect(freeCard.getByText('Current Plan')).toBeVisible();
  await expect(page.getByText('No billing history')).toBeVisible();
  await keepScreenshot(page, 'billing-free');

  // Checkout with the test provider: a declined card first, then one that pays.
  await page.getByRole('region', { name: 'Starter' }).getByRole('button', { name: 'Upgrade to Starter' }).click();
  await expect(page).toHaveURL(/\/subscription-checkout\?plan=starter$/);
  await expect(page.getByRole('heading', { name: 'Complete Your Subscription' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Test cards' })).toContainText('4242 4242 4242 4242');
  await payWithCard(page, '4000 0000 0000 0002');
  await expect(toast(page, 'Payment Failed')).toBeVisible();
  await expect(toast(page, 'Your card was declined.')).toBeVisible();
  await keepScreenshot(page, 'checkout-declined');
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(toast(page, 'Subscription Activated!')).toBeVisible();
  await expect(page).toHaveURL(/\/billing$/, { timeout: 10_000 });
  const starterCard = page.getByRole('region', { name: 'Starter' });
  await expect(starterCard.getByText('Current Plan')).toBeVisible();
  await expect(starterCard.getByRole('button', { name: 'Active Plan' })).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Professional' }).getByRole('button')).toHaveText(
    'Upgrade with Proration',
  );
  await expect(page.getByRole('region', { name: 'Account Activity' }).getByText('Paid').first()).toBeVisible();
  await keepScreenshot(page, 'billing-starter');

  // The Starter plan's limits apply: a second form can now be made.
  await page.goto('/');
  await createFormThroughDialog(page, 'Parish Register 1860');
  await expect(page).toHaveURL(/\/forms\/\d+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Parish Register 1860' })).toBeVisible();

  // Back to free with two active forms: one must be chosen for deactivation.
  await page.goto('/billing');
  await page.getByRole('region', { name: 'Free' }).getByRole('button', { name: 'Downgrade to Free' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Forms to Deactivate' });
  await expect(dialog.getByText('Please select at least 1 forms to deactivate.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Deactivate 0 Forms & Downgrade' })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Parish Register 1850' }).click();
  await keepScreenshot(page, 'billing-downgrade-selection');
  await dialog.getByRole('button', { name: 'Deactivate 1 Forms & Downgrade' }).click();
  await expect(toast(page, 'Downgrade Successful')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Free' }).getByText('Current Plan')).toBeVisible();
  const activity = page.getByRole('region', { name: 'Account Activity' });
  const creditRow = activity.getByRole('row').filter({ hasText: 'Credit' }).first();
  await expect(creditRow).toContainText('Credited');
  await keepScreenshot(page, 'billing-after-downgrade');

  // The deactivated form is kept, not deleted; the other stays active.
  const forms = (await (await page.request.get('/api/forms')).json()) as { name: string; isActive: boolean }[];
  expect(forms.map((form) => [form.name, form.isActive]).sort()).toEqual([
    ['Parish Register 1850', false],
    ['Parish Register 1860', true],
  ]);
});
