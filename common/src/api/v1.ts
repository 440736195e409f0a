/**
 * The public API, /api/v1, for personal access tokens: forms, images, the catalogue and imports
 * here; data, figures, insights and the OpenAPI document in v1Figures.ts. Summaries and
 * descriptions are the OpenAPI document's (server/src/routes/v1/openApiDocument.ts).
 */
import { catalogueResponseSchema } from '../schemas/catalogue.ts';
import { idParamSchema } from '../schemas/common.ts';
import { formResponseSchema, imageResponseSchema } from '../schemas/form.ts';
import {
  importParamsSchema,
  importResponseSchema,
  importStartedResponseSchema,
  importsListResponseSchema,
  resumableUploadParamsSchema,
  startIiifImportRequestSchema,
} from '../schemas/imports.ts';
import { cursorPageSchema, cursorQuerySchema, v1FormListResponseSchema } from '../schemas/v1.ts';
import { IIIF_MANIFEST_MEDIA_TYPE, iiifManifestSchema } from './iiif.ts';
import { defineV1Routes } from './v1Contract.ts';
import { v1FiguresApi } from './v1Figures.ts';

const IMPORT_FIGURES =
  '`status` is running, done, failed or cancelled; `found` counts the pages (and files) found so far, `imported` those added, `duplicates` those skipped because the form already held the same bytes, `refused` lists what was left out and why, and `reason` says why a failed import failed.';

export const v1FormsApi = defineV1Routes({
  listForms: {
    method: 'get',
    path: '/api/v1/forms',
    summary: 'List forms',
    description: 'The forms the token’s owner manages or contributes to, with their progress.',
    response: v1FormListResponseSchema,
  },
  getForm: {
    method: 'get',
    path: '/api/v1/forms/{id}',
    summary: 'Get a form',
    description: 'The form with its fields (ids, types, labels).',
    params: idParamSchema,
    response: formResponseSchema,
  },
  listImages: {
    method: 'get',
    path: '/api/v1/forms/{id}/images',
    summary: 'List a form’s images',
    description: 'In upload order (by id), a cursor page at a time. Each image carries its verification state.',
    params: idParamSchema,
    query: cursorQuerySchema,
    response: cursorPageSchema(imageResponseSchema),
  },
  uploadImage: {
    method: 'post',
    path: '/api/v1/forms/{id}/images',
    summary: 'Upload an image, or a PDF, TIFF or ZIP to import',
    description:
      'One file in the multipart field `image`, within the owner’s plan limits. A JPG, PNG, HEIC, WebP or AVIF image is stored at once and answered with 201 and the image (HEIC, AVIF and lossy WebP become JPEG, lossless WebP PNG). A PDF, multi-page TIFF or ZIP (folders and nested PDFs or TIFFs inside) starts an import instead: 202 with `{ importId }`; follow it with GET /api/v1/forms/{id}/imports/{importId}. Files larger than the plan’s image size go through the resumable upload endpoint, /api/v1/forms/{id}/uploads (tus).',
    params: idParamSchema,
    bodyKind: 'upload',
    upload: { field: 'image' },
    status: 201,
    answer: { description: 'The stored image (or 202 and the import started)', schema: imageResponseSchema },
  },
  getImage: {
    method: 'get',
    path: '/api/v1/images/{id}',
    summary: 'Get an image',
    params: idParamSchema,
    response: imageResponseSchema,
  },
  imageFile: {
    method: 'get',
    path: '/api/v1/images/{id}/file',
    summary: 'Download an image’s file',
    description: 'The stored file (metadata stripped, turned upright). Sends an ETag; If-None-Match answers 304.',
    params: idParamSchema,
    produces: ['image/jpeg', 'image/png'],
    answer: { description: 'The image file' },
  },
  iiifManifest: {
    method: 'get',
    path: '/api/v1/forms/{id}/iiif/manifest.json',
    summary: 'The form as a IIIF manifest',
    description:
      'IIIF Presentation 3: one canvas per image in upload order, each image painted at its stored size, and each verified value as a W3C Web Annotation on its canvas (on the field’s region, `#xywh=` in canvas pixels, when the field has one). Served as `application/ld+json;profile="http://iiif.io/api/presentation/3/context.json"`. The images are this API’s image files, so a viewer needs the token too.',
    params: idParamSchema,
    produces: [IIIF_MANIFEST_MEDIA_TYPE],
    answer: { description: 'The manifest, streamed', schema: iiifManifestSchema },
  },
  attachCatalogue: {
    method: 'post',
    path: '/api/v1/forms/{id}/catalogue',
    summary: 'Attach a catalogue',
    description:
      'A CSV (UTF-8, comma-separated) or XLSX in the multipart field `file`. The column `fileName` names an image’s file (or its path inside a ZIP), the optional `page` its page (from 1); every other column becomes the metadata of the images it names, now and when they are uploaded later. Replaces the form’s previous catalogue. Answers how many rows matched and lists the rows that matched no image.',
    params: idParamSchema,
    bodyKind: 'upload',
    upload: { field: 'file' },
    response: catalogueResponseSchema,
    answer: { description: 'Rows matched, and the rows that matched no image' },
  },
  startImport: {
    method: 'post',
    path: '/api/v1/forms/{id}/imports',
    summary: 'Import a IIIF manifest or collection',
    description:
      'Body `{ "iiifUrl": "https://…" }`: a IIIF Presentation 2.1 or 3.0 manifest, or a collection (collections of collections and paged collections too). Each canvas becomes an image, fetched at full size, with its label and metadata. Answers 202 with `{ importId }`.',
    params: idParamSchema,
    body: startIiifImportRequestSchema,
    response: importStartedResponseSchema,
    status: 202,
    answer: { description: 'The import started' },
  },
  listImports: {
    method: 'get',
    path: '/api/v1/forms/{id}/imports',
    summary: 'A form’s recent imports',
    description: `Running imports first, then the newest, at most 20. ${IMPORT_FIGURES}`,
    params: idParamSchema,
    response: importsListResponseSchema,
  },
  getImport: {
    method: 'get',
    path: '/api/v1/forms/{id}/imports/{importId}',
    summary: 'An import’s progress',
    description: IMPORT_FIGURES,
    params: importParamsSchema,
    response: importResponseSchema,
  },
  cancelImport: {
    method: 'delete',
    path: '/api/v1/forms/{id}/imports/{importId}',
    summary: 'Cancel an import',
    description:
      'A running import stops at its next page; pages already added stay. An ended import is answered as it is.',
    params: importParamsSchema,
    response: importResponseSchema,
  },
});

