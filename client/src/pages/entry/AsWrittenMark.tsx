/**
 * "As written on the page": under a value that breaks the field's rules, the contributor says the
 * paper itself holds it. Ticked, the value may be sent (its id goes into `asWritten`) and then
 * needs agreement like any value; the owner sees it flagged.
 */
import { css } from '@emotion/react';
import { visuallyHidden } from '../../components/ui/visuallyHidden.ts';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';

const markStyles = css`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 2rem;
  font-size: ${theme.fontSizes.small};
  ${theme.media.mobile} {
    min-height: ${theme.layout.tapTarget};
  }
  input {
    width: 1.125rem;
    height: 1.125rem;
    margin: 0;
    accent-color: ${theme.colors.primary};
  }
`;

interface AsWrittenMarkProps {
  fieldLabel: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}

export function AsWrittenMark({ fieldLabel, checked, disabled, onChange }: AsWrittenMarkProps) {
  const { t } = useT();
  return (
    <label css={markStyles} title={t('entry.asWritten.hint')}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {t('entry.asWritten.label')}
      <span css={visuallyHidden}> {t('entry.asWritten.field', { field: fieldLabel })}</span>
    </label>
  );
}
