/**
 * Images: a form's paged list and its uploads, one image (read, neighbours, complete, rotate,
 * delete), the form's logo, and the files themselves (originals, thumbnails, display-size copies
 * and logos), which are served only through these routes.
 */
import { z } from 'zod';
import { displayCopyQuerySchema } from '../displayCopies.ts';
import { idParamSchema } from '../schemas/common.ts';
import {
  formLogoResponseSchema,
  imageResponseSchema,
  imagesPageQuerySchema,
  imagesPageResponseSchema,
  rotateImageRequestSchema,
} from '../schemas/form.ts';
import { imageNeighboursResponseSchema } from '../schemas/submission.ts';
import { defineRoutes } from './routeContract.ts';

/** A stored file's name, as storage made it (a name it did not make is a 404). */
export const storedFileParamSchema = z.object({ filename: z.string() });

const IMAGE_FILE_TYPES = ['image/jpeg', 'image/png'] as const;

export const imagesApi = defineRoutes({
  imageFile: {
    method: 'get',
    path: '/api/image-proxy/{filename}',
    params: storedFileParamSchema,
    produces: IMAGE_FILE_TYPES,
  },
  thumbnailFile: {
    method: 'get',
    path: '/api/thumbnail-proxy/{filename}',
    params: storedFileParamSchema,
    produces: IMAGE_FILE_TYPES,
  },
  /** At most `w` px wide: an AVIF when the browser names it in Accept, a WebP otherwise. */
  displayCopy: {
    method: 'get',
    path: '/api/display-proxy/{filename}',
    params: storedFileParamSchema,
    query: displayCopyQuerySchema,
    produces: ['image/avif', 'image/webp'],
  },
  logoFile: {
    method: 'get',
    path: '/api/logo-proxy/{filename}',
    params: storedFileParamSchema,
    produces: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  },
  listFormImages: {
    method: 'get',
    path: '/api/forms/{id}/images',
    params: idParamSchema,
    query: imagesPageQuerySchema,
    response: imagesPageResponseSchema,
  },
  /**
   * One file in the multipart field `image`: an image is stored at once (201 and the image); a
   * PDF, TIFF or ZIP starts an import (202 and `{ importId }`). Two answers, so no one `response`.
   */
  uploadFormImage: {
    method: 'post',
    path: '/api/forms/{id}/images',
    params: idParamSchema,
    bodyKind: 'upload',
    upload: { field: 'image' },
  },
  /**
   * The image's JSON, or its file for a caller whose most wanted type is an image (`<img src>`):
   * one URL with two bodies, so answers vary on Accept.
   */
  getImage: {
    method: 'get',
    path: '/api/images/{id}',
    params: idParamSchema,
    response: imageResponseSchema,
    produces: IMAGE_FILE_TYPES,
  },
  imageNeighbours: {
    method: 'get',
    path: '/api/images/{id}/neighbours',
    params: idParamSchema,
    response: imageNeighboursResponseSchema,
  },
  completeImage: {
    method: 'post',
    path: '/api/images/{id}/complete',
    params: idParamSchema,
    response: imageResponseSchema,
  },
  uncompleteImage: {
    method: 'post',
    path: '/api/images/{id}/uncomplete',
    params: idParamSchema,
    response: imageResponseSchema,
  },
  rotateImage: {
    method: 'post',
    path: '/api/images/{id}/rotate',
    params: idParamSchema,
    body: rotateImageRequestSchema,
    response: imageResponseSchema,
  },
  deleteImage: { method: 'delete', path: '/api/images/{id}', params: idParamSchema, status: 204 },
  /** The form's new logo in the multipart field `logo`; answers where it is served. */
  uploadFormLogo: {
    method: 'post',
    path: '/api/forms/{id}/logo',
    params: idParamSchema,
    bodyKind: 'upload',
    upload: { field: 'logo' },
    response: formLogoResponseSchema,
  },
});
