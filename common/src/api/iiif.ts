/**
 * A form as a IIIF Presentation 3 manifest: one canvas per image, the verified values as W3C Web
 * Annotations on each canvas (on the field's region where it has one), for Mirador, Universal
 * Viewer and FromThePage.
 */
import { z } from 'zod';
import { idParamSchema } from '../schemas/common.ts';
import { defineRoutes } from './routeContract.ts';

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
    response: iiifManifestSchema,
  },
});
