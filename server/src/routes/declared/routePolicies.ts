/**
 * The policies declared routes name (declareRoute.ts): each loads what a route acts on from its
 * checked input, through the policies of server/src/policies/, or throws the 404/403 that says
 * the caller may not. `formParam` tells the session which path parameter is the form, so the
 * form's row comes with the session in one statement.
 */
import type { AppContext } from '../../appTypes.ts';
import type { Form, User } from '../../models/index.ts';
import { loadManagedForm, loadViewableForm } from '../../policies/index.ts';
import type { RoutePolicy } from './declareRoute.ts';

type ById<Resource> = (ctx: AppContext, user: User, id: number) => Promise<Resource>;

/** A policy loading by the path parameter `param` (a row id). */
export function byParam<Param extends string, Resource>(
  param: Param,
  load: ById<Resource>,
): RoutePolicy<{ params: { [K in Param]: number } }, Resource> {
  return (ctx, user, { params }) => load(ctx, user, params[param]);
}

/** A policy loading the form named by the path parameter `param`; the session prefetches it. */
export function formByParam<Param extends string>(
  param: Param,
  load: ById<Form>,
): RoutePolicy<{ params: { [K in Param]: number } }, Form> {
  const policy = byParam(param, load);
  return Object.assign(policy, { formParam: param });
}

/** The form of `/…/forms/{id}`, for anyone who may see it (owners, contributors, the administrator). */
export const viewableForm = formByParam('id', loadViewableForm);
/** The form of `/…/forms/{id}`, for those who manage it. */
export const managedForm = formByParam('id', loadManagedForm);
