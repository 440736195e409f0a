import { css } from '@emotion/react';
import type { FormResponse } from '@formscribe/common/schemas/form';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useId } from 'react';
import { buttonStyles } from '../../../components/ui/buttonStyles.ts';
import { menuContentStyles, menuItemStyles } from '../../../components/ui/menuStyles.ts';
import { SelectField } from '../../../components/ui/SelectField.tsx';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import { CodebookMenu } from './CodebookMenu.tsx';
import { exportChoices, exportFormatOptions } from './dataControls.ts';
import { ExportProgressBar } from './ExportProgressBar.tsx';
import { useFormExport } from './useFormExport.ts';

const wrapperStyles = css`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 0.375rem;
  max-width: 100%;
  & > div {
    min-width: 12rem;
  }
`;

/** On a phone the codebook, the format and Export wrap onto lines of their own rather than run off the screen. */
const controlsStyles = css`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  align-items: flex-end;
  gap: 0.5rem;
`;

const hintStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

/**
 * The Data tab's Export menu: all data, or only what has not been exported yet, in the format
 * chosen beside it (CSV unless another is picked); and the codebook that describes its columns.
 * Not modal: a modal menu hides the page from screen readers (aria-hidden) while its trigger stays focusable.
 */
export function ExportMenu({ form }: { form: Pick<FormResponse, 'id' | 'name'> }) {
  const { t } = useT();
  const { startExport, isExporting, progress, canExport, format, setFormat } = useFormExport(form);
  const hintId = useId();
  return (
    <div css={wrapperStyles}>
      <div css={controlsStyles}>
        <CodebookMenu formId={form.id} />
        <SelectField
          label={t('ownerTabs.export.format')}
          value={format}
          options={exportFormatOptions(t)}
          onChange={setFormat}
        />
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger
            css={buttonStyles('primary')}
            disabled={!canExport || isExporting}
            aria-describedby={canExport ? undefined : hintId}
          >
            {isExporting ? t('ownerTabs.export.exporting') : t('ownerTabs.export.button')}
            <span aria-hidden>▾</span>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="end" sideOffset={6} css={menuContentStyles}>
              {exportChoices(t).map((choice) => (
                <DropdownMenu.Item
                  key={choice.exportType}
                  css={menuItemStyles}
                  onSelect={() => startExport(choice.exportType)}
                >
                  {choice.label}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
      {!canExport && (
        <span id={hintId} css={hintStyles}>
          {t('ownerTabs.export.needsImages')}
        </span>
      )}
      <ExportProgressBar progress={progress} />
    </div>
  );
}
