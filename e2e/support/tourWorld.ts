/**
 * What the screen tour shows, built once per run through the real API: a form with every field
 * type, images, an invite, a contributor with a submission, and a signed-in page per role.
 */
import { randomBytes } from 'node:crypto';
import { type Browser, type BrowserContext, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import type { Locale } from '../../common/src/i18n/locales.ts';
import { signInOnAuthPage, uniqueEmail } from './accounts.ts';
import { createFormWithImages } from './api.ts';
import { ENGLISH, type Words, wordsIn } from './catalogue.ts';
import { createInvite, OPEN_INVITE } from './contributors.ts';
import { makeImageFiles } from './images.ts';
import { verifiedOwner } from './owner.ts';

/** One field of each type: the entry page, builder and preview show them all. */
export const EVERY_FIELD_TYPE = [
  { id: 'name', type: 'text', label: 'Name', order: 0, required: true, help: 'As spelled on the page.' },
  {
    id: 'age',
    type: 'number',
    label: 'Age',
    order: 1,
    help: 'In years.',
    rules: { min: 0, max: 120, integer: true },
  },
  { id: 'email', type: 'email', label: 'E-mail', order: 2 },
  { id: 'recorded', type: 'date', label: 'Recorded on', order: 3 },
  { id: 'born', type: 'expandedDate', label: 'Born', order: 4 },
  { id: 'notes', type: 'textarea', label: 'Notes', order: 5 },
  { id: 'parish', type: 'select', label: 'Parish', order: 6, options: ['North', 'South'] },
  { id: 'sex', type: 'radio', label: 'Sex', order: 7, options: ['Female', 'Male'] },
  { id: 'signed', type: 'checkbox', label: 'Signed', order: 8 },
  { id: 'gap', type: 'spacer', label: '', order: 9 },
  { id: 'break', type: 'newLine', label: '', order: 10 },
];

export const FORM_NAME = 'Harbour Register 1880';
export const ADMIN = { email: 'admin@formscribe.test', password: 'admin-password' };

export interface TourWorld {
  ownerEmail: string;
  formId: number;
  inviteToken: string;
  submissionId: number;
  signedOut: Page;
  owner: Page;
  contributor: Page;
  admin: Page;
  contexts: BrowserContext[];
  /** The language the tour's pages are in, and its words for what the screens look for. */
  words: Words;
}

async function newPage(browser: Browser, options: BrowserContextOptions, contexts: BrowserContext[]) {
  const context = await browser.newContext(options);
  contexts.push(context);
  return context.newPage();
}

/** A contributor who accepted the invite and entered the first image, signed in by the API. */
async function contributorWithSubmission(page: Page, token: string, formId: number, imageId: number) {
  const registered = await page.request.post('/api/register', {
    data: { username: uniqueEmail('tour-contributor'), password: 'contributor-password', name: 'Cora Contributor' },
  });
  expect(registered.status()).toBe(201);
  expect((await page.request.post(`/api/entry/${token}`)).ok()).toBe(true);
  const submitted = await page.request.post(`/api/forms/${formId}/submissions`, {
    data: { imageId, data: { name: 'Ada Lovelace', age: '36', parish: 'North', born: '1950|12|' } },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  return ((await submitted.json()) as { id: number }).id;
}

/**
 * Every page of the tour in `locale` from now on: the choice a reader makes with the picker,
 * remembered by the browser (the cookie the server reads, the storage the client reads).
 */
async function speak(contexts: BrowserContext[], locale: Locale): Promise<void> {
  for (const context of contexts) {
    await context.addCookies([
      { name: 'formscribe_locale', value: locale, url: `http://localhost:${process.env.E2E_PORT}` },
    ]);
    await context.addInitScript((chosen) => window.localStorage.setItem('formscribe.locale', chosen), locale);
  }
}

/** The world is built in English (its set-up signs up through the pages), then switched to `locale`. */
export async function prepareTourWorld(
  browser: Browser,
  options: BrowserContextOptions = {},
  locale: Locale = 'en',
): Promise<TourWorld> {
  const contexts: BrowserContext[] = [];
  const owner = await newPage(browser, options, contexts);
  const ownerEmail = await verifiedOwner(owner, `tour-owner-${randomBytes(2).toString('hex')}`);
  const files = await makeImageFiles(3);
  const form = await createFormWithImages(owner, {
    name: FORM_NAME,
    fields: EVERY_FIELD_TYPE,
    threshold: 2,
    imageFiles: files.jpegs,
  });
  const { token: inviteToken } = await createInvite(owner, form.id, OPEN_INVITE);

  const contributor = await newPage(browser, options, contexts);
  const firstImage = form.imageIds[0];
  if (firstImage === undefined) throw new Error('the tour form has no image');
  const submissionId = await contributorWithSubmission(contributor, inviteToken, form.id, firstImage);

  const admin = await newPage(browser, options, contexts);
  await admin.goto('/auth');
  await signInOnAuthPage(admin, ADMIN.email, ADMIN.password);
  await expect(admin.getByRole('heading', { name: 'Forms', exact: true })).toBeVisible();

  const signedOut = await newPage(browser, options, contexts);
  if (locale !== 'en') await speak(contexts, locale);
  const words = locale === 'en' ? ENGLISH : wordsIn(locale);
  return {
    words,
    ownerEmail,
    formId: form.id,
    inviteToken,
    submissionId,
    signedOut,
    owner,
    contributor,
    admin,
    contexts,
  };
}
