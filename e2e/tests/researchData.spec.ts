/**
 * Research-grade data in the browser: the contributor reads the form's instructions and a field's
 * help, breaks the field's rule, reads why, marks the value "as written on the page" and submits;
 * a second contributor agrees, and the owner sees the verified value flagged, and its history.
 */
import { expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { createFormWithImages } from '../support/api.ts';
import { contributorByApi, createInvite, OPEN_INVITE } from '../support/contributors.ts';
import { makeImageFiles } from '../support/images.ts';
import { verifiedOwner } from '../support/owner.ts';

const AGE_HELP = 'Write the age exactly as the register gives it, even if it looks wrong.';
const INSTRUCTIONS = 'Copy each entry as it stands on the page. Do not correct spellings.';
const FIELDS = [
  { id: 'surname', type: 'text', label: 'Surname', order: 0, help: 'As spelled, even if misspelled.' },
  { id: 'age', type: 'number', label: 'Age', order: 1, help: AGE_HELP, rules: { min: 0, max: 120, integer: true } },
];

/** A contributor opens the invite link, signs up, reads the instructions, and skips the tutorial. */
async function joinAndReadInstructions(page: Page, inviteUrl: string) {
  await page.goto(inviteUrl);
  await page.getByRole('button', { name: 'Accept Invitation & Sign In' }).click();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Sign Up' });
  await panel.getByLabel('Email').fill(uniqueEmail('ledger'));
  await panel.getByLabel('Password').fill('contributor-password');
  await panel.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/forms\/\d+\/entry/);
  const instructions = page.getByRole('dialog', { name: 'Instructions' });
  await expect(instructions).toContainText(INSTRUCTIONS);
  await instructions.getByRole('button', { name: 'Start entering' }).click();
  await expect(instructions).toBeHidden();
  await page
    .getByRole('dialog', { name: 'Data Entry Tutorial' })
    .getByRole('button', { name: 'Skip Tutorial' })
    .click();
}

test('a value that breaks a rule is refused, kept as written on the page, agreed, flagged for the owner, and in the history', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await (await browser.newContext()).newPage();
  await verifiedOwner(owner);
  const files = await makeImageFiles(1);
  const form = await createFormWithImages(owner, {
    name: 'Parish Ledger 1887',
    fields: FIELDS,
    threshold: 2,
    imageFiles: files.jpegs,
  });
  expect((await owner.request.patch(`/api/forms/${form.id}`, { data: { instructions: INSTRUCTIONS } })).status()).toBe(
    200,
  );
  const invite = await createInvite(owner, form.id, OPEN_INVITE);
  const imageId = form.imageIds[0];

  // A first contributor (by the API) already entered the page's impossible age, marked as written.
  await owner.goto('/');
  const other = await contributorByApi(owner, invite.token, 'first');
  const refused = await other.api.post(`/api/forms/${form.id}/submissions`, {
    data: { imageId, data: { surname: 'Smyth', age: '430' } },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ message: 'Age must be at most 120', fieldId: 'age' });
  const kept = await other.api.post(`/api/forms/${form.id}/submissions`, {
    data: { imageId, data: { surname: 'Smyth', age: '430' }, asWritten: ['age'] },
  });
  expect(kept.status()).toBe(201);

  // The contributor in the browser: instructions first, help beside the field, the rule as they type.
  const page = await (await browser.newContext()).newPage();
  await joinAndReadInstructions(page, invite.url);
  const entry = page.getByRole('form', { name: 'Data entry form' });
  const age = entry.getByLabel(/^Age/);
  await expect(age).toHaveAccessibleDescription(new RegExp(AGE_HELP.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await entry.getByLabel(/^Surname/).fill('Smyth');
  await age.fill('430');
  await expect(entry.getByRole('alert').filter({ hasText: 'Age must be at most 120' })).toBeVisible();
  await expect(age).toHaveAttribute('aria-invalid', 'true');

  // Submitting an unmarked broken value is held back; nothing reaches the server.
  await page.getByRole('button', { name: 'Submit Form' }).click();
  await expect(age).toBeFocused();
  const afterRefusal = await owner.request.get(`/api/forms/${form.id}/audit?kind=entry-created`);
  expect(((await afterRefusal.json()) as { events: unknown[] }).events).toHaveLength(1);

  // Marked as written on the page, it goes in, and the two entries agree.
  await entry.getByRole('checkbox', { name: 'As written on the page' }).check();
  await page.getByRole('button', { name: 'Submit Form' }).click();
  await expect
    .poll(async () => {
      const image = await owner.request.get(`/api/images/${imageId}`, { headers: { Accept: 'application/json' } });
      const body = (await image.json()) as {
        fieldVerificationStatus?: Record<string, { isVerified: boolean; asWritten?: boolean }>;
      };
      return body.fieldVerificationStatus?.age;
    })
    .toMatchObject({ isVerified: true, asWritten: true });

  // The owner sees the flag in the Data tab.
  await owner.goto(`/forms/${form.id}?tab=data`);
  await expect(
    owner.getByRole('cell', { name: /^430 \(verified\) As written.*breaks the field’s rules/ }),
  ).toBeVisible();

  // The form's history lists both entries, the mark named.
  await owner.goto(`/forms/${form.id}?tab=data&view=history`);
  await expect(owner.getByText('(as written on the page: Age)').first()).toBeVisible();
  await expect(owner.getByText('Added an entry')).toHaveCount(2);

  // And the image's own history, from its card.
  await owner.goto(`/forms/${form.id}?tab=images`);
  await owner.getByRole('button', { name: 'Image options for register-page-01.jpg' }).click();
  await owner.getByRole('menuitem', { name: 'History' }).click();
  const history = owner.getByRole('dialog', { name: 'Image History' });
  await expect(history.getByText('Added an entry')).toHaveCount(2);
  await expect(history.getByText(/Uploaded 1 image/)).toBeVisible();
});
