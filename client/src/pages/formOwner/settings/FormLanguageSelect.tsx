/**
 * The form's language (issue 29): the language the entry page's own words take for contributors
 * who have not chosen one themselves, or none (each contributor's own). Each language is named in
 * itself, as in the picker, so it reads the same whatever the owner's interface is in.
 */
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@formscribe/common/i18n/locales';
import { useId } from 'react';
import { controlStyles } from '../../../components/fieldRendering/fieldControlStyles.ts';
import { describedByFor, FieldFrame } from '../../../components/ui/FieldFrame.tsx';
import { useT } from '../../../i18n/useT.ts';

/** The select's value for "each contributor's own language" (null on the form). */
const CONTRIBUTORS_OWN = '';

export function FormLanguageSelect({
  value,
  onChange,
}: {
  value: Locale | null;
  onChange: (value: Locale | null) => void;
}) {
  const { t } = useT();
  const id = useId();
  const hint = t('owner.settings.languageHint');
  return (
    <FieldFrame id={id} label={t('owner.settings.language')} hint={hint}>
      <select
        id={id}
        css={controlStyles}
        value={value ?? CONTRIBUTORS_OWN}
        aria-describedby={describedByFor(id, hint)}
        onChange={(event) => onChange(isLocale(event.target.value) ? event.target.value : null)}
      >
        <option value={CONTRIBUTORS_OWN}>{t('owner.settings.languageContributors')}</option>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
