/** How a submission's submitter, time, status and confidence read, on the detail page and in the list. */
import { DELETED_USER_NAME } from '@formscribe/common/displayName';
import type { SubmissionResponse } from '@formscribe/common/schemas/submission';
import type { BadgeTone } from '../ui/Badge.tsx';

/**
 * The account's e-mail, else the e-mail given with the submission, else 'Deleted user': every
 * entry is made signed in, so an entry without either outlived its account.
 */
export function submitterName(submission: Pick<SubmissionResponse, 'user' | 'submittedByEmail'>): string {
  return submission.user?.username || submission.submittedByEmail || DELETED_USER_NAME;
}

const submittedAtFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatSubmittedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : submittedAtFormat.format(date);
}

export const STATUS_BADGE_TONES: Record<SubmissionResponse['status'], BadgeTone> = {
  draft: 'muted',
  completed: 'success',
  submitted: 'primary',
};

/** Confidence as a percent; stored either as a fraction (0.85) or as a percent (85). */
export function confidenceText(confidence: number): string {
  const percent = confidence <= 1 ? confidence * 100 : confidence;
  return `${Math.round(percent)}% confidence`;
}
