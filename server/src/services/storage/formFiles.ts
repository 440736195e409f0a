/**
 * Removing the files behind rows, called after the rows are gone (deleted image, deleted form,
 * replaced logo). Files already missing are fine. These reject when the storage fails; callers
 * log that and carry on: an orphan file is better than a broken row.
 */
import type { Form, FormImage } from '../../models/index.ts';
import { fileStorage, type StorageConfig } from './fileStorage.ts';
import { displayCopyNames, type StorageArea } from './storedNames.ts';

export type ImageFileNames = Pick<FormImage, 'filename' | 'thumbnailFilename'>;

export async function removeStoredFiles(config: StorageConfig, area: StorageArea, names: readonly (string | null)[]) {
  const present = names.filter((name): name is string => Boolean(name));
  if (present.length) await fileStorage(config).remove(area, present);
}

/** The original, thumbnail and display copy of one image. */
export async function removeImageFiles(config: StorageConfig, image: ImageFileNames): Promise<void> {
  await removeFormFiles(config, { logoFilename: null }, [image]);
}

/**
 * Every file of a form: its images' originals, thumbnails and display copies and its logo. For the form
 * delete: read the images' names before deleting the form (the rows cascade away), then call
 * this after the delete commits.
 */
export async function removeFormFiles(
  config: StorageConfig,
  form: Pick<Form, 'logoFilename'>,
  images: readonly ImageFileNames[],
): Promise<void> {
  const results = await Promise.allSettled([
    removeStoredFiles(
      config,
      'images',
      images.map((image) => image.filename),
    ),
    removeStoredFiles(
      config,
      'thumbnails',
      images.map((image) => image.thumbnailFilename),
    ),
    // Display copies are made on first view; removing one that was never made is no error.
    removeStoredFiles(
      config,
      'displays',
      images.flatMap((image) => displayCopyNames(image.filename)),
    ),
    removeStoredFiles(config, 'logos', [form.logoFilename]),
  ]);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}
