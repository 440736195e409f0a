/**
 * How each server event changes what the query cache holds: pure functions from the old
 * cached value and the event to the new value (undefined: leave the cache alone).
 */

import { entryClosedReason } from '@formscribe/common/entryAccess';
import type {
  FormProgressEvent,
  FormSettingsEvent,
  VerifiedFieldsEvent,
  VoteCountEvent,
} from '@formscribe/common/realtime';
import type { FormListItem, FormResponse, ImageResponse, ImagesPageResponse } from '@formscribe/common/schemas/form';
import type { EntryResponse, VoteStatusResponse } from '@formscribe/common/schemas/submission';

export function withFormProgress(list: FormListItem[] | undefined, event: FormProgressEvent) {
  return list?.map((form) =>
    form.id === event.formId
      ? { ...form, totalImages: event.totalImages, completedImages: event.completedImages }
      : form,
  );
}

export function withFormSettings<T extends FormResponse>(form: T | undefined, event: FormSettingsEvent): T | undefined {
  return form && form.id === event.formId ? { ...form, ...event.form } : form;
}

export function withFormSettingsInList(list: FormListItem[] | undefined, event: FormSettingsEvent) {
  return list?.map((form) => (form.id === event.formId ? { ...form, ...event.form } : form));
}

/** The entry page learns live that data entry was paused or the form deactivated. */
export function withEntrySettings(entry: EntryResponse | undefined, event: FormSettingsEvent) {
  if (!entry || entry.form.id !== event.formId) return entry;
  const form = { ...entry.form, ...event.form };
  return { ...entry, form, entryClosedReason: entryClosedReason(form, entry.isBlocked) } satisfies EntryResponse;
}

export function withImageInPage(page: ImagesPageResponse | undefined, image: ImageResponse) {
  if (!page?.images.some((i) => i.id === image.id)) return page;
  return { ...page, images: page.images.map((i) => (i.id === image.id ? image : i)) };
}

export function withVerifiedFields(image: ImageResponse | undefined, event: VerifiedFieldsEvent) {
  if (!image || image.id !== event.imageId) return image;
  return { ...image, fieldVerificationStatus: event.fieldVerificationStatus, isComplete: event.isComplete };
}

export function withVoteCount(status: VoteStatusResponse | undefined, event: VoteCountEvent) {
  return status ? { ...status, voteCount: event.voteCount } : status;
}
