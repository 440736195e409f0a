/** Finds the image row behind a stored file name, for the file proxies. */
import { FormImage } from '../../models/index.ts';
import { isStoredName, originalNamesForThumbnail } from '../storage/storedNames.ts';

export type ImageFileKind = 'images' | 'thumbnails';

/** The image whose original (or thumbnail) is stored under `name`, if any. */
export async function findImageByStoredName(kind: ImageFileKind, name: string): Promise<FormImage | undefined> {
  if (!isStoredName(name)) return undefined;
  if (kind === 'images') return FormImage.query().findOne({ filename: name });
  // Through the unique index on filename: a thumbnail shares its original's random id.
  return FormImage.query()
    .whereIn('filename', originalNamesForThumbnail(name))
    .where({ thumbnailFilename: name })
    .first();
}
