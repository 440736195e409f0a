import { MESSAGES } from '@formscribe/common/messages';
import { idParamSchema } from '@formscribe/common/schemas/common';
import {
  createFormRequestSchema,
  deactivateFormsRequestSchema,
  updateFormRequestSchema,
} from '@formscribe/common/schemas/form';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { forbidden } from '../../errors.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import {
  canCreateForms,
  formViewer,
  loadFormsToDeactivate,
  loadManagedForm,
  loadViewableForm,
} from '../../policies/index.ts';
import { presentForm, presentFormListItem } from '../../presenters/presentForm.ts';
import { listFormsForUser } from '../../services/forms/formReader.ts';
import { createForm, deactivateForms, deleteForm, updateForm } from '../../services/forms/formWriter.ts';

export const formsRouter = new Router<AppState, AppContextExtras>();

formsRouter.get('/api/forms', async (ctx) => {
  const user = requireUser(ctx);
  const rows = await listFormsForUser(user.id);
  ctx.body = rows.map(({ form, ...progress }) => presentFormListItem(form, formViewer(ctx, user, form), progress));
});

formsRouter.post('/api/forms', async (ctx) => {
  const user = requireUser(ctx);
  const input = parseInput(createFormRequestSchema, ctx.request.body);
  if (!canCreateForms(ctx, user)) {
    throw forbidden(MESSAGES.emailVerificationRequired, { requiresEmailVerification: true });
  }
  const form = await createForm(ctx.deps, user, input);
  ctx.status = 201;
  ctx.body = presentForm(form, formViewer(ctx, user, form));
});

formsRouter.post('/api/forms/deactivate-multiple', async (ctx) => {
  const user = requireUser(ctx);
  const { formIds } = parseInput(deactivateFormsRequestSchema, ctx.request.body);
  const forms = await loadFormsToDeactivate(ctx, user, formIds);
  const deactivated = await deactivateForms(ctx.deps, forms);
  ctx.body = { deactivated };
});

formsRouter.get('/api/forms/:id', async (ctx) => {
  const user = requireUser(ctx);
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadViewableForm(ctx, user, id);
  ctx.body = presentForm(form, formViewer(ctx, user, form));
});

formsRouter.patch('/api/forms/:id', async (ctx) => {
  const user = requireUser(ctx);
  const { id } = parseInput(idParamSchema, ctx.params);
  const changes = parseInput(updateFormRequestSchema, ctx.request.body);
  const form = await loadManagedForm(ctx, user, id);
  const updated = await updateForm(ctx.deps, form, changes);
  ctx.body = presentForm(updated, formViewer(ctx, user, updated));
});

formsRouter.delete('/api/forms/:id', async (ctx) => {
  const user = requireUser(ctx);
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadManagedForm(ctx, user, id);
  await deleteForm(ctx.deps, form);
  ctx.status = 204;
});
