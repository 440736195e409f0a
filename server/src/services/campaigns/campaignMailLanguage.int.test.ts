/**
 * A campaign's message in each recipient's language (issue 29), through the real SMTP peer: our
 * words (the figures, the link, the footer and its unsubscribe line, "via Formscribe") in the
 * person's own language, else in the language the owner gave the form, else English; the owner's
 * subject and note exactly as written. Each message says its language in Content-Language.
 */
import type { FormResponse } from '@formscribe/common/schemas/form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Form, FormAccess, User } from '../../models/index.ts';
import { campaignForm, createAndSend, settledCampaign } from '../../test/campaignFixtures.ts';
import { readMail } from '../../test/mailInLanguage.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function joined(form: Form, name: string, locale: 'fr' | null): Promise<User> {
  const password = (await User.query().findById(form.createdById))?.password ?? 'x';
  const user = await User.query().insertAndFetch({ username: `${name}@parish.example`, password, name: null, locale });
  await FormAccess.query().insert({ formId: form.id, userId: user.id });
  return user;
}

async function received(user: User, subject: string) {
  return readMail(await server.smtp.waitFor(user.username, subject));
}

describe('campaign mail languages', () => {
  it('each person’s own language, else the form’s, else English; the owner’s words as written', async () => {
    const { owner, form } = await campaignForm(server);
    const french = await joined(form, 'chloe', 'fr');
    const unset = await joined(form, 'sam', null);
    const note = 'Thank you all — page 12 is hard to read.';
    await settledCampaign((await createAndSend(owner.client, form, { subject: 'Weekly news', personalNote: note })).id);

    const inFrench = await received(french, 'Weekly news');
    expect(inFrench.contentLanguage).toBe('fr');
    expect(inFrench.subject).toBe('Weekly news');
    expect(inFrench.from).toContain('Mary Archivist via Formscribe');
    expect(inFrench.text).toContain(note);
    expect(inFrench.text).toContain('Avancement de Parish Registers :');
    expect(inFrench.text).toContain('0 % terminé : 0 sur 4 images');
    expect(inFrench.text).toContain('Activité jusqu’à présent : 0 contributeur, 0 saisie, 4 nouvelles images');
    expect(inFrench.text).toContain(
      'Vous recevez ce message parce que vous participez à Parish Registers sur Formscribe.',
    );
    expect(inFrench.html).toContain('<html lang="fr" dir="ltr">');
    expect(inFrench.html).toMatch(
      /<a href="[^"]+\/unsubscribe\/[^"]+" style="color:#6b7280">Se désabonner<\/a> des e-mails/,
    );

    const inEnglish = await received(unset, 'Weekly news');
    expect(inEnglish.contentLanguage).toBe('en');
    expect(inEnglish.text).toContain('0% complete: 0 of 4 images done');
    expect(inEnglish.html).toMatch(/>Unsubscribe<\/a> from this form&#39;s progress e-mails\./);

    // The owner gives the form a language: a person with none of their own now reads it in that one.
    const set = await owner.client.patch<FormResponse>(`/api/forms/${form.id}`, { language: 'ar' });
    expect(set.body.language).toBe('ar');
    await settledCampaign((await createAndSend(owner.client, form, { subject: 'More news' })).id);
    const inArabic = await received(unset, 'More news');
    expect(inArabic.contentLanguage).toBe('ar');
    expect(inArabic.from).toContain('Mary Archivist عبر Formscribe');
    expect(inArabic.text).toContain('تقدّم Parish Registers:');
    expect(inArabic.text).toContain('تصلك هذه الرسالة لأنك تشارك في Parish Registers على Formscribe.');
    expect(inArabic.html).toContain('<html lang="ar" dir="rtl">');
    expect((await received(french, 'More news')).contentLanguage).toBe('fr');
  });
});
