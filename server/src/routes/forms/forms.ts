/** The forms: the dashboard list, creating, reading, changing, deleting and deactivating forms. */
import { formsApi } from '@formscribe/common/api/forms';
import { MESSAGES } from '@formscribe/common/messages';
import { forbidden } from '../../errors.ts';
import { canCreateForms, formViewer, loadFormsToDeactivate } from '../../policies/index.ts';
import { presentForm, presentFormListItem, presentUpdatedForm } from '../../presenters/presentForm.ts';
import { listFormsForUser } from '../../services/forms/formReader.ts';
import { createForm, deactivateForms, deleteForm, updateForm } from '../../services/forms/formWriter.ts';
import { route } from '../declared/declareRoute.ts';
import { managedForm, viewableForm } from '../declared/routePolicies.ts';

route(formsApi.listForms, { policy: 'self' }, async (ctx, { user }) => {
  const rows = await listFormsForUser(user.id);
  return rows.map(({ form, ...progress }) => presentFormListItem(form, formViewer(ctx, user, form), progress));
});

route(formsApi.createForm, { policy: 'self' }, async (ctx, { user, body }) => {
  if (!canCreateForms(ctx, user)) {
    throw forbidden(MESSAGES.emailVerificationRequired, { requiresEmailVerification: true });
  }
  const form = await createForm(ctx.deps, user, body);
  return presentForm(form, formViewer(ctx, user, form));
});

route(formsApi.deactivateForms, { policy: 'self' }, async (ctx, { user, body }) => {
  const forms = await loadFormsToDeactivate(ctx, user, body.formIds);
  return { deactivated: await deactivateForms(ctx.deps, forms) };
});

route(formsApi.getForm, { policy: viewableForm }, (ctx, { user, resource: form }) =>
  presentForm(form, formViewer(ctx, user, form)),
);

route(formsApi.updateForm, { policy: managedForm }, async (ctx, { user, body, resource: form }) => {
  const { form: updated, ruleBreaks } = await updateForm(ctx.deps, form, body, user);
  return presentUpdatedForm(updated, formViewer(ctx, user, updated), ruleBreaks);
});

route(formsApi.deleteForm, { policy: managedForm }, async (ctx, { resource: form }) => {
  await deleteForm(ctx.deps, form);
});
