/** The super admin's lists as the API shows them (typed by common/schemas/admin). */
import { DELETED_USER_NAME } from '@formscribe/common/displayName';
import type { AdminForm, AdminFormsPage, AdminUser, AdminUsersPage } from '@formscribe/common/schemas/admin';
import { limitOverridesOf } from '../policies/entitlements.ts';
import type { AdminFormRow, AdminUserRow, PageFigures } from '../services/admin/adminLists.ts';
import { presentUser } from './presentUser.ts';

export function presentAdminUser(row: AdminUserRow, adminEmail: string): AdminUser {
  return {
    ...presentUser(row.user, adminEmail),
    formCount: row.formCount,
    limitOverrides: limitOverridesOf(row.user),
  };
}

export function presentAdminForm({ form, owner }: AdminFormRow): AdminForm {
  return {
    id: form.id,
    name: form.name,
    description: form.description,
    isActive: form.isActive,
    dataEntryActive: form.dataEntryActive,
    requiredEntriesPerImage: form.requiredEntriesPerImage,
    totalImages: form.imageCount,
    completedImages: form.completedImageCount,
    // An owner deleted between the two reads of the list: the form is going with them.
    owner: owner
      ? { id: owner.id, username: owner.username, name: owner.name }
      : { id: form.createdById, username: DELETED_USER_NAME, name: null },
    createdAt: form.createdAt.toISOString(),
    updatedAt: form.updatedAt.toISOString(),
  };
}

export function presentAdminUsersPage(
  page: PageFigures & { rows: AdminUserRow[] },
  adminEmail: string,
): AdminUsersPage {
  const { rows, ...figures } = page;
  return { users: rows.map((row) => presentAdminUser(row, adminEmail)), ...figures };
}

export function presentAdminFormsPage(page: PageFigures & { rows: AdminFormRow[] }): AdminFormsPage {
  const { rows, ...figures } = page;
  return { forms: rows.map(presentAdminForm), ...figures };
}
