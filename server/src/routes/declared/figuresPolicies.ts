/**
 * The policies of the figures and data routes (stats, insights, disagreements, and their /api/v1
 * twins), as declared routes name them (declareRoute.ts), over the policies of server/src/policies/.
 *
 * The figures routes that take a `limit` (formStats.ts, formDashboard.ts) answer with the manager
 * policy before the query is checked, so a contributor or stranger sending a bad limit gets the
 * policy's 403/404, never a 400 that would tell them what a manager may ask. declareRoute.ts
 * checks the query before its policy, so the form is loaded in a `before` step (which runs first)
 * and the policy hands that form on.
 */
import { idParamSchema } from '@formscribe/common/schemas/common';
import type { AppContext, AppMiddleware } from '../../appTypes.ts';
import { parseInput } from '../../middlewares/validate.ts';
import type { Form } from '../../models/index.ts';
import { loadManagedImage, loadViewableImage } from '../../policies/images.ts';
import { loadManagedForm } from '../../policies/index.ts';
import { loadInsightsForm } from '../../policies/insights.ts';
import { requireUser } from '../../policies/signedIn.ts';
import type { RoutePolicy } from './declareRoute.ts';
import { byParam, formByParam } from './routePolicies.ts';

/** The form of `/…/forms/{id}`, for managers on the Professional plan and the administrator. */
export const insightsForm = formByParam('id', loadInsightsForm);

/** The image of `/api/images/{id}` with its form, for those who manage the form. */
export const managedImage = byParam('id', loadManagedImage);

/** The image of `/api/v1/images/{id}` with its form, for anyone who may see the form. */
export const viewableImage = byParam('id', loadViewableImage);

const loadedFirst = new WeakMap<AppContext, Form>();

/** Loads the managed form of `/…/forms/{id}` before the query is read; the router has set the path's parameters. */
const loadManagedFormFirst: AppMiddleware = async (ctx, next) => {
  const params: unknown = 'params' in ctx ? ctx.params : undefined;
  const { id } = parseInput(idParamSchema, params);
  loadedFirst.set(ctx, await loadManagedForm(ctx, requireUser(ctx), id));
  await next();
};

const formLoadedFirst: RoutePolicy<unknown, Form> = Object.assign(
  async (ctx: AppContext) => {
    const form = loadedFirst.get(ctx);
    if (!form) throw new Error('managedFormBeforeQuery: its before step did not run');
    return form;
  },
  { formParam: 'id' },
);

/** Access for a manager's figure read whose query is checked only once the caller may manage the form. */
export const managedFormBeforeQuery = { policy: formLoadedFirst, before: [loadManagedFormFirst] };
