/** /api/v1 images: a form's images (cursor pages), one image, its file, and uploads (read-and-write tokens). */
import { idParamSchema } from '@formscribe/common/schemas/common';
import { imageResponseSchema } from '@formscribe/common/schemas/form';
import { cursorPageSchema, cursorQuerySchema } from '@formscribe/common/schemas/v1';
import { parseInput } from '../../middlewares/validate.ts';
import { formRole, loadManagedForm, loadViewableForm } from '../../policies/forms.ts';
import { loadViewableImage } from '../../policies/images.ts';
import { presentImage } from '../../presenters/presentImage.ts';
import { imagesAfter } from '../../services/publicApi/keysetPages.ts';
import { PRIVATE_CACHE, sendStoredFile } from '../images/fileProxies.ts';
import { receiveImageOrContainer } from '../images/imageOrImport.ts';
import { respond } from '../respond.ts';
import { v1Route } from './v1Router.ts';

const imagesPageSchema = cursorPageSchema(imageResponseSchema);

v1Route(
  {
    method: 'get',
    path: '/api/v1/forms/:id/images',
    summary: 'List a form’s images',
    description: 'In upload order (by id), a cursor page at a time. Each image carries its verification state.',
    scope: 'read',
    params: idParamSchema,
    query: cursorQuerySchema,
    response: { schema: imagesPageSchema },
  },
  async (ctx, { user }) => {
    const { id } = parseInput(idParamSchema, ctx.params);
    const query = parseInput(cursorQuerySchema, ctx.query);
    const form = await loadViewableForm(ctx, user, id);
    const page = await imagesAfter(form, query);
    respond(ctx, imagesPageSchema, {
      data: page.rows.map((image) => presentImage(image, undefined, formRole(ctx, user, form))),
      nextCursor: page.nextCursor,
    });
  },
);

v1Route(
  {
    method: 'post',
    path: '/api/v1/forms/:id/images',
    summary: 'Upload an image, or a PDF, TIFF or ZIP to import',
    description:
      'One file in the multipart field `image`, within the owner’s plan limits. A JPG, PNG, HEIC, WebP or AVIF image is stored at once and answered with 201 and the image (HEIC, AVIF and lossy WebP become JPEG, lossless WebP PNG). A PDF, multi-page TIFF or ZIP (folders and nested PDFs or TIFFs inside) starts an import instead: 202 with `{ importId }`; follow it with GET /api/v1/forms/{id}/imports/{importId}. Files larger than the plan’s image size go through the resumable upload endpoint, /api/v1/forms/{id}/uploads (tus).',
    scope: 'read_write',
    params: idParamSchema,
    upload: { field: 'image' },
    response: {
      status: 201,
      description: 'The stored image (or 202 and the import started)',
      schema: imageResponseSchema,
    },
  },
  async (ctx, { user }) => {
    const { id } = parseInput(idParamSchema, ctx.params);
    const form = await loadManagedForm(ctx, user, id);
    await receiveImageOrContainer(ctx, form, user);
  },
);

v1Route(
  {
    method: 'get',
    path: '/api/v1/images/:id',
    summary: 'Get an image',
    scope: 'read',
    params: idParamSchema,
    response: { schema: imageResponseSchema },
  },
  async (ctx, { user }) => {
    const { id } = parseInput(idParamSchema, ctx.params);
    const { image, form } = await loadViewableImage(ctx, user, id);
    respond(ctx, imageResponseSchema, presentImage(image, undefined, formRole(ctx, user, form)));
  },
);

v1Route(
  {
    method: 'get',
    path: '/api/v1/images/:id/file',
    summary: 'Download an image’s file',
    description: 'The stored file (metadata stripped, turned upright). Sends an ETag; If-None-Match answers 304.',
    scope: 'read',
    params: idParamSchema,
    response: { description: 'The image file', contentTypes: ['image/jpeg', 'image/png'] },
  },
  async (ctx, { user }) => {
    const { id } = parseInput(idParamSchema, ctx.params);
    const { image } = await loadViewableImage(ctx, user, id);
    await sendStoredFile(ctx, 'images', image.filename, PRIVATE_CACHE);
  },
);
