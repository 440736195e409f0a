import { expect, type Page, test } from '@playwright/test';
import { keepScreenshot, signInOnAuthPage } from '../support/accounts.ts';
import { toast, verifiedOwner } from '../support/owner.ts';

// The e2e server's administrator (playwright.config.ts).
const ADMIN_EMAIL = 'admin@formscribe.test';
const ADMIN_PASSWORD = 'admin-password';

async function signInAsAdmin(page: Page) {
  await page.goto('/auth');
  await signInOnAuthPage(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Forms', exact: true })).toBeVisible();
}

test('the administrator raises a user’s form limit, so they can create a second form, and deletes a form', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ownerEmail = await verifiedOwner(page, 'limited');
  const first = await page.request.post('/api/forms', { data: { name: 'Harbour ledger 1901' } });
  expect(first.status()).toBe(201);
  // The free plan's one active form is used: a second is refused.
  expect((await page.request.post('/api/forms', { data: { name: 'Refused' } })).status()).toBe(403);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.getByRole('navigation').first().getByRole('link', { name: 'Super Admin' }).click();
  await expect(admin).toHaveURL(/\/super-admin$/);
  await expect(admin.getByRole('region', { name: 'System Status' }).getByText('Healthy')).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Total Users' })).toContainText(/\d/);

  // Users tab: find the owner by part of their e-mail and raise their active form limit.
  await admin.getByLabel('Search users').fill(ownerEmail.split('@')[0] ?? ownerEmail);
  const row = admin.getByRole('table', { name: 'Users' }).getByRole('row', { name: ownerEmail });
  await expect(row).toContainText('1 form ·');
  await row.getByRole('button', { name: `Edit ${ownerEmail}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Edit User Settings' });
  await dialog.getByLabel('Active form limit').fill('2');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(admin, 'User settings updated successfully')).toBeVisible();
  await expect(row).toContainText('2 forms');
  await keepScreenshot(admin, 'super-admin-users');

  // The owner, still signed in, now creates a second form through the dashboard.
  await page.goto('/');
  await page.getByRole('button', { name: 'Create New Form' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Form' });
  await create.getByLabel('Form Name').fill('Ship manifests');
  await create.getByRole('button', { name: 'Create Form' }).click();
  await expect(page).toHaveURL(/\/forms\/\d+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ship manifests' })).toBeVisible();

  // Forms tab: find the first form and delete it, after confirming.
  await admin.getByRole('tab', { name: 'Forms' }).click();
  await admin.getByLabel('Search forms').fill('Harbour ledger');
  // This owner's row: other journeys running at the same time own forms of the same name.
  const formRow = admin
    .getByRole('table', { name: 'Forms' })
    .getByRole('row', { name: 'Harbour ledger 1901' })
    .filter({ hasText: ownerEmail });
  await expect(formRow).toContainText(ownerEmail);
  await formRow.getByRole('button', { name: 'Delete Harbour ledger 1901' }).click();
  await admin.getByRole('dialog', { name: 'Delete Form' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(admin, 'Form deleted successfully')).toBeVisible();
  await expect(formRow).toHaveCount(0);
  await keepScreenshot(admin, 'super-admin-forms');

  await page.goto('/');
  await expect(page.getByText('Ship manifests')).toBeVisible();
  await expect(page.getByText('Harbour ledger 1901')).toHaveCount(0);
  await adminContext.close();
});

test('anyone else who opens /super-admin is told they may not', async ({ page }) => {
  await verifiedOwner(page, 'curious');
  await expect(page.getByRole('link', { name: 'Super Admin' })).toHaveCount(0);
  await page.goto('/super-admin');
  await expect(
    page.getByText('Access Denied - You need super administrator privileges to access this page.'),
  ).toBeVisible();
});
