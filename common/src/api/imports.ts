/**
 * Bringing collections in: a form's imports (a IIIF manifest started here; containers start
 * theirs through an upload), resumable uploads of large files (tus), and the form's catalogue,
 * whose rows become the metadata of the images they name.
 */
import { catalogueResponseSchema, contributorColumnsRequestSchema, formCatalogueSchema } from '../schemas/catalogue.ts';
import { idParamSchema } from '../schemas/common.ts';
import {
  importParamsSchema,
  importResponseSchema,
  importStartedResponseSchema,
  importsListResponseSchema,
  resumableUploadParamsSchema,
  startIiifImportRequestSchema,
} from '../schemas/imports.ts';
import { defineRoutes } from './routeContract.ts';

export const importsApi = defineRoutes({
  startIiifImport: {
    method: 'post',
    path: '/api/forms/{id}/imports',
    params: idParamSchema,
    body: startIiifImportRequestSchema,
    response: importStartedResponseSchema,
    status: 202,
  },
  /** Running imports first, then the newest. */
  listImports: {
    method: 'get',
    path: '/api/forms/{id}/imports',
    params: idParamSchema,
    response: importsListResponseSchema,
  },
  readImport: {
    method: 'get',
    path: '/api/forms/{id}/imports/{importId}',
    params: importParamsSchema,
    response: importResponseSchema,
  },
  /** Stops a running import; an ended one is answered as it is. */
  cancelImport: {
    method: 'delete',
    path: '/api/forms/{id}/imports/{importId}',
    params: importParamsSchema,
    response: importResponseSchema,
  },
  /**
   * The tus routes are answered by the tus server itself, status included (no `status` here: the
   * app sets none). Creation: `Upload-Length` (required) and `Upload-Metadata`, answered 201 with
   * `Location`. HEAD on that address (its offset) is tus's own method and has no contract
   * (server/src/routes/imports/resumableUploads.ts mounts it).
   */
  createUpload: { method: 'post', path: '/api/forms/{id}/uploads', params: idParamSchema, bodyKind: 'tus' },
  /** A chunk from `Upload-Offset`, answered 204; the last one's answer carries `Import-Id`. */
  sendUploadChunk: {
    method: 'patch',
    path: '/api/forms/{id}/uploads/{uploadId}',
    params: resumableUploadParamsSchema,
    bodyKind: 'tus',
  },
  /** tus termination: the upload is abandoned (204). */
  abandonUpload: {
    method: 'delete',
    path: '/api/forms/{id}/uploads/{uploadId}',
    params: resumableUploadParamsSchema,
  },
  /** A CSV or XLSX in the multipart field `file` replaces the form's catalogue. */
  uploadCatalogue: {
    method: 'post',
    path: '/api/forms/{id}/catalogue',
    params: idParamSchema,
    bodyKind: 'upload',
    upload: { field: 'file' },
    response: catalogueResponseSchema,
  },
  getCatalogue: {
    method: 'get',
    path: '/api/forms/{id}/catalogue',
    params: idParamSchema,
    response: formCatalogueSchema,
  },
  chooseContributorColumns: {
    method: 'put',
    path: '/api/forms/{id}/catalogue/contributor-columns',
    params: idParamSchema,
    body: contributorColumnsRequestSchema,
    response: formCatalogueSchema,
  },
});
