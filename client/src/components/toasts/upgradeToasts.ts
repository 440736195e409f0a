/**
 * Turning the server's plan-limit and permission answers into the toasts of spec section 8.
 * Each mapper is pure (error in, toast options out) so the wording can be tested on its own;
 * the caller passes `goTo`, which the toast's action button uses to leave the page. The words are
 * the language in use when the toast is raised (currentTranslator), and the server's own words are
 * translated from the errors catalogue.
 */
import {
  ERROR_TEXT_CUTOFF,
  errorResponseBody,
  errorStatusCode,
  extractServerMessage,
} from '@formscribe/common/errorMessages';
import { MESSAGES } from '@formscribe/common/messages';
import { FREE_PLAN } from '@formscribe/common/plans';
import { currentTranslator } from '../../i18n/localeStore.ts';
import { errorText, translateServerMessage } from '../../i18n/serverMessages.ts';
import { LONG_TOAST_DURATION_MS, type ToastOptions } from '../../stores/toastStore.ts';

/** Where a toast's action may send the user. */
export type ToastDestination = '/billing' | '/profile';
export type GoTo = (destination: ToastDestination) => void;

const upgradeNow = (goTo: GoTo) => ({
  label: currentTranslator().t('app.toast.upgradeNow'),
  onClick: () => goTo('/billing'),
});

/**
 * The server's own words (translated) when they are short enough to show, else `fallback`, which
 * the caller gives in the reader's language. A failure that never reached the server (no status)
 * gets the normalised wording, e.g. the network message.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (errorStatusCode(error) === null && error instanceof TypeError) return errorText(error);
  const message = extractServerMessage(error);
  return message && message.length <= ERROR_TEXT_CUTOFF ? translateServerMessage(message) : fallback;
}

/** The plan's active-form limit, as the toast that asks to create (or activate) more words it. */
function activeFormLimitDescription(error: unknown, purpose: 'create' | 'activate'): string {
  const body = errorResponseBody(error);
  // Answers that do not say fall back to the free plan (spec section 9).
  const values = { limit: body?.limit ?? FREE_PLAN.activeForms, plan: body?.plan ?? FREE_PLAN.id };
  const { t } = currentTranslator();
  return purpose === 'create'
    ? t('app.toast.activeFormLimitCreate', values)
    : t('app.toast.activeFormLimitActivate', values);
}

/** POST /api/forms failed: verify your e-mail, upgrade your plan, or a plain error. */
export function createFormFailureToast(error: unknown, goTo: GoTo): ToastOptions {
  const body = errorResponseBody(error);
  const message = extractServerMessage(error);
  const { t } = currentTranslator();
  if (body?.requiresEmailVerification === true || message === MESSAGES.emailVerificationRequired) {
    return {
      title: t('app.toast.emailVerificationRequired'),
      description: message ? translateServerMessage(message) : t('app.toast.verifyToCreateForms'),
      action: { label: t('app.toast.verifyEmail'), onClick: () => goTo('/profile') },
      durationMs: LONG_TOAST_DURATION_MS,
    };
  }
  const mentionsLimit = message === MESSAGES.activeFormLimitReached || /limit/i.test(message);
  if (body?.upgrade === true || body?.limit !== undefined || mentionsLimit) {
    return {
      title: t('app.toast.upgradeToCreate'),
      description: activeFormLimitDescription(error, 'create'),
      action: upgradeNow(goTo),
      durationMs: LONG_TOAST_DURATION_MS,
    };
  }
  return { title: t('app.toast.error'), description: errorText(error, 'form'), variant: 'destructive' };
}

/**
 * PATCH /api/forms/{id} failed, from the settings dialog or the Active badge: activating past
 * the plan's limit asks for an upgrade, anything else is an 'Error' with `fallback`.
 */
export function formUpdateFailureToast(error: unknown, fallback: string, goTo: GoTo): ToastOptions {
  const body = errorResponseBody(error);
  const message = extractServerMessage(error);
  const overLimit = body?.upgrade === true || message.includes(MESSAGES.activeFormLimitReached);
  const { t } = currentTranslator();
  if (errorStatusCode(error) === 403 && overLimit) {
    return {
      title: t('app.toast.upgradeToActivate'),
      description: activeFormLimitDescription(error, 'activate'),
      action: upgradeNow(goTo),
      durationMs: LONG_TOAST_DURATION_MS,
    };
  }
  return { title: t('app.toast.error'), description: serverMessageOr(error, fallback), variant: 'destructive' };
}

/** One image upload failed: too many images, too large an image, or anything else. */
export function imageUploadFailureToast(error: unknown, goTo: GoTo): ToastOptions {
  const body = errorResponseBody(error);
  const status = errorStatusCode(error);
  const plan = body?.plan ?? FREE_PLAN.id;
  const { t } = currentTranslator();
  if (status === 403 && body?.upgrade === true) {
    const limit = body.limit ?? FREE_PLAN.imagesPerForm;
    return {
      title: t('app.toast.upgradeToUpload'),
      description: t('app.toast.imageCountLimit', { limit, plan }),
      action: upgradeNow(goTo),
      durationMs: LONG_TOAST_DURATION_MS,
    };
  }
  if (status === 413 && body?.upgrade === true) {
    const limit = body.limit ?? FREE_PLAN.imageSizeMb;
    return {
      title: t('app.toast.upgradeForLargerImages'),
      description: t('app.toast.imageSizeLimit', { limit, plan }),
      action: upgradeNow(goTo),
      durationMs: LONG_TOAST_DURATION_MS,
    };
  }
  return {
    title: t('app.toast.uploadFailed'),
    description: serverMessageOr(error, t('app.toast.uploadFailedDescription')),
    variant: 'destructive',
  };
}
