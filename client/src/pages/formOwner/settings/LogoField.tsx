import { css } from '@emotion/react';
import { LOGO_TOO_LARGE_MESSAGE } from '@formscribe/common/logos';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { type ChangeEvent, useId } from 'react';
import { FormLogo } from '../../../components/formDisplay/FormLogo.tsx';
import { serverMessageOr } from '../../../components/toasts/upgradeToasts.ts';
import { buttonStyles } from '../../../components/ui/buttonStyles.ts';
import { visuallyHidden } from '../../../components/ui/visuallyHidden.ts';
import { translateServerMessage } from '../../../i18n/serverMessages.ts';
import { useT } from '../../../i18n/useT.ts';
import { showToast } from '../../../stores/toastStore.ts';
import { theme } from '../../../theme/theme.ts';
import { ACCEPTED_LOGO_TYPES, logoFileProblem, useUploadLogo } from './useUploadLogo.ts';

const fieldStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
`;

const captionStyles = css`
  font-weight: 600;
  font-size: ${theme.fontSizes.small};
`;

const rowStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
`;

const hintStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

const inputStyles = css`
  ${visuallyHidden};
  &:focus-visible + label {
    box-shadow: ${theme.focusRing};
  }
`;

/** The logo is uploaded as soon as it is chosen (its own endpoint), not with Save. */
export function LogoField({ form }: { form: FormResponse }) {
  const { t } = useT();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const uploadLogo = useUploadLogo(form.id);

  function chooseLogo(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = logoFileProblem(file);
    if (problem) {
      const description =
        problem === 'wrongType' ? t('owner.logo.wrongType') : translateServerMessage(LOGO_TOO_LARGE_MESSAGE);
      showToast({ title: t('owner.logo.uploadFailed'), description, variant: 'destructive' });
      return;
    }
    uploadLogo.mutate(file, {
      onSuccess: () => showToast({ title: t('owner.logo.uploaded') }),
      onError: (error) =>
        showToast({
          title: t('owner.logo.uploadFailed'),
          description: translateServerMessage(serverMessageOr(error, t('owner.tryAgain'))),
          variant: 'destructive',
        }),
    });
  }

  return (
    <div css={fieldStyles}>
      <span css={captionStyles} aria-hidden>
        {t('owner.logo.label')}
      </span>
      <div css={rowStyles}>
        <FormLogo logoUrl={form.logoUrl} formName={form.name} size="medium" />
        <input
          id={inputId}
          type="file"
          accept={ACCEPTED_LOGO_TYPES}
          // Named "Logo" like the other settings; the button-like label below only opens the picker.
          aria-label={t('owner.logo.label')}
          aria-describedby={hintId}
          disabled={uploadLogo.isPending}
          onChange={chooseLogo}
          css={inputStyles}
        />
        <label htmlFor={inputId} css={buttonStyles('secondary')}>
          {t(uploadLogo.isPending ? 'owner.logo.uploading' : form.logoUrl ? 'owner.logo.replace' : 'owner.logo.upload')}
        </label>
      </div>
      <span id={hintId} css={hintStyles}>
        {t('owner.logo.hint')}
      </span>
    </div>
  );
}
