import { css } from '@emotion/react';
import { errorStatusCode, extractServerMessage } from '@formscribe/common/errorMessages';
import type { FormResponse } from '@formscribe/common/schemas/form';
import { type ChangeEvent, useId, useState } from 'react';
import { useImportCodebook } from '../../api/codebook.ts';
import { createFormFailureToast } from '../../components/toasts/upgradeToasts.ts';
import { useToastNavigation } from '../../components/toasts/useToastNavigation.ts';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { MutedText } from '../../components/ui/MutedText.tsx';
import { currentTranslator } from '../../i18n/localeStore.ts';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';
import { theme } from '../../theme/theme.ts';
import { hiddenFileInputStyles, pickerRowStyles } from '../formOwner/images/filePickerStyles.ts';

const ACCEPTED_CODEBOOK_TYPES = '.csv,.json,text/csv,application/json';

const sectionStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding-block-start: 1rem;
  border-block-start: 1px solid ${theme.colors.border};
`;

interface ImportCodebookProps {
  onCreated: (form: FormResponse) => void;
  /** Steps the dialog aside for a toast whose action is the way forward (verify, upgrade). */
  onStepAside: () => void;
}

/**
 * The create-form dialog's other way in: a codebook (CSV or JSON, as a form's Download codebook
 * gives it) becomes a new form with its fields, rules, choices and help; the form then opens.
 * A file that is not a codebook, or a field the builder would refuse, is named as the server says.
 */
export function ImportCodebook({ onCreated, onStepAside }: ImportCodebookProps) {
  const { t } = useT();
  const inputId = useId();
  const importCodebook = useImportCodebook();
  const goTo = useToastNavigation();
  const [error, setError] = useState<string | null>(null);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // the same file may be chosen again after it is fixed
    if (!file || importCodebook.isPending) return;
    setError(null);
    importCodebook.mutate(file, {
      onSuccess: (form) => {
        showToast({ title: currentTranslator().t('account.dashboard.createdFromCodebook') });
        onCreated(form);
      },
      onError: (caught) => {
        if (errorStatusCode(caught) === 400) {
          setError(translateServerMessage(extractServerMessage(caught)));
          return;
        }
        const toast = createFormFailureToast(caught, goTo);
        showToast(toast);
        if (toast.action) onStepAside();
      },
    });
  }

  return (
    <section css={sectionStyles}>
      <div css={pickerRowStyles}>
        <input
          id={inputId}
          type="file"
          accept={ACCEPTED_CODEBOOK_TYPES}
          disabled={importCodebook.isPending}
          onChange={choose}
          css={hiddenFileInputStyles}
        />
        <label htmlFor={inputId} css={buttonStyles('secondary')}>
          {importCodebook.isPending ? t('account.dashboard.importingCodebook') : t('account.dashboard.importCodebook')}
        </label>
        <MutedText as="span">{t('account.dashboard.codebookHint')}</MutedText>
      </div>
      {error && <InlineAlert tone="error">{error}</InlineAlert>}
    </section>
  );
}
