import { css } from '@emotion/react';
import type { SubmissionResponse } from '@formscribe/common/schemas/submission';
import { Link } from '@tanstack/react-router';
import { type RefObject, useRef, useState } from 'react';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { Badge } from '../ui/Badge.tsx';
import { Button } from '../ui/Button.tsx';
import { buttonStyles } from '../ui/buttonStyles.ts';
import { cardSurfaceStyles } from '../ui/Card.tsx';
import { DeleteSubmissionDialog } from './DeleteSubmissionDialog.tsx';
import {
  confidenceText,
  formatSubmittedAt,
  STATUS_BADGE_TONES,
  statusText,
  submissionImageName,
  submitterName,
} from './submissionDisplay.ts';

const itemStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem 1.5rem;
  padding: 1rem 1.25rem;
  ${cardSurfaceStyles};
`;

const mainStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  min-width: 0;
  flex: 1 1 18rem;
`;

const nameStyles = css`
  margin: 0;
  font-size: ${theme.fontSizes.body};
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const detailStyles = css`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.small};
  overflow-wrap: anywhere;
`;

const badgesStyles = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.375rem;
  margin-top: 0.25rem;
`;

const actionsStyles = css`
  display: flex;
  gap: 0.5rem;
`;

interface SubmissionListItemProps {
  submission: SubmissionResponse;
  /** Where focus goes once this item has been deleted (its own buttons are gone then). */
  focusAfterDelete: RefObject<HTMLElement | null>;
}

/** One submission in the list: who, which image, when, badges, notes, View and Delete. */
export function SubmissionListItem({ submission, focusAfterDelete }: SubmissionListItemProps) {
  const words = useT();
  const { t } = words;
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const who = submitterName(submission, words);
  const imageName = submissionImageName(submission, words);
  return (
    <li css={itemStyles}>
      <div css={mainStyles}>
        <h2 css={nameStyles}>{who}</h2>
        <p css={detailStyles}>
          {imageName} ·{' '}
          <time dateTime={submission.submittedAt}>{formatSubmittedAt(submission.submittedAt, words)}</time>
        </p>
        <div css={badgesStyles}>
          <Badge tone={STATUS_BADGE_TONES[submission.status]}>{statusText(submission.status, words)}</Badge>
          {submission.confidence !== null && (
            <Badge tone="neutral">{confidenceText(submission.confidence, words)}</Badge>
          )}
        </div>
        {submission.notes && <p css={detailStyles}>{t('progress.submissions.notes', { notes: submission.notes })}</p>}
      </div>
      <div css={actionsStyles}>
        <Link
          to="/submissions/$submissionId"
          params={{ submissionId: String(submission.id) }}
          css={buttonStyles('secondary')}
        >
          {t('progress.submissions.view')}
        </Link>
        <Button
          variant="danger"
          onClick={(event) => {
            returnFocus.current = event.currentTarget;
            setConfirmingDelete(true);
          }}
        >
          {t('common.delete')}
        </Button>
      </div>
      <DeleteSubmissionDialog
        submission={submission}
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        returnFocusTo={returnFocus}
        onDeleted={() => {
          returnFocus.current = focusAfterDelete.current;
        }}
      />
    </li>
  );
}
