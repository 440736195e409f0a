/**
 * The entry flow's timing (spec sections 4 and 9) and the words for its failures (spec
 * section 8), kept apart from the components so both variants and the tests share them. The
 * words are looked up when a toast is made (currentTranslator), so they are in the language in
 * use at that moment, not the one of the page's first load.
 */
import { errorStatusCode, extractServerMessage, rawErrorMessage } from '@formscribe/common/errorMessages';
import { currentTranslator } from '../../i18n/localeStore.ts';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
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

/**
 * A failed submission: a duplicate reads 'Already Submitted'; anything else 'Submission failed',
 * with the server's own words when it refused the entry (400, 403) and a general line otherwise.
 */
export function submissionErrorToast(error: unknown): ToastOptions {
  const { t } = currentTranslator();
  // The server's English words, whatever language the reader has: it is how a duplicate is told.
  if (/already submitted/i.test(rawErrorMessage(error))) {
    return {
      title: t('entry.toast.alreadySubmittedTitle'),
      description: t('entry.toast.alreadySubmitted'),
      variant: 'destructive',
    };
  }
  const status = errorStatusCode(error);
  const serverMessage = status === 400 || status === 403 ? extractServerMessage(error) : '';
  return {
    title: t('entry.toast.submissionFailedTitle'),
    description:
      serverMessage && serverMessage.length <= 100
        ? translateServerMessage(serverMessage)
        : t('entry.toast.submissionFailed'),
    variant: 'destructive',
  };
}

export function voteFailedToast(): ToastOptions {
  const { t } = currentTranslator();
  return { title: t('entry.toast.voteFailedTitle'), description: t('entry.toast.voteFailed'), variant: 'destructive' };
}

export function rotationFailedToast(): ToastOptions {
  const { t } = currentTranslator();
  return { title: t('entry.toast.errorTitle'), description: t('entry.toast.rotationFailed'), variant: 'destructive' };
}

export function nextImageFailedToast(): ToastOptions {
  const { t } = currentTranslator();
  return {
    title: t('entry.imageLoadError.title'),
    description: t('entry.imageLoadError.nextFailed'),
    variant: 'destructive',
  };
}

/** Submit with a broken value not marked: the rule, and the way to keep the value if the page says it. */
export function ruleBreakToast(message: string): ToastOptions {
  const { t } = currentTranslator();
  return {
    title: t('entry.toast.ruleBreakTitle'),
    description: t('entry.toast.ruleBreak', { rule: translateServerMessage(message).replace(/[.\s]+$/, '') }),
  };
}

export function missingRequiredToast(labels: readonly string[]): ToastOptions {
  const { t, list } = currentTranslator();
  // 'unit' lists join with commas alone in English ('Surname, Parish'), as the spec words it.
  return {
    title: t('entry.toast.missingRequiredTitle'),
    description: t('entry.toast.missingRequired', { fields: list(labels, { type: 'unit' }) }),
    variant: 'destructive',
  };
}

/** 'You voted: No Data (3 votes)', the spec's wording; `kindLabel` is already translated. */
export function votedLabel(kindLabel: string, voteCount: number): string {
  return currentTranslator().t('entry.votes.voted', { kind: kindLabel, count: voteCount });
}
