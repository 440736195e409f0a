import { expect, request, test } from '@playwright/test';
import { expectFitsPhone, expectNoAxeViolations, PHONE_VIEWPORT } from '../support/a11y.ts';
import { keepScreenshot } from '../support/accounts.ts';
import { professionalOwner } from '../support/professional.ts';

test('a Professional owner creates an API token on the profile page, sees it once, and a script uses it', async ({
  page,
  baseURL,
}) => {
  await professionalOwner(page, 'api');
  expect((await page.request.post('/api/forms', { data: { name: 'Parish Register 1850' } })).status()).toBe(201);

  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'API Tokens' });
  await expect(card.getByText('No API tokens yet.')).toBeVisible();
  await card.getByLabel('Token Name').fill('Nightly export');
  await card.getByLabel('Access').selectOption('read');
  await card.getByRole('button', { name: 'Create Token' }).click();

  const secretBox = card.getByTestId('new-api-token');
  await expect(secretBox).toBeVisible();
  await expect(card.getByText('Copy it now: it will not be shown again.')).toBeVisible();
  const secret = (await secretBox.textContent()) ?? '';
  expect(secret).toMatch(/^fsk_/);
  await expect(card.getByRole('list', { name: 'Your API tokens' })).toContainText('Nightly export');
  await keepScreenshot(page, 'profile-api-token-created');
  await expectNoAxeViolations(page, 'profile with a new API token');
  await page.setViewportSize(PHONE_VIEWPORT);
  await expectFitsPhone(page, test.info(), 'profile-api-token-created');
  await page.setViewportSize({ width: 1280, height: 720 });

  // A script (no cookies) reads the owner's forms with it.
  const script = await request.newContext({ baseURL });
  const forms = await script.get('/api/v1/forms', { headers: { Authorization: `Bearer ${secret}` } });
  expect(forms.status()).toBe(200);
  expect(JSON.stringify(await forms.json())).toContain('Parish Register 1850');
  await script.dispose();

  // Shown once: after a reload only its first characters remain, with its last use.
  await page.reload();
  const list = page.getByRole('region', { name: 'API Tokens' }).getByRole('list', { name: 'Your API tokens' });
  await expect(list).toContainText(`${secret.slice(0, 10)}…`);
  await expect(list).toContainText('last used');
  await expect(page.getByText(secret)).toHaveCount(0);

  await page.getByRole('region', { name: 'API Tokens' }).getByRole('link', { name: 'API reference' }).click();
  await expect(page).toHaveURL(/\/api-docs$/);
  await expect(page.getByRole('heading', { name: 'Formscribe API v1' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'GET /api/v1/forms/{id}/consolidated-data' })).toBeVisible();
  await keepScreenshot(page, 'api-docs');
  await page.getByText('Schema').first().click();
  await expectNoAxeViolations(page, 'API reference');
});