/**
 * The resumable uploads (tus) under /api/v1, which server/src/routes/imports/resumableUploads.ts
 * serves itself (HEAD and raw chunk bodies are not for `route()`) and declares with
 * `routeServedElsewhere`: gated by their body kind and described in the OpenAPI document from here.
 */
export const v1ResumableUploadDocs = defineV1Routes({
  startUpload: {
    method: 'post',
    path: '/api/v1/forms/{id}/uploads',
    summary: 'Start a resumable upload (tus)',
    description:
      'The tus 1.0 protocol (creation extension), for files of any size up to the plan’s import limit: a PDF, TIFF, ZIP or image. Send `Tus-Resumable: 1.0.0`, the file’s size in `Upload-Length` (required) and `Upload-Metadata` with `filename` (base64; a relative path such as `box1/page_9.jpg` is kept). The answer is 201 with `Location`, the upload’s address; send the bytes there with PATCH. tus clients (tus-js-client, tus-py-client, …) do all of this.',
    params: idParamSchema,
    bodyKind: 'tus',
    status: 201,
    produces: [],
    answer: { description: 'Created: `Location` names the upload' },
  },
  sendUploadChunk: {
    method: 'patch',
    path: '/api/v1/forms/{id}/uploads/{uploadId}',
    summary: 'Send the next bytes of a resumable upload',
    description:
      'A chunk of the file as `application/offset+octet-stream`, from `Upload-Offset`. After a cut connection, `HEAD` on the same address answers the `Upload-Offset` the server has, and the upload goes on from there; `DELETE` abandons it. Uploads left unfinished expire after 24 hours. The answer to the last chunk carries `Import-Id`: follow the import with GET /api/v1/forms/{id}/imports/{importId}.',
    params: resumableUploadParamsSchema,
    bodyKind: 'tus',
    status: 204,
    produces: [],
    answer: { description: '`Upload-Offset` says how far the upload has got' },
  },
  abandonUpload: {
    method: 'delete',
    path: '/api/v1/forms/{id}/uploads/{uploadId}',
    summary: 'Abandon a resumable upload',
    description: 'Stops an unfinished upload and deletes what was sent of it (tus termination extension).',
    params: resumableUploadParamsSchema,
    status: 204,
    produces: [],
    answer: { description: 'The upload is gone' },
  },
});

/** Every /api/v1 route `route()` mounts. */
export const v1Api = { ...v1FormsApi, ...v1FiguresApi };
