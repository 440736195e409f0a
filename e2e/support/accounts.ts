import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { ENGLISH, type Words } from './catalogue.ts';

export const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@example.org`;

/** Signs up through the Sign Up tab of /auth, in the page's language (`words`, English by default). */
export async function signUp(page: Page, email: string, password: string, name?: string, words: Words = ENGLISH) {
  const { say } = words;
  await page.goto('/auth');
  await page.getByRole('tab', { name: say('Sign Up') }).click();
  const panel = page.getByRole('tabpanel', { name: say('Sign Up') });
  await panel.getByLabel(say('Email')).fill(email);
  if (name) await panel.getByLabel(say('Full Name')).fill(name);
  await panel.getByLabel(say('Password')).fill(password);
  await panel.getByRole('button', { name: say('Create Account') }).click();
}

/** Signs in through the Sign In tab of /auth (the page must already be on /auth). */
export async function signInOnAuthPage(page: Page, email: string, password: string) {
  const panel = page.getByRole('tabpanel', { name: 'Sign In' });
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: 'Sign In' }).click();
}

export async function signOut(page: Page) {
  const navigation = page.getByRole('navigation').first();
  await navigation.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

export async function keepScreenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}
