/**
 * The policies of the super administrator's routes (routes/admin/admin.ts). The admin check also
 * runs `before` the input is read (`superAdminFirst`): anyone else gets the same 403 whatever they
 * send, and learns nothing about the shape of these routes from a 400. Each policy asks again
 * (a plain comparison) so none of them is safe only because of what ran before it.
 */
import type { AppMiddleware } from '../../appTypes.ts';
import type { Form, User } from '../../models/index.ts';
import { loadDeletableUser, loadFormForAdmin, loadUserForAdmin, requireSuperAdmin } from '../../policies/index.ts';
import type { RoutePolicy } from './declareRoute.ts';

/** Refuses anyone but the super administrator before the route reads its input (logged). */
export const superAdminFirst: AppMiddleware = async (ctx, next) => {
  requireSuperAdmin(ctx);
  await next();
};

/** The super administrator, for the routes that act on no one resource (figures, lists). */
export const superAdmin: RoutePolicy<unknown, User> = async (ctx) => requireSuperAdmin(ctx);

type ById = RoutePolicy<{ params: { id: number } }, User>;

/** The user of `/api/admin/users/{id}`, for the administrator (404 when there is none). */
export const userForAdmin: ById = async (ctx, _user, { params }) => {
  requireSuperAdmin(ctx);
  return await loadUserForAdmin(params.id);
};

/** The user of `/api/admin/users/{id}` the administrator may delete: anyone but the administrator (403). */
export const deletableUser: ById = async (ctx, _user, { params }) => {
  requireSuperAdmin(ctx);
  return await loadDeletableUser(ctx, params.id);
};

/** Any form, `/api/admin/forms/{id}`, for the administrator (404 when there is none). */
export const formForAdmin: RoutePolicy<{ params: { id: number } }, Form> = async (ctx, _user, { params }) => {
  requireSuperAdmin(ctx);
  return await loadFormForAdmin(params.id);
};
