/**
 * The account mail in its recipient's language (issue 29), through the real SMTP peer: the
 * account's stored language, else the language of the browser that asked (sign-up, a reset asked
 * for: the picker's cookie, then Accept-Language), else English. Each message says its language
 * in Content-Language, and its HTML part says it (and right to left for Arabic).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../models/index.ts';
import { subscribeAndPay } from '../../test/billingFixtures.ts';
import { person } from '../../test/entryFixtures.ts';
import { createUser, DEFAULT_PASSWORD } from '../../test/factories.ts';
import { readMail } from '../../test/mailInLanguage.ts';
import { linkFrom } from '../../test/smtpPeer.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { dropToFree } from '../billing/dropToFree.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const address = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.org`;

/** The next message to `to`, read (every address here is new, so it is the one the test caused). */
async function mailTo(to: string) {
  const mail = await server.smtp.waitFor(to, '');
  return { ...readMail(mail), mail };
}

describe('the verification mail', () => {
  it('is in the language of the browser that signed up: French by Accept-Language', async () => {
    const username = address('french');
    const res = await server
      .client()
      .post(
        '/api/register',
        { username, password: DEFAULT_PASSWORD, name: 'Chloé' },
        { headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' } },
      );
    expect(res.status).toBe(201);
    const mail = await mailTo(username);
    expect(mail.subject).toBe('Confirmez votre adresse e-mail pour Formscribe');
    expect(mail.contentLanguage).toBe('fr');
    expect(mail.text).toContain('Bonjour Chloé,');
    expect(mail.text).toContain('Confirmez votre adresse e-mail : ');
    expect(mail.html).toContain('<html lang="fr" dir="ltr">');
    expect(mail.html).toContain('Confirmer l’adresse e-mail');
    // The link is the same link, whatever the language.
    expect(linkFrom(mail.mail, `${server.url}/verify-email?token=`)).toBeTruthy();
  });

  it('is English, as it always was, for a browser that asks for none of ours', async () => {
    const username = address('english');
    await server
      .client()
      .post(
        '/api/register',
        { username, password: DEFAULT_PASSWORD, name: null },
        { headers: { 'accept-language': 'de' } },
      );
    const mail = await mailTo(username);
    expect(mail.subject).toBe('Verify your e-mail address for Formscribe');
    expect(mail.contentLanguage).toBe('en');
    expect(mail.text).toMatch(/^Hello,\n\nPlease confirm your e-mail address to start creating forms on Formscribe\./);
  });
});

describe('the password reset mail', () => {
  it('follows the picker’s cookie of the asking browser over its Accept-Language: Arabic, right to left', async () => {
    const user = await createUser({ username: address('arabic') });
    const client = server.client();
    client.setCookie('formscribe_locale', 'ar');
    await client.post('/api/forgot-password', { email: user.username }, { headers: { 'accept-language': 'fr' } });
    const mail = await mailTo(user.username);
    expect(mail.subject).toBe('أعد تعيين كلمة مرور Formscribe');
    expect(mail.contentLanguage).toBe('ar');
    expect(mail.text).toContain('يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال ساعة واحدة.');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(linkFrom(mail.mail, `${server.url}/reset-password?token=`)).toBeTruthy();
  });

  it('is in the account’s own language when it has one, whatever the asking browser says', async () => {
    const user = await createUser({ username: address('spanish') });
    await User.query().findById(user.id).patch({ locale: 'es' });
    await server
      .client()
      .post('/api/forgot-password', { email: user.username }, { headers: { 'accept-language': 'fr' } });
    const mail = await mailTo(user.username);
    expect(mail.subject).toBe('Restablece tu contraseña de Formscribe');
    expect(mail.contentLanguage).toBe('es');
  });

  it('is English for a browser that names no language', async () => {
    const user = await createUser({ username: address('plain') });
    await server.client().post('/api/forgot-password', { email: user.username });
    const mail = await mailTo(user.username);
    expect(mail.subject).toBe('Reset your Formscribe password');
    expect(mail.contentLanguage).toBe('en');
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
  });
});

describe('the password changed mail', () => {
  it('is in the account’s language (Portuguese), and in English for an account with none', async () => {
    for (const [locale, subject, sentence] of [
      [
        'pt',
        'Sua senha do Formscribe foi alterada',
        'A senha da sua conta do Formscribe foi alterada na página de perfil.',
      ],
      [
        'en',
        'Your Formscribe password was changed',
        'The password of your Formscribe account was changed on its profile page.',
      ],
    ] as const) {
      const { user, client } = await person(server);
      if (locale !== 'en') await User.query().findById(user.id).patch({ locale });
      const changed = await client.patch('/api/profile/password', {
        currentPassword: DEFAULT_PASSWORD,
        newPassword: 'a-new-long-secret',
      });
      expect(changed.status).toBe(200);
      const mail = await mailTo(user.username);
      expect(mail.subject).toBe(subject);
      expect(mail.contentLanguage).toBe(locale);
      expect(mail.text).toContain(sentence);
    }
  });
});

describe('the plan ended mail', () => {
  it('is in the account’s language (Arabic, with its own plurals and numbers), and in English for one with none', async () => {
    const arabic = await person(server);
    await User.query().findById(arabic.user.id).patch({ locale: 'ar' });
    const english = await person(server);
    for (const { client } of [arabic, english]) await subscribeAndPay(client, 'starter');

    await dropToFree(server.deps, arabic.user.id, 'canceled');
    const inArabic = await mailTo(arabic.user.username);
    expect(inArabic.subject).toBe('انتهى اشتراكك في Formscribe');
    expect(inArabic.contentLanguage).toBe('ar');
    expect(inArabic.text).toContain('انتهى اشتراكك في خطة Starter.');
    expect(inArabic.text).toContain('لم يلزم إلغاء تنشيط أي من نماذجك.');
    expect(inArabic.text).toMatch(
      /أصبح حسابك الآن على خطة Free \(نموذج نشط واحد، .+ صورة لكل نموذج، .+ ميغابايت لكل صورة\)\./,
    );
    expect(inArabic.html).toContain('<html lang="ar" dir="rtl">');

    await dropToFree(server.deps, english.user.id, 'unpaid');
    const inEnglish = await mailTo(english.user.username);
    expect(inEnglish.subject).toBe('Your Formscribe subscription has ended');
    expect(inEnglish.contentLanguage).toBe('en');
    expect(inEnglish.text).toContain('Your Starter subscription could not be paid, so it has ended.');
    expect(inEnglish.text).toContain(
      'Your account is now on the Free plan (1 active form, 50 images per form, 2.5 MB per image).',
    );
  });
});
