/** /api/v1 forms: the token owner's forms (managed or contributed to), as the dashboard lists them. */
import { idParamSchema } from '@formscribe/common/schemas/common';
import { formResponseSchema } from '@formscribe/common/schemas/form';
import { v1FormListResponseSchema } from '@formscribe/common/schemas/v1';
import { parseInput } from '../../middlewares/validate.ts';
import { formViewer, loadViewableForm } from '../../policies/index.ts';
import { presentForm, presentFormListItem } from '../../presenters/presentForm.ts';
import { listFormsForUser } from '../../services/forms/formReader.ts';
import { respond } from '../respond.ts';
import { v1Route } from './v1Router.ts';

v1Route(
  {
    method: 'get',
    path: '/api/v1/forms',
    summary: 'List forms',
    description: 'The forms the token’s owner manages or contributes to, with their progress.',
    scope: 'read',
    response: { schema: v1FormListResponseSchema },
  },
  async (ctx, { user }) => {
    const rows = await listFormsForUser(user.id);
    const data = rows.map(({ form, ...progress }) => presentFormListItem(form, formViewer(ctx, user, form), progress));
    respond(ctx, v1FormListResponseSchema, { data });
  },
);

v1Route(
  {
    method: 'get',
    path: '/api/v1/forms/:id',
    summary: 'Get a form',
    description: 'The form with its fields (ids, types, labels).',
    scope: 'read',
    params: idParamSchema,
    response: { schema: formResponseSchema },
  },
  async (ctx, { user }) => {
    const { id } = parseInput(idParamSchema, ctx.params);
    const form = await loadViewableForm(ctx, user, id);
    respond(ctx, formResponseSchema, presentForm(form, formViewer(ctx, user, form)));
  },
);
