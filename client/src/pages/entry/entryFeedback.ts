/**
 * The entry flow's timing (spec sections 4 and 9) and the words for its failures (spec
 * section 8), kept apart from the components so both variants and the tests share them.
 */
import { errorStatusCode, extractServerMessage, rawErrorMessage } from '@formscribe/common/errorMessages';
import type { ToastOptions } from '../../stores/toastStore.ts';

export type EntryVariant = 'entry' | 'queue';

export const POST_SUBMIT_DELAY_MS = 2000;
/** The queue moves on sooner when the entry held nothing. */
export const QUEUE_EMPTY_SUBMIT_DELAY_MS = 500;
export const POST_VOTE_DELAY_MS = 1500;
export const QUEUE_POST_VOTE_DELAY_MS = 1000;
export const CONFETTI_DURATION_MS = 3000;
/** Edits count as unsaved (the page warns before closing) until this long after the last one. */
export const UNSAVED_EDITS_TTL_MS = 30_000;

export function postSubmitDelayMs(variant: EntryVariant, filled: boolean): number {
  return variant === 'queue' && !filled ? QUEUE_EMPTY_SUBMIT_DELAY_MS : POST_SUBMIT_DELAY_MS;
}

export function postVoteDelayMs(variant: EntryVariant): number {
  return variant === 'queue' ? QUEUE_POST_VOTE_DELAY_MS : POST_VOTE_DELAY_MS;
}

export const SUBMISSION_FAILED_DESCRIPTION = 'An error occurred during submission';

/**
 * A failed submission: a duplicate reads 'Already Submitted'; anything else 'Submission failed',
 * with the server's own words when it refused the entry (400, 403) and a general line otherwise.
 */
export function submissionErrorToast(error: unknown): ToastOptions {
  if (/already submitted/i.test(rawErrorMessage(error))) {
    return {
      title: 'Already Submitted',
      description: 'You have already submitted data for this image.',
      variant: 'destructive',
    };
  }
  const status = errorStatusCode(error);
  const serverMessage = status === 400 || status === 403 ? extractServerMessage(error) : '';
  return {
    title: 'Submission failed',
    description: serverMessage && serverMessage.length <= 100 ? serverMessage : SUBMISSION_FAILED_DESCRIPTION,
    variant: 'destructive',
  };
}

export const VOTE_FAILED_TOAST: ToastOptions = {
  title: 'Vote Failed',
  description: 'Failed to record your vote',
  variant: 'destructive',
};

export const ROTATION_FAILED_TOAST: ToastOptions = {
  title: 'Error',
  description: 'Failed to save image rotation',
  variant: 'destructive',
};

export const NEXT_IMAGE_FAILED_TOAST: ToastOptions = {
  title: 'Error loading image',
  description: 'Failed to load next image',
  variant: 'destructive',
};

export const RULE_BREAK_TITLE = 'A value breaks a rule of this form';

/** Submit with a broken value not marked: the rule, and the way to keep the value if the page says it. */
export function ruleBreakToast(message: string): ToastOptions {
  return {
    title: RULE_BREAK_TITLE,
    description: `${message.replace(/[.\s]+$/, '')}. If the page really says this, tick "As written on the page".`,
  };
}

export const MISSING_REQUIRED_TITLE = 'Missing required fields';

export function missingRequiredToast(labels: readonly string[]): ToastOptions {
  return { title: MISSING_REQUIRED_TITLE, description: `Please fill in: ${labels.join(', ')}`, variant: 'destructive' };
}

/** 'You voted: No Data (3 votes)', the spec's wording. */
export function votedLabel(kindLabel: string, voteCount: number): string {
  return `You voted: ${kindLabel} (${voteCount} ${voteCount === 1 ? 'vote' : 'votes'})`;
}
