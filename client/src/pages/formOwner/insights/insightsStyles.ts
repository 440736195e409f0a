/** Table and figure styles shared by the Insights tab's sections. */
import { css } from '@emotion/react';
import type { Translator } from '@formscribe/common/i18n/translator';
import { dataTableStyles } from '../../../components/ui/dataTableStyles.ts';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { theme } from '../../../theme/theme.ts';

export const tableStyles = css`
  ${dataTableStyles};
  td.number {
    text-align: end;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;

export const sortButtonStyles = css`
  border: none;
  background: none;
  padding: 0;
  min-height: 2.75rem;
  font: inherit;
  font-weight: 600;
  color: inherit;
  cursor: pointer;
`;

export const mutedStyles = css`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.small};
`;

/** A share as a whole percent ('85 %', '٨٥ ٪'), or a dash when there is nothing to share. */
export const percent = (share: number | null, words: Translator<MessageKey>) =>
  share === null ? '–' : words.t('progress.insights.percent', { value: Math.round(share * 100) });
