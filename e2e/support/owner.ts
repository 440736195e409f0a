import { expect, type Page } from '@playwright/test';
import { signUp, uniqueEmail } from './accounts.ts';
import { waitForMailLink } from './mailbox.ts';

/** A new owner: signs up and verifies the e-mail through the mailed link, then lands on the dashboard. */
export async function verifiedOwner(page: Page, prefix = 'owner'): Promise<string> {
  const email = uniqueEmail(prefix);
  await signUp(page, email, 'owner-password', 'Olive Owner');
  await expect(page.getByRole('heading', { name: 'Forms', exact: true })).toBeVisible();
  await page.goto(await waitForMailLink(email, '/verify-email?token='));
  await expect(page.getByText('Email Verified!')).toBeVisible();
  await page.goto('/');
  return email;
}

/** Toasts are also copied into a hidden live region: match the visible one. */
export function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first();
}
