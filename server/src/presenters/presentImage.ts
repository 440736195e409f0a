import { imageProgressPercent, isImageComplete, isImageVerified } from '@formscribe/common/imageCompletion';
import type { ImageResponse, ImagesPageResponse } from '@formscribe/common/schemas/form';
import type { RecentlyCompletedImage } from '@formscribe/common/schemas/formStats';
import type { StoredFieldStatus } from '../models/FormImage.ts';
import type { Form, FormImage } from '../models/index.ts';
import type { FormRole } from '../policies/forms.ts';
import { metadataForContributors } from '../services/catalogue/contributorColumns.ts';
import { type ImagePage, imageNumber } from '../services/images/imagePages.ts';
import { imageProxyUrl, thumbnailProxyUrl } from '../services/images/imageUrls.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * An image as the API shows it, with its 1-based `number` in upload order (stored on the row). The stored
 * completion is used unless the form's threshold is given, in which case it is recomputed
 * (for callers that just changed the threshold and have not rewritten the rows yet).
 * Files are only ever reachable through the access-checked proxy URLs. The catalogue's metadata
 * goes whole only to an `owner` viewer (who manages the form); anyone else (answers shared with
 * contributors, rooms) gets only the `contributorColumns` the owner chose, none unless given.
 */
export function presentImage(
  image: FormImage,
  requiredEntriesPerImage?: number,
  viewer: FormRole = 'contributor',
  contributorColumns: readonly string[] = [],
): ImageResponse {
  const isComplete =
    requiredEntriesPerImage === undefined ? image.isComplete : isImageComplete(image, requiredEntriesPerImage);
  return {
    id: image.id,
    formId: image.formId,
    number: imageNumber(image),
    filename: image.filename,
    originalName: image.originalName,
    publicUrl: image.publicUrl ?? imageProxyUrl(image.filename),
    thumbnailUrl:
      image.thumbnailUrl ??
      (image.thumbnailFilename ? thumbnailProxyUrl(image.thumbnailFilename) : imageProxyUrl(image.filename)),
    mimeType: image.mimeType,
    size: image.size,
    rotation: image.rotation,
    manuallyCompleted: image.manuallyCompleted,
    completedAt: iso(image.completedAt),
    exportedAt: iso(image.exportedAt),
    uploadedAt: image.uploadedAt.toISOString(),
    entryCount: image.entryCount,
    submissionCount: image.entryCount,
    verifiedFieldCount: image.verifiedFieldCount,
    totalFieldCount: image.totalFieldCount,
    isComplete,
    isVerified: isImageVerified(image),
    progressPercent: imageProgressPercent(image, isComplete),
    fieldVerificationStatus: verificationStatus(image.fieldStatus ?? {}),
    noDataVoteCount: image.noDataVoteCount,
    unreadableVoteCount: image.unreadableVoteCount,
    source: { fileName: image.sourceFileName, page: image.sourcePage },
    metadata:
      viewer === 'owner' ? (image.metadata ?? {}) : metadataForContributors(image.metadata ?? {}, contributorColumns),
  };
}

/**
 * The stored field status as the API shows it: whether the machine's reading helped settle a field
 * (`machineAssisted`) stays on the server, so a contributor never learns a reading exists (owners
 * read it as the machine reading agreement figure instead). `asWritten` (the agreed value breaks
 * the field's rules, and its entries said the page holds it) is shown when set.
 */
function verificationStatus(stored: Record<string, StoredFieldStatus>): ImageResponse['fieldVerificationStatus'] {
  const shown: ImageResponse['fieldVerificationStatus'] = {};
  for (const [fieldId, { isVerified, verifiedValue, asWritten }] of Object.entries(stored)) {
    shown[fieldId] = asWritten ? { isVerified, verifiedValue, asWritten } : { isVerified, verifiedValue };
  }
  return shown;
}

/** One page of a form's images, each numbered in upload order. */
export function presentImagesPage(
  page: ImagePage,
  viewer: FormRole = 'contributor',
  contributorColumns: readonly string[] = [],
): ImagesPageResponse {
  return {
    images: page.images.map((image) => presentImage(image, undefined, viewer, contributorColumns)),
    total: page.total,
    totalPages: page.totalPages,
  };
}

/** An image on "My Recently Completed Images", with the name of its form. */
export function presentRecentlyCompletedImage(image: FormImage, form?: Form): RecentlyCompletedImage {
  return { ...presentImage(image), formName: form?.name ?? '' };
}
