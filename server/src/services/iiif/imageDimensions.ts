/**
 * The pixel size of a stored image, which a IIIF canvas must state. Uploads record it on the row
 * (the image pipeline's `size`, from the header or the encoder); rows older than that column get it
 * here the first time a manifest needs it (`fillMissingSizes`): only the file's first bytes are
 * read, since a JPEG's or PNG's header says its size near the start, and the answer is kept on the
 * row so no file is read twice.
 */
import type { Readable } from 'node:stream';
import type { AppDeps } from '../../appTypes.ts';
import { FormImage } from '../../models/index.ts';
import { type PixelSize, storedImageSize } from '../images/imageWork.ts';
import { fileStorage } from '../storage/fileStorage.ts';

/** How much of a file is read before its header is tried again (an ICC profile may come first). */
const HEADER_STEP_BYTES = 64 * 1024;
/** Legacy files read at once while a manifest fills sizes in: a bounded share of storage's attention. */
const PARALLEL_READS = 4;

/** Reads the stream until its header tells the size, then stops reading. */
async function sizeFromStream(stream: Readable): Promise<PixelSize | undefined> {
  const chunks: Buffer[] = [];
  let read = 0;
  let triedAt = 0;
  try {
    for await (const chunk of stream) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      chunks.push(bytes);
      read += bytes.length;
      if (read - triedAt < HEADER_STEP_BYTES) continue;
      triedAt = read;
      const size = await storedImageSize(Buffer.concat(chunks));
      if (size) return size;
    }
    return read > triedAt ? storedImageSize(Buffer.concat(chunks)) : undefined;
  } finally {
    stream.destroy();
  }
}

async function sizeOfStoredFile(deps: AppDeps, filename: string): Promise<PixelSize | undefined> {
  const stream = await fileStorage(deps.config).openRead('images', filename);
  return stream ? sizeFromStream(stream) : undefined;
}

/**
 * Gives every image of the list its size, reading the files of those without one and storing
 * what they say. An image whose file cannot be read keeps null (the manifest leaves it out).
 */
export async function fillMissingSizes(deps: AppDeps, images: readonly FormImage[]): Promise<void> {
  const missing = images.filter((image) => image.width === null || image.height === null);
  for (let start = 0; start < missing.length; start += PARALLEL_READS) {
    await Promise.all(
      missing.slice(start, start + PARALLEL_READS).map(async (image) => {
        const size = await sizeOfStoredFile(deps, image.filename).catch((error: unknown) => {
          deps.logger.warn({ err: error, imageId: image.id }, 'could not read the size of a stored image');
          return undefined;
        });
        if (!size) return;
        await FormImage.query(deps.knex).where({ id: image.id }).patch(size);
        image.width = size.width;
        image.height = size.height;
      }),
    );
  }
}
