/**
 * The mail catalogues (issue 29): every language has every message of the English catalogue and
 * no other, each valid ICU taking the same arguments as English's (common's catalogueCheck.ts,
 * as the client's catalogues.test.ts); English words the mail as it always was; and the counts
 * and numbers inside messages follow each language's rules.
 */
import { catalogueProblems } from '@formscribe/common/i18n/catalogueCheck';
import { LOCALES } from '@formscribe/common/i18n/locales';
import { describe, expect, it } from 'vitest';
import { MAIL_CATALOGUES, mailTranslator } from '../services/mail/mailLanguage.ts';

describe('the mail catalogues', () => {
  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s has every English message, with the same arguments, and none left in English',
    (locale) => {
      const translated = MAIL_CATALOGUES[locale];
      expect(catalogueProblems(MAIL_CATALOGUES.en, translated, locale)).toEqual([]);
      // A message the same as English's is a forgotten translation, except one that is all names.
      const untranslated = Object.entries(translated).filter(
        ([key, message]) => message === MAIL_CATALOGUES.en[key] && !/^\{\w+\} via Formscribe$/.test(message),
      );
      expect(untranslated).toEqual([]);
    },
  );

  it('English counts agree in number as the mail always said', () => {
    const { t } = mailTranslator('en');
    expect(t('passwordChanged.revokedTokens', { count: 0 })).toBe(
      'A new password also revokes every API token of the account; this account had none.',
    );
    expect(t('passwordChanged.revokedTokens', { count: 1 })).toMatch(/^Its API token was revoked as well: scripts/);
    expect(t('passwordChanged.revokedTokens', { count: 3 })).toMatch(/^All 3 of its API tokens were revoked/);
    expect(t('planEnded.deactivated', { count: 0 })).toBe('None of your forms had to be deactivated.');
    expect(t('planEnded.deactivated', { count: 1 })).toMatch(/^1 of your forms was deactivated to fit the free plan;/);
    expect(t('planEnded.deactivated', { count: 2 })).toMatch(/^2 of your forms were deactivated/);
    expect(t('planEnded.nowFree', { forms: 1, images: 50, megabytes: 2.5 })).toBe(
      'Your account is now on the Free plan (1 active form, 50 images per form, 2.5 MB per image).',
    );
    expect(t('campaign.completion', { percent: 45, completed: 1200, total: 2669 })).toBe(
      '45% complete: 1,200 of 2,669 images done',
    );
  });

  it('other languages write numbers and plurals their own way', () => {
    const french = mailTranslator('fr');
    expect(french.t('planEnded.nowFree', { forms: 1, images: 50, megabytes: 2.5 })).toBe(
      'Votre compte est désormais sur la formule Free (1 formulaire actif, 50 images par formulaire, 2,5 Mo par image).',
    );
    expect(french.t('campaign.completion', { percent: 45, completed: 1200, total: 2669 })).toBe(
      '45 % terminé : 1\u202f200 sur 2\u202f669 images',
    );
    const arabic = mailTranslator('ar');
    expect(arabic.t('planEnded.deactivated', { count: 2 })).toMatch(/^أُلغي تنشيط نموذجين/);
    expect(arabic.t('passwordChanged.revokedTokens', { count: 2 })).toMatch(/^أُلغي رمزا API/);
  });
});
