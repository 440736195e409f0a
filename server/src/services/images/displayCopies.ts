/**
 * Display-size copies of image originals, for the entry page's viewer. A phone photo or a
 * 300 dpi scan is 2–10 MB, which alone takes longer than the page's 2.5 s budget on a slow
 * phone connection, while the viewer shows it a few hundred pixels wide until someone zooms in
 * far (then the client asks for the original). A copy is an AVIF for a browser that says it shows
 * one (about a quarter smaller than the WebP of a scan at the same look, made as fast: the
 * encoder's quickest setting), else a WebP (a sixth smaller than a JPEG of the same quality; every
 * browser we support shows it), at most as wide as one of the fixed
 * DISPLAY_WIDTHS (common/displayCopies.ts: 800 for phones, 1600) and at most 1600 px tall, made
 * on first request (uploads stay as fast as before: B5) and stored in the `displays`
 * area under the original's id, on local disk or in the bucket like every other file. It is
 * removed with its image (formFiles.ts) and swept when its image's row is gone (storageSweeper.ts).
 *
 * Two requests racing for a missing copy both make it; the write is atomic, so either wins and
 * both are served a whole file. Within one process they share the work.
 */
import type { DisplayWidth } from '@formscribe/common/displayCopies';
import type { FileStorage, StoredFileInfo } from '../storage/fileStorageTypes.ts';
import { readStoredFile } from '../storage/readStoredFile.ts';
import { type DisplayFormat, displayCopyName } from '../storage/storedNames.ts';
import { imageErrorFromSharp } from './imageErrors.ts';
import { imageWork, openImage, STREAMING_JOB_BYTES } from './imageWork.ts';

export const DISPLAY_MAX_SIDE = 1600;
/**
 * Text on a page at each format's setting: these two look alike on a scan, at about 50 kB (AVIF)
 * and 68 kB (WebP) for an A4 page 800 px wide. AVIF's effort 0 encodes in the time WebP takes
 * (about 65 ms for that page), so a crowd opening new images costs no more CPU than before.
 */
const ENCODINGS = {
  avif: { quality: 50, effort: 0 },
  webp: { quality: 80 },
} as const satisfies Record<DisplayFormat, object>;

/**
 * AVIF only for a request that names it among the types it accepts (Koa's `ctx.accepts()`, by
 * preference, without those it refuses with `q=0`), as browsers that show AVIF do for images; a
 * wildcard alone (curl, fetch) gets the WebP every browser shows.
 */
export function displayFormatFor(acceptedTypes: readonly string[]): DisplayFormat {
  return acceptedTypes.includes('image/avif') ? 'avif' : 'webp';
}

/** Copies being made in this process, by name: whether the original was there to make it from. */
const inProgress = new Map<string, Promise<boolean>>();

/** The copy's bytes: the original shrunk to fit `width` × 1600 (never enlarged), flattened on white. */
export async function makeDisplayCopy(original: Buffer, width: DisplayWidth, format: DisplayFormat): Promise<Buffer> {
  try {
    return await imageWork.run(STREAMING_JOB_BYTES, () => {
      const shrunk = openImage(original)
        .resize({ width, height: DISPLAY_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' });
      return (format === 'avif' ? shrunk.avif(ENCODINGS.avif) : shrunk.webp(ENCODINGS.webp)).toBuffer();
    });
  } catch (error) {
    throw imageErrorFromSharp(error);
  }
}

/**
 * Makes sure the display copy of the original stored as `originalName` at `width` in `format`
 * exists and returns its name in the `displays` area with what storage says of it (for the ETag),
 * or undefined when the original itself is missing.
 */
export async function ensureDisplayCopy(
  storage: FileStorage,
  originalName: string,
  width: DisplayWidth,
  format: DisplayFormat,
): Promise<{ name: string; info: StoredFileInfo } | undefined> {
  const name = displayCopyName(originalName, width, format);
  const existing = await storage.stat('displays', name);
  if (existing) return { name, info: existing };
  let work = inProgress.get(name);
  if (!work) {
    work = (async () => {
      const original = await readStoredFile(storage, 'images', originalName);
      if (!original) return false;
      await storage.write('displays', name, await makeDisplayCopy(original, width, format));
      return true;
    })().finally(() => inProgress.delete(name));
    inProgress.set(name, work);
  }
  if (!(await work)) return undefined;
  const made = await storage.stat('displays', name);
  return made && { name, info: made };
}
