/**
 * Turning the server's plan-limit and permission answers into the toasts of spec section 8.
 * Each mapper is pure (error in, toast options out) so the wording can be tested on its own;
 * the caller passes `goTo`, which the toast's action button uses to leave the page.
 */
import {
  ERROR_TEXT_CUTOFF,
  errorResponseBody,
  errorStatusCode,
  extractServerMessage,
  normalizeErrorMessage,
} from '@formscribe/common/errorMessages';
import { MESSAGES } from '@formscribe/common/messages';
import { FREE_PLAN } from '@formscribe/common/plans';
import { LONG_TOAST_DURATION_MS, type ToastOptions } from '../../stores/toastStore.ts';

/** Where a toast's action may send the user. */
export type ToastDestination = '/billing' | '/profile';
export type GoTo = (destination: ToastDestination) => void;

const upgradeNow = (goTo: GoTo) => ({ label: 'Upgrade Now', onClick: () => goTo('/billing') });

/**
 * The server's own words when they are short enough to show, else `fallback`. A failure that
 * never reached the server (no status) gets the normalised wording, e.g. the network message.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (errorStatusCode(error) === null && error instanceof TypeError) return normalizeErrorMessage(error);
  const message = extractServerMessage(error);
  return message && message.length <= ERROR_TEXT_CUTOFF ? message : fallback;
}

function activeFormLimitDescription(error: unknown, ending: string): string {
  const body = errorResponseBody(error);
  // Answers that do not say fall back to the free plan (spec section 9).
  const limit = body?.limit ?? FREE_PLAN.activeForms;
  const plan = body?.plan ?? FREE_PLAN.id;
  return `You've reached your limit of ${limit} active form(s) on the ${plan} plan. ${ending}`;
}

/** POST /api/forms failed: verify your e-mail, upgrade your plan, or a plain error. */
export function createFormFailureToast(error: unknown, goTo: GoTo): ToastOptions {
  const body = errorResponseBody(error);
  const message = extractServerMessage(error);
  if (body?.requiresEmailVerification === true || message === MESSAGES.emailVerificationRequired) {
    return {
      title: 'Email Verification Required',
      description: message || 'You need to verify your email address to create forms.',
      action: { label: 'Verify Email', onClick: () => goTo('/profile') },
      durationMs: LONG_TOAST_DURATION_MS,
    };
  }
  const mentionsLimit = message === MESSAGES.activeFormLimitReached || /limit/i.test(message);
  if (body?.upgrade === true || body?.limit !== undefined || mentionsLimit) {
    return {
      title: 'Upgrade to Create More Forms',
      description: activeFormLimitDescription(error, 'Upgrade to create unlimited forms!'),
      action: upgradeNow(goTo),
      durationMs: LONG_TOAST_DURATION_MS,
    };
  }
  return { title: 'Error', description: normalizeErrorMessage(error, 'form'), variant: 'destructive' };
}

/**
 * PATCH /api/forms/{id} failed, from the settings dialog or the Active badge: activating past
 * the plan's limit asks for an upgrade, anything else is an 'Error' with `fallback`.
 */
export function formUpdateFailureToast(error: unknown, fallback: string, goTo: GoTo): ToastOptions {
  const body = errorResponseBody(error);
  const message = extractServerMessage(error);
  const overLimit = body?.upgrade === true || message.includes(MESSAGES.activeFormLimitReached);
  if (errorStatusCode(error) === 403 && overLimit) {
    return {
      title: 'Upgrade to Activate More Forms',
      description: activeFormLimitDescription(error, 'Upgrade to activate more forms!'),
      action: upgradeNow(goTo),
      durationMs: LONG_TOAST_DURATION_MS,
    };
  }
  return { title: 'Error', description: serverMessageOr(error, fallback), variant: 'destructive' };
}

/** One image upload failed: too many images, too large an image, or anything else. */
export function imageUploadFailureToast(error: unknown, goTo: GoTo): ToastOptions {
  const body = errorResponseBody(error);
  const status = errorStatusCode(error);
  const plan = body?.plan ?? FREE_PLAN.id;
  if (status === 403 && body?.upgrade === true) {
    const limit = body.limit ?? FREE_PLAN.imagesPerForm;
    return {
      title: 'Upgrade to Upload More Images',
      description: `You've reached your limit of ${limit} images per form on the ${plan} plan. Upgrade to upload more images!`,
      action: upgradeNow(goTo),
      durationMs: LONG_TOAST_DURATION_MS,
    };
  }
  if (status === 413 && body?.upgrade === true) {
    const limit = body.limit ?? FREE_PLAN.imageSizeMb;
    return {
      title: 'Upgrade for Larger Images',
      description: `Images on the ${plan} plan must be at most ${limit}MB. Upgrade to upload larger images!`,
      action: upgradeNow(goTo),
      durationMs: LONG_TOAST_DURATION_MS,
    };
  }
  return {
    title: 'Upload failed',
    description: serverMessageOr(error, 'Failed to upload images'),
    variant: 'destructive',
  };
}
