/** The admin lists' look: identity cells that wrap, actions kept on one line. */
import { css } from '@emotion/react';
import type { Translator } from '@formscribe/common/i18n/translator';
import type { MessageKey } from '../../i18n/messageKeys.ts';
import { theme } from '../../theme/theme.ts';

export const tabStackStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

/** On top of the shared table's look: faded while the next page loads. */
export const tableStyles = (stale: boolean) => css`
  opacity: ${stale ? 0.6 : 1};
  tr:last-of-type td {
    border-bottom: none;
  }
`;

export const identityCellStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.125rem;
  min-width: 12rem;
  overflow-wrap: anywhere;
  span + span {
    color: ${theme.colors.textMuted};
  }
`;

export const actionsCellStyles = css`
  display: flex;
  gap: 0.5rem;
  justify-content: flex-end;
  white-space: nowrap;
`;

/** A day as the reader's language writes it ('11/28/2026', '28/11/2026'). */
export const dateText = (iso: string, words: Translator<MessageKey>) => words.date(iso);
