/**
 * The super administrator's API (spec section 7, 'Super admin'). Each handler asks the admin
 * policy first, before reading any input: the answer to anyone else is the same 403 whatever
 * they send, and tells them nothing about the shape of these routes.
 */

import {
  adminFormSchema,
  adminFormsPageSchema,
  adminFormUpdateRequestSchema,
  adminListQuerySchema,
  adminStatsSchema,
  adminUserSchema,
  adminUsersPageSchema,
  adminUserUpdateRequestSchema,
} from '@formscribe/common/schemas/admin';
import { idParamSchema } from '@formscribe/common/schemas/common';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { loadDeletableUser, loadFormForAdmin, loadUserForAdmin, requireSuperAdmin } from '../../policies/index.ts';
import {
  presentAdminForm,
  presentAdminFormsPage,
  presentAdminUser,
  presentAdminUsersPage,
} from '../../presenters/presentAdmin.ts';
import { deleteUserAccount } from '../../services/admin/accountDeletion.ts';
import { adminUserRow, listFormsForAdmin, listUsersForAdmin } from '../../services/admin/adminLists.ts';
import { readAdminStats } from '../../services/admin/adminStats.ts';
import { updateUserAsAdmin } from '../../services/admin/adminUserSettings.ts';
import { deleteForm, updateForm } from '../../services/forms/formWriter.ts';
import { respond } from '../respond.ts';

export const adminRouter = new Router<AppState, AppContextExtras>();

adminRouter.get('/api/admin/stats', async (ctx) => {
  requireSuperAdmin(ctx);
  respond(ctx, adminStatsSchema, await readAdminStats(ctx.deps));
});

adminRouter.get('/api/admin/users', async (ctx) => {
  requireSuperAdmin(ctx);
  const query = parseInput(adminListQuerySchema, ctx.query);
  const page = await listUsersForAdmin(ctx.deps.knex, query);
  respond(ctx, adminUsersPageSchema, presentAdminUsersPage(page, ctx.deps.config.adminEmail));
});

adminRouter.patch('/api/admin/users/:id', async (ctx) => {
  requireSuperAdmin(ctx);
  const { id } = parseInput(idParamSchema, ctx.params);
  const changes = parseInput(adminUserUpdateRequestSchema, ctx.request.body);
  const user = await loadUserForAdmin(id);
  const updated = await updateUserAsAdmin(ctx.deps, user, changes);
  respond(ctx, adminUserSchema, presentAdminUser(await adminUserRow(updated), ctx.deps.config.adminEmail));
});

adminRouter.delete('/api/admin/users/:id', async (ctx) => {
  requireSuperAdmin(ctx);
  const { id } = parseInput(idParamSchema, ctx.params);
  const user = await loadDeletableUser(ctx, id);
  await deleteUserAccount(ctx.deps, user);
  ctx.status = 204;
});

adminRouter.get('/api/admin/forms', async (ctx) => {
  requireSuperAdmin(ctx);
  const query = parseInput(adminListQuerySchema, ctx.query);
  respond(ctx, adminFormsPageSchema, presentAdminFormsPage(await listFormsForAdmin(ctx.deps.knex, query)));
});

/** The owner's own update: plan limit on activating, recompute on a new threshold, live announcements. */
adminRouter.patch('/api/admin/forms/:id', async (ctx) => {
  requireSuperAdmin(ctx);
  const { id } = parseInput(idParamSchema, ctx.params);
  const changes = parseInput(adminFormUpdateRequestSchema, ctx.request.body);
  const form = await loadFormForAdmin(id);
  // Only what the admin may change; the owner's other settings are left as they are.
  const untouched = {
    description: undefined,
    organizationName: undefined,
    organizationUrl: undefined,
    webhookUrl: undefined,
  };
  const updated = await updateForm(ctx.deps, form, { ...untouched, ...changes });
  const owner = await loadUserForAdmin(updated.createdById);
  respond(ctx, adminFormSchema, presentAdminForm({ form: updated, owner }));
});

/** The owner's own delete: every row and file, and the form closes for its contributors at once. */
adminRouter.delete('/api/admin/forms/:id', async (ctx) => {
  requireSuperAdmin(ctx);
  const { id } = parseInput(idParamSchema, ctx.params);
  await deleteForm(ctx.deps, await loadFormForAdmin(id));
  ctx.status = 204;
});
