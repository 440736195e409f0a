/** The data-entry page's reads: the form with the caller's standing, and the next image to do. */
import type {
  EntryClosedReason,
  EntryImageSummary,
  EntryResponse,
  NextImageResponse,
} from '@formscribe/common/schemas/submission';
import type { Form, FormImage } from '../models/index.ts';
import { imageNumber } from '../services/images/imagePages.ts';
import { imageProxyUrl, thumbnailProxyUrl } from '../services/images/imageUrls.ts';
import { type FormViewer, presentForm } from './presentForm.ts';
import { presentImage } from './presentImage.ts';

/** Just what Previous/Next needs of an image; the full state comes with the image itself. */
export function presentEntryImageSummary(image: FormImage): EntryImageSummary {
  return {
    id: image.id,
    number: imageNumber(image),
    originalName: image.originalName,
    publicUrl: image.publicUrl ?? imageProxyUrl(image.filename),
    thumbnailUrl: image.thumbnailFilename ? thumbnailProxyUrl(image.thumbnailFilename) : imageProxyUrl(image.filename),
    rotation: image.rotation,
    isComplete: image.isComplete,
    entryCount: image.entryCount,
  };
}

/** `images` are the first of the form's images in upload order, so their numbers follow their index. */
export function presentEntry(
  form: Form,
  viewer: FormViewer,
  standing: {
    images: FormImage[];
    totalImages: number;
    isBlocked: boolean;
    entryClosedReason: EntryClosedReason | null;
  },
): EntryResponse {
  return {
    form: presentForm(form, viewer),
    images: standing.images.map(presentEntryImageSummary),
    totalImages: standing.totalImages,
    isBlocked: standing.isBlocked,
    entryClosedReason: standing.entryClosedReason,
  };
}

export function presentNextImage(
  form: Form,
  viewer: FormViewer,
  next: { image: FormImage; remainingCount: number },
  contributorColumns: readonly string[] = [],
): NextImageResponse {
  const { remainingCount } = next;
  return {
    form: presentForm(form, viewer),
    // What the image shows everyone entering it, whoever asks: the catalogue columns contributors see.
    image: presentImage(next.image, undefined, 'contributor', contributorColumns),
    remainingCount,
    message: `${remainingCount} image${remainingCount === 1 ? '' : 's'} left for you`,
  };
}
