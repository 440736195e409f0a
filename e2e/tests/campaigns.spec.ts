import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { keepScreenshot } from '../support/accounts.ts';
import { createFormWithImages } from '../support/api.ts';
import { contributorByApi, createInvite } from '../support/contributors.ts';
import { makeImageFiles } from '../support/images.ts';
import { toast, verifiedOwner } from '../support/owner.ts';

const FIELDS = [{ id: 'name', type: 'text', label: 'Name', order: 0, required: true }];

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The progress e-mail to `to` in the app's outbox (no SMTP server in this run), decoded. */
async function waitForCampaignMail(to: string, subject: string, timeoutMs = 15_000): Promise<string> {
  const mailDir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of (await fs.readdir(mailDir).catch(() => [])).filter((f) => f.endsWith('.eml'))) {
      const mail = decodeQuotedPrintable(await fs.readFile(path.join(mailDir, file), 'utf8'));
      if (new RegExp(`^To: ${to}$`, 'mi').test(mail) && mail.includes(`Subject: ${subject}`)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No campaign mail to ${to}`);
}

test('an owner previews and sends a progress e-mail; a volunteer unsubscribes with one click', async ({ page }) => {
  test.setTimeout(180_000);
  await verifiedOwner(page, 'campaigner');
  const files = await makeImageFiles(2);
  const form = await createFormWithImages(page, {
    name: 'Harbour Ledger',
    fields: FIELDS,
    threshold: 1,
    imageFiles: files.jpegs,
  });
  const invite = await createInvite(page, form.id);
  const active = await contributorByApi(page, invite.token, 'active');
  const newcomer = await contributorByApi(page, invite.token, 'newcomer');
  const entry = await active.api.post(`/api/forms/${form.id}/submissions`, {
    data: { imageId: form.imageIds[0], data: { name: 'Ada' } },
  });
  expect(entry.status()).toBe(201);

  await page.goto(`/forms/${form.id}`);
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Send Progress Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Progress Email' });
  await expect(dialog.getByLabel('Subject')).toHaveValue('Update on Harbour Ledger digitization project');
  await dialog.getByLabel('Sender Name').fill('');
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await dialog.getByLabel('Sender Name').fill('Olive from the Harbour Trust');
  await dialog.getByLabel('Personal Note').fill('Half the ledger is done. Thank you!');

  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.getByRole('region', { name: 'Campaign preview' });
  await expect(preview).toContainText('2 recipients');
  await expect(preview).toContainText(active.email);
  await expect(preview).toContainText(newcomer.email);
  await expect(preview).toContainText('50% complete (1 of 2 images)');
  await keepScreenshot(page, 'campaign-preview');

  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'Email Campaign Sent!')).toBeVisible();
  await expect(toast(page, 'Successfully sent to 2 recipients')).toBeVisible();
  await expect(dialog).toBeHidden();

  const subject = 'Update on Harbour Ledger digitization project';
  const mail = await waitForCampaignMail(newcomer.email, subject);
  expect(mail).toContain('Half the ledger is done. Thank you!');
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  const unsubscribeLink = /https?:\/\/[^\s"<>/]+\/unsubscribe\/[^\s"<>]+/.exec(mail)?.[0];
  if (!unsubscribeLink) throw new Error('no unsubscribe link in the mail');
  await waitForCampaignMail(active.email, subject);

  // The volunteer follows the link: one click, no sign-in.
  const visitor = await page.context().browser()?.newPage();
  if (!visitor) throw new Error('no browser');
  await visitor.goto(unsubscribeLink);
  await expect(visitor.getByText("You're Unsubscribed")).toBeVisible();
  await expect(visitor.getByText('You will no longer receive progress e-mails from Harbour Ledger.')).toBeVisible();
  await keepScreenshot(visitor, 'campaign-unsubscribed');

  // The next preview leaves them out.
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Send Progress Email' }).click();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('region', { name: 'Campaign preview' })).toContainText('1 recipient');
  await expect(dialog.getByRole('region', { name: 'Campaign preview' })).not.toContainText(newcomer.email);
});
