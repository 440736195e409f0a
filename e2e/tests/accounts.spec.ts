import { expect, test } from '@playwright/test';
import { keepScreenshot, signInOnAuthPage, signOut, signUp, uniqueEmail } from '../support/accounts.ts';
import { waitForMailLink } from '../support/mailbox.ts';

test('a new user signs up, verifies through the mailed link, signs out and is brought back after signing in', async ({
  page,
}) => {
  const email = uniqueEmail('newcomer');
  await signUp(page, email, 'first-password', 'Nadia Archivist');

  await expect(page.getByRole('heading', { name: 'Forms', exact: true })).toBeVisible();
  await expect(page.getByText('Email verification required to create forms')).toBeVisible();
  await keepScreenshot(page, 'dashboard-unverified');

  const link = await waitForMailLink(email, '/verify-email?token=');
  await page.goto(link);
  await expect(page.getByText('Email Verified!')).toBeVisible();
  await keepScreenshot(page, 'verify-email-success');
  await expect(page).toHaveURL(/\/$/, { timeout: 6000 });
  await expect(page.getByText('Email verification required to create forms')).toBeHidden();

  await signOut(page);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth$/);
  await keepScreenshot(page, 'auth');
  await signInOnAuthPage(page, email, 'first-password');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
});

test('a user edits their name and changes their password on the profile page', async ({ page }) => {
  const email = uniqueEmail('editor');
  await signUp(page, email, 'first-password');
  await expect(page.getByRole('heading', { name: 'Forms', exact: true })).toBeVisible();
  await page.goto('/profile');

  const name = page.getByLabel('Name', { exact: true });
  await name.fill('Grace Transcriber');
  await page.getByRole('button', { name: /update profile/i }).click();
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Grace Transcriber');

  await page.getByLabel('Current Password').fill('first-password');
  await page.getByLabel('New Password', { exact: true }).fill('second-password');
  await page.getByLabel('Confirm New Password').fill('different');
  await page.getByRole('button', { name: /change password/i }).click();
  await expect(page.getByText('New passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill('second-password');
  await page.getByRole('button', { name: /change password/i }).click();
  await keepScreenshot(page, 'profile');

  await signOut(page);
  await signInOnAuthPage(page, email, 'second-password');
  await expect(page.getByRole('heading', { name: 'Forms', exact: true })).toBeVisible();
});

test('signing in with an unknown e-mail switches to Sign Up with the notice and no toast', async ({ page }) => {
  const email = uniqueEmail('stranger');
  await page.goto('/auth');
  await signInOnAuthPage(page, email, 'whatever-pass');

  const notice = page.getByText(
    "We couldn't find an account with that email address. Let's create a new account for you!",
  );
  await expect(notice).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Sign Up' }).getByLabel('Email')).toHaveValue(email);
  await expect(page.getByText('Login failed')).toHaveCount(0);
  await expect(notice).toBeHidden({ timeout: 10_000 });
});

test('a user who forgot their password resets it from the mailed link and signs in with the new one', async ({
  page,
}) => {
  const email = uniqueEmail('forgetful');
  await signUp(page, email, 'old-password');
  await expect(page.getByRole('heading', { name: 'Forms', exact: true })).toBeVisible();
  await signOut(page);

  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The URL changes before the page's chunk has loaded; the sign-in form (with its own Email) may still be shown.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Check Your Email')).toBeVisible();

  const link = await waitForMailLink(email, '/reset-password?token=');
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill('new-password');
  await page.getByLabel('Confirm Password').fill('new-passwor');
  await page.getByRole('button', { name: /reset password/i }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm Password').fill('new-password');
  await page.getByRole('button', { name: /reset password/i }).click();
  await page
    .getByRole('button', { name: 'Go to Login' })
    .or(page.getByRole('link', { name: 'Go to Login' }))
    .click();

  await expect(page).toHaveURL(/\/auth$/);
  await signInOnAuthPage(page, email, 'new-password');
  await expect(page.getByRole('heading', { name: 'Forms', exact: true })).toBeVisible();

  await page.goto(link);
  await expect(
    page
      .getByRole('button', { name: 'Request New Password Reset' })
      .or(page.getByRole('link', { name: 'Request New Password Reset' })),
  ).toBeVisible();
});

test('an unknown page shows the 404 view', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});
