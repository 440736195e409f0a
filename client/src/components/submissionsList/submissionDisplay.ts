/**
 * How a submission's submitter, time, status and confidence read, on the detail page and in the
 * list, in the language in use: components pass their translator (useT) so they re-render with it.
 */
import type { Translator } from '@formscribe/common/i18n/translator';
import type { SubmissionResponse } from '@formscribe/common/schemas/submission';
import { currentTranslator } from '../../i18n/localeStore.ts';
import type { MessageKey } from '../../i18n/messageKeys.ts';
import type { BadgeTone } from '../ui/Badge.tsx';

type Words = Translator<MessageKey>;

/**
 * The account's e-mail, else the e-mail given with the submission, else 'Deleted user': every
 * entry is made signed in, so an entry without either outlived its account.
 */
export function submitterName(
  submission: Pick<SubmissionResponse, 'user' | 'submittedByEmail'>,
  words: Words = currentTranslator(),
): string {
  return submission.user?.username || submission.submittedByEmail || words.t('progress.submission.deletedUser');
}

export function formatSubmittedAt(iso: string, words: Words = currentTranslator()): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : words.date(date, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The image's name, or its number when the image is gone ('Image #12'). */
export function submissionImageName(
  submission: Pick<SubmissionResponse, 'image' | 'imageId'>,
  words: Words = currentTranslator(),
): string {
  return submission.image?.originalName ?? words.t('progress.submission.imageNumber', { number: submission.imageId });
}

export const STATUS_BADGE_TONES: Record<SubmissionResponse['status'], BadgeTone> = {
  draft: 'muted',
  completed: 'success',
  submitted: 'primary',
};

export function statusText(status: SubmissionResponse['status'], words: Words = currentTranslator()): string {
  return words.t('progress.submission.status', { status });
}

/** Confidence as a percent; stored either as a fraction (0.85) or as a percent (85). */
export function confidenceText(confidence: number, words: Words = currentTranslator()): string {
  const percent = confidence <= 1 ? confidence * 100 : confidence;
  return words.t('progress.submission.confidence', { share: Math.round(percent) / 100 });
}
