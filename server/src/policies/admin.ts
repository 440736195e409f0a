/**
 * The super administrator's routes: the one account whose e-mail is ADMIN_EMAIL may use them.
 * Anyone else signed in gets a 403, and every refusal is logged with who asked (someone probing
 * the admin API is worth knowing about); signed out is a 401 like everywhere else.
 */
import { MESSAGES } from '@formscribe/common/messages';
import type { AppContext } from '../appTypes.ts';
import { forbidden, notFound } from '../errors.ts';
import { Form, User } from '../models/index.ts';
import { isAdmin } from './forms.ts';
import { requireUser } from './signedIn.ts';

/** The signed-in super administrator, or a 401 (signed out) / 403 (anyone else, logged). */
export function requireSuperAdmin(ctx: AppContext): User {
  const user = requireUser(ctx);
  if (isAdmin(ctx, user)) return user;
  ctx.log.warn(
    { userId: user.id, username: user.username, method: ctx.method, path: ctx.path, ip: ctx.ip },
    'super-admin route refused',
  );
  throw forbidden(MESSAGES.superAdminRequired);
}

/** A user the administrator may edit, or a 404. */
export async function loadUserForAdmin(userId: number): Promise<User> {
  const user = await User.query().findById(userId);
  if (!user) throw notFound(MESSAGES.userNotFound);
  return user;
}

/** A user the administrator may delete: anyone but the administrator's own account (a 403). */
export async function loadDeletableUser(ctx: AppContext, userId: number): Promise<User> {
  const user = await loadUserForAdmin(userId);
  if (isAdmin(ctx, user)) throw forbidden(MESSAGES.adminAccountCannotBeDeleted);
  return user;
}

/** Any form, for the administrator, or a 404. */
export async function loadFormForAdmin(formId: number): Promise<Form> {
  const form = await Form.query().findById(formId);
  if (!form) throw notFound(MESSAGES.formNotFound);
  return form;
}
