/**
 * The only way to files: image originals, display-size copies and thumbnails for users who may
 * see the image's form (anyone else, and any name storage did not make, gets a 404), and logos
 * for everyone but only when some form uses them. Stored files never change, so ETags make
 * repeat views cheap.
 */
import { imagesApi } from '@formscribe/common/api/images';
import { MESSAGES } from '@formscribe/common/messages';
import type { AppContext } from '../../appTypes.ts';
import { notFound } from '../../errors.ts';
import { displayFormatFor, ensureDisplayCopy } from '../../services/images/displayCopies.ts';
import { isFormLogo } from '../../services/images/formLogos.ts';
import { fileStorage } from '../../services/storage/fileStorage.ts';
import type { StoredFileInfo } from '../../services/storage/fileStorageTypes.ts';
import { contentTypeOfStoredName, type StorageArea } from '../../services/storage/storedNames.ts';
import { route } from '../declared/declareRoute.ts';
import { storedImageFile } from '../declared/imagePolicies.ts';

export const PRIVATE_CACHE = 'private, max-age=3600';
const PUBLIC_CACHE = 'public, max-age=3600';

/**
 * RFC 9110 If-None-Match (weak comparison). Koa's `ctx.fresh` is not used: it never answers 304
 * to a request carrying `Cache-Control: no-cache`, which fetch() adds to every conditional request.
 */
function matchesIfNoneMatch(header: string, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

function missingFile(ctx: AppContext, area: StorageArea, name: string) {
  ctx.log.warn({ area, name }, 'stored file missing for an existing row');
  return notFound(MESSAGES.fileNotFound);
}

/**
 * Streams a stored file with its type, cache policy and ETag (304 when the caller has it already).
 * A storage that does not answer rejects with a 503 (StorageUnavailableError) before any byte is sent.
 * `known` is the file's stat when the caller has just read it (no second round trip to storage).
 */
export async function sendStoredFile(
  ctx: AppContext,
  area: StorageArea,
  name: string,
  cacheControl: string,
  known?: StoredFileInfo,
) {
  const storage = fileStorage(ctx.deps.config);
  const info = known ?? (await storage.stat(area, name));
  if (!info) throw missingFile(ctx, area, name);
  const etag = `"${info.size.toString(16)}-${info.modifiedAt.getTime().toString(16)}"`;
  const notModified = matchesIfNoneMatch(ctx.get('If-None-Match'), etag);
  // Opened before any header is set, so a failure answers with nothing of the file's headers.
  const body = notModified ? undefined : await storage.openRead(area, name);
  if (!notModified && !body) throw missingFile(ctx, area, name);
  ctx.status = 200;
  ctx.type = contentTypeOfStoredName(name);
  ctx.set('Cache-Control', cacheControl);
  ctx.etag = etag;
  ctx.lastModified = info.modifiedAt;
  if (notModified) {
    ctx.status = 304;
    return;
  }
  ctx.length = info.size;
  ctx.body = body;
}

route(imagesApi.imageFile, { policy: storedImageFile('images') }, async (ctx, { params }) => {
  await sendStoredFile(ctx, 'images', params.filename, PRIVATE_CACHE);
});

route(imagesApi.thumbnailFile, { policy: storedImageFile('thumbnails') }, async (ctx, { params }) => {
  await sendStoredFile(ctx, 'thumbnails', params.filename, PRIVATE_CACHE);
});

/**
 * The original named by `filename`, at most `?w=` px wide (800 or 1600, the default) and 1600 px
 * tall, as an AVIF when the browser takes one and a WebP otherwise (displayCopies.ts): what the
 * entry page shows until someone zooms in past it. Same access rule as the original.
 */
route(imagesApi.displayCopy, { policy: storedImageFile('images') }, async (ctx, { params, query }) => {
  const accepted = ctx.accepts();
  const format = displayFormatFor(Array.isArray(accepted) ? accepted : []);
  const copy = await ensureDisplayCopy(fileStorage(ctx.deps.config), params.filename, query.w, format);
  if (!copy) throw missingFile(ctx, 'images', params.filename);
  // The same URL is an AVIF or a WebP by what the browser accepts: caches keep one of each.
  ctx.vary('Accept');
  await sendStoredFile(ctx, 'displays', copy.name, PRIVATE_CACHE, copy.info);
});

route(
  imagesApi.logoFile,
  { public: 'logos are public, and only names some form uses are served' },
  async (ctx, { params }) => {
    if (!(await isFormLogo(params.filename))) throw notFound(MESSAGES.logoNotFound);
    await sendStoredFile(ctx, 'logos', params.filename, PUBLIC_CACHE);
  },
);
