/**
 * What the screen tour (screenTour.ts) is made of: a screen, and the steps that bring a role's page
 * to one.
 */
import { expect, type Page } from '@playwright/test';
import { FORM_NAME } from './tourWorld.ts';

export interface TourScreen {
  /** A file-name-safe name, also used in failure messages. */
  name: string;
  role: 'signedOut' | 'owner' | 'contributor' | 'admin';
  /** Brings the role's page to the screen and waits until it shows. */
  show: (page: Page) => Promise<void>;
}

export const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

export async function visit(page: Page, url: string, heading: string | RegExp) {
  await page.goto(url);
  await expect(h1(page, heading)).toBeVisible();
}

export async function openActionsItem(
  page: Page,
  item: string | RegExp,
  dialog: string | RegExp,
  actions: string | RegExp,
) {
  await page.getByRole('button', { name: actions }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
}

export async function ownerTab(page: Page, formId: number, query: string, ready: (page: Page) => Promise<void>) {
  await page.goto(`/forms/${formId}?${query}`);
  await expect(h1(page, FORM_NAME)).toBeVisible();
  await ready(page);
}
