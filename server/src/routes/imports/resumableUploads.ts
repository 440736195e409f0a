/**
 * Resumable uploads (tus) of the files an import starts from, for the form's managers:
 * `POST /api/forms/:id/uploads` creates one, `HEAD`, `PATCH` and `DELETE` on
 * `/api/forms/:id/uploads/:uploadId` ask its offset, send a chunk and abandon it; the same under
 * `/api/v1/forms/:id/uploads` for API tokens that may write. The last PATCH answers `Import-Id`.
 *
 * POST, PATCH and DELETE are declared routes (contracts in common/src/api/imports.ts). HEAD is
 * tus's own method, which a contract cannot name: it is mounted on `resumableUploadsRouter` with
 * the same checks in the same order (`withManagedForm`), as are the /api/v1 twins, which take an
 * API token instead of the session.
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
import { importsApi } from '@formscribe/common/api/imports';
import { routerPath } from '@formscribe/common/api/routeContract';
import { v1ResumableUploadDocs } from '@formscribe/common/api/v1';
import Router, { type RouterContext } from '@koa/router';
import type { z } from 'zod';
import type { AppContext, AppContextExtras, AppState } from '../../appTypes.ts';
import { HttpError, notFound } from '../../errors.ts';
import { apiTokenAuth } from '../../middlewares/apiToken.ts';
import { parseInput } from '../../middlewares/validate.ts';
import type { Form, User } from '../../models/index.ts';
import { loadManagedForm } from '../../policies/forms.ts';
import { requireUser } from '../../policies/signedIn.ts';
import { MEGABYTE } from '../../services/images/imageErrors.ts';
import { assertRoomForAnotherImage, findFormOwner } from '../../services/images/uploadLimits.ts';
import { containerSizeLimitBytes } from '../../services/imports/containerLimits.ts';
import { uploadIdBelongsTo } from '../../services/imports/resumableUploadNames.ts';
import type { UploadScope } from '../../services/imports/resumableUploadServer.ts';
import { route, routeServedElsewhere } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';

type UploadContext = RouterContext<AppState, AppContextExtras>;

/** HEAD (tus's own method) and the /api/v1 twins: mounted here, not through route(). */
export const resumableUploadsRouter = new Router<AppState, AppContextExtras>();

export const RESUMABLE_UPLOAD_ERRORS = {
  lengthRequired:
    'Send the file’s size in Upload-Length: uploads of unknown length (Upload-Defer-Length) are not accepted',
  notFound: 'Upload not found',
} as const;

const formParamsSchema = importsApi.createUpload.params;
const uploadParamsSchema = importsApi.sendUploadChunk.params;
type UploadParams = z.output<typeof uploadParamsSchema>;

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

/** The form (its manager policy ran), its owner and the size the owner's plan allows. */
async function scopeFor(ctx: AppContext, uploader: User, form: Form): Promise<UploadScope> {
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

export async function createUploadHandler(ctx: AppContext, { user, resource: form }: { user: User; resource: Form }) {
  const scope = await scopeFor(ctx, user, form);
  // An inactive or full form takes no import, as it takes no image (imageUploads.ts).
  assertRoomForAnotherImage(scope.form, scope.owner);
  assertUploadLength(ctx, scope);
  await handOver(ctx, scope);
}

export async function continueUploadHandler(
  ctx: AppContext,
  { user, params, resource: form }: { user: User; params: UploadParams; resource: Form },
) {
  if (!uploadIdBelongsTo(params.uploadId, form.id, user.id)) throw notFound(RESUMABLE_UPLOAD_ERRORS.notFound);
  await handOver(ctx, await scopeFor(ctx, user, form));
}

/** What route() does for a declared route, for those mounted here: the caller, the path, the manager policy. */
function withManagedForm<Params extends { id: number }>(
  paramsSchema: z.ZodType<Params>,
  handler: (ctx: AppContext, input: { user: User; params: Params; resource: Form }) => Promise<void>,
) {
  return async (ctx: UploadContext) => {
    const user = requireUser(ctx);
    const params = parseInput(paramsSchema, ctx.params);
    await handler(ctx, { user, params, resource: await loadManagedForm(ctx, user, params.id) });
  };
}

// The app's own pages: the cookie session.
route(importsApi.createUpload, { policy: managedForm }, createUploadHandler);
route(importsApi.sendUploadChunk, { policy: managedForm }, continueUploadHandler);
route(importsApi.abandonUpload, { policy: managedForm }, continueUploadHandler);
resumableUploadsRouter.head(
  routerPath(importsApi.sendUploadChunk.path),
  withManagedForm(uploadParamsSchema, continueUploadHandler),
);

// Scripts: a token that may write (apiTokenAuth drops any cookie session and sets the token's owner).
// Declared from common/src/api/v1.ts (v1ResumableUploadDocs): gated, walked and documented like the rest.
routeServedElsewhere(v1ResumableUploadDocs.startUpload, { token: 'read_write', policy: managedForm });
routeServedElsewhere(v1ResumableUploadDocs.sendUploadChunk, { token: 'read_write', policy: managedForm });
routeServedElsewhere(v1ResumableUploadDocs.abandonUpload, { token: 'read_write', policy: managedForm });
const writeToken = apiTokenAuth('read_write');
resumableUploadsRouter.post(
  '/api/v1/forms/:id/uploads',
  writeToken,
  withManagedForm(formParamsSchema, createUploadHandler),
);
resumableUploadsRouter.register(
  '/api/v1/forms/:id/uploads/:uploadId',
  ['HEAD', 'PATCH', 'DELETE'],
  [writeToken, withManagedForm(uploadParamsSchema, continueUploadHandler)],
);
