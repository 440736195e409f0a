/**
 * Resumable uploads (tus) of the files an import starts from, for the form's managers:
 * `POST /api/forms/:id/uploads` creates one, `HEAD`, `PATCH` and `DELETE` on
 * `/api/forms/:id/uploads/:uploadId` ask its offset, send a chunk and abandon it; the same under
 * `/api/v1/forms/:id/uploads` for API tokens that may write. The last PATCH answers `Import-Id`.
 *
 * Every request passes the form's manager policy (the one `POST /api/forms/:id/images` uses)
 * before @tus/server sees it, and an upload id names its form and uploader
 * (services/imports/resumableUploadNames.ts): anyone else's id is a 404. Creation is refused up
 * front, as JSON like every other answer of the API, for an inactive or full form and for a
 * length over the owner's plan (413); tus's own answers (offsets, protocol errors) are text.
 *
 * The body is never parsed by the app (middlewares/requestBodyTypes.ts lets it through raw), and
 * the origin check for cookie sessions applies here as everywhere (requestGates.ts).
 */
import { rowIdParamSchema } from '@formscribe/common/schemas/common';
import Router, { type RouterContext } from '@koa/router';
import { z } from 'zod';
import type { AppContext, AppContextExtras, AppState } from '../../appTypes.ts';
import { HttpError, notFound } from '../../errors.ts';
import { apiTokenAuth } from '../../middlewares/apiToken.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import type { User } from '../../models/index.ts';
import { loadManagedForm } from '../../policies/forms.ts';
import { MEGABYTE } from '../../services/images/imageErrors.ts';
import { assertRoomForAnotherImage, findFormOwner } from '../../services/images/uploadLimits.ts';
import { containerSizeLimitBytes } from '../../services/imports/containerLimits.ts';
import { uploadIdBelongsTo } from '../../services/imports/resumableUploadNames.ts';
import type { UploadScope } from '../../services/imports/resumableUploadServer.ts';

type UploadContext = RouterContext<AppState, AppContextExtras>;

export const resumableUploadsRouter = new Router<AppState, AppContextExtras>();

export const RESUMABLE_UPLOAD_ERRORS = {
  lengthRequired:
    'Send the file’s size in Upload-Length: uploads of unknown length (Upload-Defer-Length) are not accepted',
  notFound: 'Upload not found',
} as const;

const formParamsSchema = z.object({ id: rowIdParamSchema });
const uploadParamsSchema = z.object({ id: rowIdParamSchema, uploadId: z.string().max(200) });

/** Sizes as an owner reads them: `500 MB`, `4 GB`. */
export function readableSize(bytes: number): string {
  const megabytes = bytes / MEGABYTE;
  if (megabytes >= 1024) return `${Number((megabytes / 1024).toFixed(1))} GB`;
  return `${Number(megabytes.toFixed(1))} MB`;
}

export function uploadTooLarge(owner: User, size: number, limit: number): HttpError {
  return new HttpError(
    413,
    `This file (${readableSize(size)}) is larger than an import may be: the ${owner.plan} plan accepts files up to ${readableSize(limit)} for this form`,
    { upgrade: true, limit, plan: owner.plan },
  );
}

/** The form (its manager policy, on every request), its owner and the size the owner's plan allows. */
async function scopeFor(ctx: AppContext, uploader: User, formId: number): Promise<UploadScope> {
  const form = await loadManagedForm(ctx, uploader, formId);
  const owner = uploader.id === form.createdById ? uploader : await findFormOwner(form);
  return { deps: ctx.deps, form, owner, uploader, maxBytes: containerSizeLimitBytes(owner) };
}

/** The declared length: required (no deferred length), and within the owner's plan. */
function assertUploadLength(ctx: AppContext, scope: UploadScope): void {
  const declared = ctx.get('Upload-Length');
  if (ctx.get('Upload-Defer-Length') || !/^\d{1,16}$/.test(declared)) {
    throw new HttpError(400, RESUMABLE_UPLOAD_ERRORS.lengthRequired);
  }
  const size = Number(declared);
  if (size > scope.maxBytes) throw uploadTooLarge(scope.owner, size, scope.maxBytes);
}

/** @tus/server answers from here on, on the raw request and response. */
async function handOver(ctx: AppContext, scope: UploadScope): Promise<void> {
  ctx.respond = false;
  // The tus server (and its S3 store) loads with the first upload, not with every process.
  const { handleResumableUpload } = await import('../../services/imports/resumableUploadServer.ts');
  await handleResumableUpload(ctx.req, ctx.res, scope);
}

async function createUpload(ctx: UploadContext, uploader: User): Promise<void> {
  const { id } = parseInput(formParamsSchema, ctx.params);
  const scope = await scopeFor(ctx, uploader, id);
  // An inactive or full form takes no import, as it takes no image (imageUploads.ts).
  assertRoomForAnotherImage(scope.form, scope.owner);
  assertUploadLength(ctx, scope);
  await handOver(ctx, scope);
}

async function continueUpload(ctx: UploadContext, uploader: User): Promise<void> {
  const { id, uploadId } = parseInput(uploadParamsSchema, ctx.params);
  const scope = await scopeFor(ctx, uploader, id);
  if (!uploadIdBelongsTo(uploadId, id, uploader.id)) throw notFound(RESUMABLE_UPLOAD_ERRORS.notFound);
  await handOver(ctx, scope);
}

const CONTINUING = ['HEAD', 'PATCH', 'DELETE'];

// The app's own pages: the cookie session.
resumableUploadsRouter.post('/api/forms/:id/uploads', (ctx) => createUpload(ctx, requireUser(ctx)));
resumableUploadsRouter.register('/api/forms/:id/uploads/:uploadId', CONTINUING, (ctx) =>
  continueUpload(ctx, requireUser(ctx)),
);

// Scripts: a token that may write (apiTokenAuth drops any cookie session and sets the token's owner).
// Documented in the OpenAPI document from common/src/api/v1.ts (v1ResumableUploadDocs).
const writeToken = apiTokenAuth('read_write');
resumableUploadsRouter.post('/api/v1/forms/:id/uploads', writeToken, (ctx) => createUpload(ctx, requireUser(ctx)));
resumableUploadsRouter.register('/api/v1/forms/:id/uploads/:uploadId', CONTINUING, [
  writeToken,
  (ctx) => continueUpload(ctx, requireUser(ctx)),
]);
