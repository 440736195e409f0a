/** Previous / Next under a paged list, with what is shown announced politely to screen readers. */
import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT.ts';
import { Button } from './Button.tsx';
import { pagerButtonsStyles, pagerStyles } from './pagedListStyles.ts';

interface PagerProps {
  /** Names the navigation landmark ('Submission pages'). */
  label: string;
  /** What is shown ('Page 2 of 5 (93 images)'). */
  status: ReactNode;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Shown before Previous (another control, or the page count when `status` says something else). */
  before?: ReactNode;
}

export function Pager({ label, status, page, totalPages, onPageChange, before }: PagerProps) {
  const { t } = useT();
  return (
    <nav css={pagerStyles} aria-label={label}>
      <span aria-live="polite">{status}</span>
      <div css={pagerButtonsStyles}>
        {before}
        <Button variant="secondary" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          {t('common.previous')}
        </Button>
        <Button variant="secondary" onClick={() => onPageChange(page + 1)} disabled={page >= totalPages}>
          {t('common.next')}
        </Button>
      </div>
    </nav>
  );
}
