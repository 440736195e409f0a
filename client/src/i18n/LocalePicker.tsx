/**
 * The language picker (the header, the profile page, signed-out pages): each language named in
 * itself. The choice switches the page at once, is remembered in this browser, and for a signed-in
 * user is stored on the account (PUT /api/user/profile `{ locale }`) so their other devices and
 * their mail follow it.
 */
import { css } from '@emotion/react';
import { LOCALE_NAMES, LOCALES, localeSchema } from '@formscribe/common/i18n/locales';
import { useId } from 'react';
import { useUpdateProfile } from '../api/accountMutations.ts';
import { textInputStyles } from '../components/ui/textInputStyles.ts';
import { visuallyHidden } from '../components/ui/visuallyHidden.ts';
import { useAuthStore } from '../stores/authStore.ts';
import { theme } from '../theme/theme.ts';
import { chooseLocaleHere } from './localePreference.ts';
import { useLocaleStore } from './localeStore.ts';
import { useT } from './useT.ts';

const pickerStyles = css`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  font-size: ${theme.fontSizes.small};
  select {
    ${textInputStyles};
    padding-block: 0.25rem;
    min-block-size: 2.25rem;
  }
`;

export function LocalePicker({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useT();
  const id = useId();
  const locale = useLocaleStore((state) => state.locale);
  const signedIn = useAuthStore((state) => Boolean(state.user));
  const storeOnAccount = useUpdateProfile();
  return (
    <span css={pickerStyles}>
      <label htmlFor={id} css={showLabel ? undefined : visuallyHidden}>
        {t('common.language')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const chosen = localeSchema.parse(event.target.value);
          void chooseLocaleHere(chosen);
          if (signedIn) storeOnAccount.mutate({ locale: chosen });
        }}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
    </span>
  );
}
