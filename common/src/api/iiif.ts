/**
 * A form as a IIIF Presentation 3 manifest: one canvas per image, the verified values as W3C Web
 * Annotations on each canvas (on the field's region where it has one), for Mirador, Universal
 * Viewer and FromThePage. The manifest is streamed (a form may hold 100,000 images), so the
 * contract names its content type rather than a response schema `respond()` would check whole.
 */
import { z } from 'zod';
import { idParamSchema } from '../schemas/common.ts';
import { defineRoutes } from './routeContract.ts';

/** The JSON-LD context of IIIF Presentation 3, which every manifest names. */
export const IIIF_PRESENTATION_CONTEXT = 'http://iiif.io/api/presentation/3/context.json';

/** A manifest's media type; served with the Presentation 3 profile (`IIIF_MANIFEST_CONTENT_TYPE`). */
export const IIIF_MANIFEST_MEDIA_TYPE = 'application/ld+json';

/** The content type IIIF asks a Presentation 3 manifest to be served with. */
export const IIIF_MANIFEST_CONTENT_TYPE = `${IIIF_MANIFEST_MEDIA_TYPE};profile="${IIIF_PRESENTATION_CONTEXT}"`;

/** The manifest is JSON-LD; its shape is IIIF's, checked by the tests against the specification. */
export const iiifManifestSchema = z.looseObject({
  '@context': z.unknown(),
  id: z.string(),
  type: z.literal('Manifest'),
});

export const iiifApi = defineRoutes({
  formManifest: {
    method: 'get',
    path: '/api/forms/{id}/iiif/manifest.json',
    params: idParamSchema,
    produces: [IIIF_MANIFEST_CONTENT_TYPE],
  },
});
