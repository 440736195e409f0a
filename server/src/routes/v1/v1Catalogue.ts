/** /api/v1 catalogue: a script attaches a form's catalogue (read-and-write tokens). */
import { catalogueResponseSchema } from '@formscribe/common/schemas/catalogue';
import { idParamSchema } from '@formscribe/common/schemas/common';
import { parseInput } from '../../middlewares/validate.ts';
import { loadManagedForm } from '../../policies/forms.ts';
import { CATALOGUE_UPLOAD, receiveFormCatalogue } from '../images/formCatalogue.ts';
import { respond } from '../respond.ts';
import { v1Route } from './v1Router.ts';

v1Route(
  {
    method: 'post',
    path: '/api/v1/forms/:id/catalogue',
    summary: 'Attach a catalogue',
    description:
      'A CSV (UTF-8, comma-separated) or XLSX in the multipart field `file`. The column `fileName` names an image’s file (or its path inside a ZIP), the optional `page` its page (from 1); every other column becomes the metadata of the images it names, now and when they are uploaded later. Replaces the form’s previous catalogue. Answers how many rows matched and lists the rows that matched no image.',
    scope: 'read_write',
    params: idParamSchema,
    upload: { field: CATALOGUE_UPLOAD.field },
    response: { description: 'Rows matched, and the rows that matched no image', schema: catalogueResponseSchema },
  },
  async (ctx, { user }) => {
    const { id } = parseInput(idParamSchema, ctx.params);
    const form = await loadManagedForm(ctx, user, id);
    respond(ctx, catalogueResponseSchema, await receiveFormCatalogue(ctx, form));
  },
);
