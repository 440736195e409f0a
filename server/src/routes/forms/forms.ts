import { MESSAGES } from '@formscribe/common/messages';
import { idParamSchema } from '@formscribe/common/schemas/common';
import {
  createFormRequestSchema,
  deactivateFormsRequestSchema,
  deactivateFormsResponseSchema,
  formListResponseSchema,
  formResponseSchema,
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
import { respond } from '../respond.ts';

export const formsRouter = new Router<AppState, AppContextExtras>();

formsRouter.get('/api/forms', async (ctx) => {
  const user = requireUser(ctx);
  const rows = await listFormsForUser(user.id);
  const items = rows.map(({ form, ...progress }) => presentFormListItem(form, formViewer(ctx, user, form), progress));
  respond(ctx, formListResponseSchema, items);
});

formsRouter.post('/api/forms', async (ctx) => {
  const user = requireUser(ctx);
  const input = parseInput(createFormRequestSchema, ctx.request.body);
  if (!canCreateForms(ctx, user)) {
    throw forbidden(MESSAGES.emailVerificationRequired, { requiresEmailVerification: true });
  }
  const form = await createForm(ctx.deps, user, input);
  respond(ctx, formResponseSchema, presentForm(form, formViewer(ctx, user, form)), 201);
});

formsRouter.post('/api/forms/deactivate-multiple', async (ctx) => {
  const user = requireUser(ctx);
  const { formIds } = parseInput(deactivateFormsRequestSchema, ctx.request.body);
  const forms = await loadFormsToDeactivate(ctx, user, formIds);
  const deactivated = await deactivateForms(ctx.deps, forms);
  respond(ctx, deactivateFormsResponseSchema, { deactivated });
});

formsRouter.get('/api/forms/:id', async (ctx) => {
  const user = requireUser(ctx);
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadViewableForm(ctx, user, id);
  respond(ctx, formResponseSchema, presentForm(form, formViewer(ctx, user, form)));
});

formsRouter.patch('/api/forms/:id', async (ctx) => {
  const user = requireUser(ctx);
  const { id } = parseInput(idParamSchema, ctx.params);
  const changes = parseInput(updateFormRequestSchema, ctx.request.body);
  const form = await loadManagedForm(ctx, user, id);
  const updated = await updateForm(ctx.deps, form, changes);
  respond(ctx, formResponseSchema, presentForm(updated, formViewer(ctx, user, updated)));
});

formsRouter.delete('/api/forms/:id', async (ctx) => {
  const user = requireUser(ctx);
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadManagedForm(ctx, user, id);
  await deleteForm(ctx.deps, form);
  ctx.status = 204;
});
