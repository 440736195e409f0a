/** /api/v1 forms: the token owner's forms (managed or contributed to), as the dashboard lists them. */
import { v1Api } from '@formscribe/common/api/v1';
import { formViewer } from '../../policies/index.ts';
import { presentForm, presentFormListItem } from '../../presenters/presentForm.ts';
import { listFormsForUser } from '../../services/forms/formReader.ts';
import { route } from '../declared/declareRoute.ts';
import { viewableForm } from '../declared/routePolicies.ts';

route(v1Api.listForms, { token: 'read', policy: 'self' }, async (ctx, { user }) => {
  const rows = await listFormsForUser(user.id);
  return {
    data: rows.map(({ form, ...progress }) => presentFormListItem(form, formViewer(ctx, user, form), progress)),
  };
});

route(v1Api.getForm, { token: 'read', policy: viewableForm }, (ctx, { user, resource: form }) =>
  presentForm(form, formViewer(ctx, user, form)),
);
