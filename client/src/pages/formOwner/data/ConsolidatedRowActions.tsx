import { css } from '@emotion/react';
import { useQueryClient } from '@tanstack/react-query';
import { consolidatedQueryKey } from '../../../api/consolidated.ts';
import { useImageAction } from '../../../api/images.ts';
import { controlFaceStyles } from '../../../components/ui/surfaceStyles.ts';
import { useT } from '../../../i18n/useT.ts';
import { showToast } from '../../../stores/toastStore.ts';
import { theme } from '../../../theme/theme.ts';
import type { ConsolidatedImageRow } from './consolidatedRows.ts';

const automaticStyles = css`
  max-width: 14rem;
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
  white-space: normal;
`;

const actionsStyles = css`
  display: flex;
  flex-wrap: nowrap;
  gap: 0.375rem;
`;

export const smallButtonStyles = css`
  min-height: 2rem;
  padding: 0.25rem 0.625rem;
  ${controlFaceStyles};
  font: inherit;
  font-size: ${theme.fontSizes.small};
  font-weight: 600;
  white-space: nowrap;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${theme.colors.surfaceMuted};
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

interface ConsolidatedRowActionsProps {
  formId: number;
  row: ConsolidatedImageRow;
  /** Offered when entries disagree on some field. */
  onReview?: () => void;
}

/**
 * Mark Complete / Unmark for one row, and opening the disagreement view where there is one. An
 * image its entries or votes completed offers neither: it says why it is complete instead.
 */
export function ConsolidatedRowActions({ formId, row, onReview }: ConsolidatedRowActionsProps) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const markComplete = useImageAction(formId, 'complete');
  const markUncomplete = useImageAction(formId, 'uncomplete');
  const pending = markComplete.isPending || markUncomplete.isPending;
  const refreshRows = () => void queryClient.invalidateQueries({ queryKey: consolidatedQueryKey(formId) });

  function toggleComplete() {
    if (row.manuallyCompleted) {
      markUncomplete.mutate(row.imageId, {
        onSuccess: () => {
          refreshRows();
          showToast({ title: t('ownerTabs.completion.unmarked') });
        },
        onError: () => showToast({ title: t('ownerTabs.completion.unmarkFailed'), variant: 'destructive' }),
      });
    } else {
      markComplete.mutate(row.imageId, {
        onSuccess: () => {
          refreshRows();
          showToast({ title: t('ownerTabs.completion.marked') });
        },
        onError: () => showToast({ title: t('ownerTabs.completion.markFailed'), variant: 'destructive' }),
      });
    }
  }

  return (
    <div css={actionsStyles}>
      {row.automaticCompletion ? (
        <span css={automaticStyles}>{t('ownerTabs.completedAutomatically', { reason: row.automaticCompletion })}</span>
      ) : (
        <button type="button" css={smallButtonStyles} onClick={toggleComplete} disabled={pending}>
          {row.manuallyCompleted ? t('ownerTabs.completion.unmark') : t('ownerTabs.completion.mark')}
        </button>
      )}
      {onReview && (
        <button type="button" css={smallButtonStyles} onClick={onReview}>
          {t('ownerTabs.review.title')}
        </button>
      )}
    </div>
  );
}
