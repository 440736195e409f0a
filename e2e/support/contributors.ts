/**
 * Contributors for the browser journeys, invited to an owner's form through the real app. Each
 * has a browser context of their own, so their cookies never mix with the owner's.
 */
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { uniqueEmail } from './accounts.ts';

export interface FormInvite {
  token: string;
  /** The link to share: {PUBLIC_URL}/invite/{token}. */
  url: string;
}

const CONTRIBUTOR_PASSWORD = 'contributor-password';

/** An invite's settings, as POST /api/forms/{id}/invites takes them (the server's defaults otherwise). */
export interface InviteSettings {
  accessType?: 'anyone';
  requiresEmailVerification?: boolean;
  expiresAt?: string | null;
}

/** Anyone with the link may join at once: no e-mail check, no expiry. */
export const OPEN_INVITE: InviteSettings = { accessType: 'anyone', requiresEmailVerification: false, expiresAt: null };

/** A new invite link to the form, made by its owner, who is signed in on `owner`. */
export async function createInvite(owner: Page, formId: number, settings: InviteSettings = {}): Promise<FormInvite> {
  const created = await owner.request.post(`/api/forms/${formId}/invites`, { data: settings });
  expect(created.status()).toBe(201);
  return (await created.json()) as FormInvite;
}

/**
 * A contributor who signed up and accepted the invite through the API alone, for journeys that
 * only need their entries: `api` makes calls with their cookies.
 */
export async function contributorByApi(
  page: Page,
  inviteToken: string,
  prefix: string,
): Promise<{ api: APIRequestContext; email: string }> {
  const context = await page
    .context()
    .browser()
    ?.newContext({ baseURL: new URL(page.url()).origin });
  if (!context) throw new Error('no browser');
  const email = uniqueEmail(prefix);
  expect(
    (
      await context.request.post('/api/register', { data: { username: email, password: CONTRIBUTOR_PASSWORD } })
    ).status(),
  ).toBe(201);
  expect((await context.request.post(`/api/entry/${inviteToken}`)).status()).toBe(200);
  return { api: context.request, email };
}

/**
 * A contributor who opened the invite link and signed up on the page, as a person would; they
 * land on the form's entry page with its tutorial dismissed. Their `page.request` calls carry
 * their cookies.
 */
export async function contributorViaInviteLink(browser: Browser, inviteUrl: string, prefix: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(inviteUrl);
  await page.getByRole('button', { name: 'Accept Invitation & Sign In' }).click();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Sign Up' });
  await panel.getByLabel('Email').fill(uniqueEmail(prefix));
  await panel.getByLabel('Password').fill(CONTRIBUTOR_PASSWORD);
  await panel.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/forms\/\d+\/entry/);
  await page
    .getByRole('dialog', { name: 'Data Entry Tutorial' })
    .getByRole('button', { name: 'Skip Tutorial' })
    .click();
  return page;
}
