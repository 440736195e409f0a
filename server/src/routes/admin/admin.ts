/**
 * The super administrator's API (spec section 7, 'Super admin'). The admin policy is asked first,
 * before any input is read (`superAdminFirst`): the answer to anyone else is the same 403 whatever
 * they send, and tells them nothing about the shape of these routes.
 */
import { adminApi } from '@formscribe/common/api/admin';
import { loadUserForAdmin } from '../../policies/index.ts';
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
import { deletableUser, formForAdmin, superAdmin, superAdminFirst, userForAdmin } from '../declared/adminPolicies.ts';
import { route } from '../declared/declareRoute.ts';

const before = [superAdminFirst];

route(adminApi.adminStats, { before, policy: superAdmin }, (ctx) => readAdminStats(ctx.deps));

route(adminApi.adminUsers, { before, policy: superAdmin }, async (ctx, { query }) =>
  presentAdminUsersPage(await listUsersForAdmin(ctx.deps.knex, query), ctx.deps.config.adminEmail),
);

route(adminApi.adminUpdateUser, { before, policy: userForAdmin }, async (ctx, { body, resource: user }) => {
  const updated = await updateUserAsAdmin(ctx.deps, user, body);
  return presentAdminUser(await adminUserRow(updated), ctx.deps.config.adminEmail);
});

route(adminApi.adminDeleteUser, { before, policy: deletableUser }, async (ctx, { resource: user }) => {
  await deleteUserAccount(ctx.deps, user);
});

route(adminApi.adminForms, { before, policy: superAdmin }, async (ctx, { query }) =>
  presentAdminFormsPage(await listFormsForAdmin(ctx.deps.knex, query)),
);

/** The owner's own update: plan limit on activating, recompute on a new threshold, live announcements. */
route(adminApi.adminUpdateForm, { before, policy: formForAdmin }, async (ctx, { user, body, resource: form }) => {
  // Only what the admin may change; the owner's other settings are left as they are.
  const untouched = {
    description: undefined,
    instructions: undefined,
    organizationName: undefined,
    organizationUrl: undefined,
    webhookUrl: undefined,
  };
  const { form: updated } = await updateForm(ctx.deps, form, { ...untouched, ...body }, user);
  const owner = await loadUserForAdmin(updated.createdById);
  return presentAdminForm({ form: updated, owner });
});

/** The owner's own delete: every row and file, and the form closes for its contributors at once. */
route(adminApi.adminDeleteForm, { before, policy: formForAdmin }, async (ctx, { resource: form }) => {
  await deleteForm(ctx.deps, form);
});
