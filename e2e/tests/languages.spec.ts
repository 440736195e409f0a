/**
 * The interface in French and in Arabic (issue 29), in a browser whose language is French or
 * Arabic: the first visit follows Accept-Language, the verification mail comes in that language,
 * the owner creates a form and enters data in it, the picker switches the language, and the
 * choice stored on the account follows the user to another browser. The words are the
 * catalogues' own (support/catalogue.ts), so the test follows the translations.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signInOnAuthPage, signUp, uniqueEmail } from '../support/accounts.ts';
import { type Words, wordsIn } from '../support/catalogue.ts';
import { makeImageFiles } from '../support/images.ts';
import { waitForMail } from '../support/mailbox.ts';

const FIELDS = [
  { id: 'nom', type: 'text', label: 'Nom', order: 0, required: true },
  { id: 'age', type: 'number', label: 'Âge', order: 1 },
];

async function expectPageLanguage(page: Page, locale: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
}

/** Creates the form through the dashboard's dialog, in the page's language, and skips the tour. */
async function createFormInDialog(page: Page, { say }: Words, name: string): Promise<number> {
  await page
    .getByRole('button', { name: say('Create New Form') })
    .first()
    .click();
  const create = page.getByRole('dialog', { name: say('Create New Form') });
  await create.getByLabel(say('Form Name')).fill(name);
  await create.getByRole('button', { name: say('Create Form') }).click();
  const tutorial = page.getByRole('dialog', { name: say('Getting Started') });
  await tutorial.getByRole('button', { name: say('Skip Tutorial') }).click();
  await expect(page).toHaveURL(/\/forms\/\d+/);
  return Number(/\/forms\/(\d+)/.exec(page.url())?.[1]);
}

for (const locale of ['fr', 'ar'] as const) {
  test(`a ${locale} browser: sign up, create a form and enter data in ${locale}, then choose another language`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const words = wordsIn(locale);
    const { say } = words;
    const context = await browser.newContext({ locale });
    const page = await context.newPage();

    // The first visit follows the browser's Accept-Language, before and after the scripts run.
    const landing = await page.goto('/');
    expect(await landing?.text()).toContain(`lang="${locale}"`);
    await expectPageLanguage(page, locale);

    const email = uniqueEmail(`lang-${locale}`);
    await signUp(page, email, 'owner-password', 'Olive Owner', words);
    await expect(page.getByRole('heading', { level: 1, name: say('Forms') })).toBeVisible();
    const { mail, link } = await waitForMail(email, '/verify-email?token=');
    expect(mail).toMatch(new RegExp(`^Content-Language: ${locale}\\r?$`, 'mi'));
    await page.goto(link);
    await expect(page.getByText(say('Email Verified!'))).toBeVisible();
    await expectPageLanguage(page, locale);

    await page.goto('/');
    const formId = await createFormInDialog(page, words, `Registre ${locale}`);
    const patched = await page.request.patch(`/api/forms/${formId}`, { data: { fields: FIELDS } });
    expect(patched.status()).toBe(200);
    const [image] = (await makeImageFiles(1)).jpegs;
    const upload = await page.request.post(`/api/forms/${formId}/images`, {
      multipart: {
        image: { name: path.basename(image ?? ''), mimeType: 'image/jpeg', buffer: await fs.readFile(image ?? '') },
      },
    });
    expect(upload.status()).toBe(201);

    // Data entry in the page's language.
    await page.goto(`/forms/${formId}/entry`);
    const tutorial = page.getByRole('dialog', { name: say('Data Entry Tutorial') });
    await tutorial.getByRole('button', { name: say('Skip Tutorial') }).click();
    const form = page.getByRole('form', { name: say('Data entry form') });
    await form.getByLabel(/^Nom/).fill('Amélie Poulain');
    await form.getByLabel('Âge').fill('23');
    await page.getByRole('button', { name: say('Submit Form') }).click();
    // The only image is entered: the page thanks the contributor, in their language.
    await expect(page.getByRole('heading', { name: say('Thank You for Your Contribution!') })).toBeVisible();

    // The picker switches the page at once and stores the choice on the account.
    await page.goto('/profile');
    await page
      .getByRole('combobox', { name: say('Language') })
      .first()
      .selectOption('es');
    await expectPageLanguage(page, 'es');
    await expect
      .poll(async () => ((await (await page.request.get('/api/user')).json()) as { locale: string | null }).locale)
      .toBe('es');

    // Another browser, in English: signing in brings the account's Spanish with it.
    const elsewhere = await (await browser.newContext({ locale: 'en-US' })).newPage();
    await elsewhere.goto('/auth');
    await expectPageLanguage(elsewhere, 'en');
    await signInOnAuthPage(elsewhere, email, 'owner-password');
    await expectPageLanguage(elsewhere, 'es');
    await expect(elsewhere.getByRole('heading', { level: 1, name: wordsIn('es').say('Forms') })).toBeVisible();
    await elsewhere.context().close();
    await context.close();
  });
}
