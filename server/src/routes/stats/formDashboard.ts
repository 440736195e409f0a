/**
 * GET /api/forms/{id}/dashboard: the first screen of the owner's Dashboard tab (figures, user
 * count, top contributors) in one request instead of three, for managers only, like the reads
 * it gathers (formStats.ts), which stay for everything that refreshes one of them.
 */
import { statsApi } from '@formscribe/common/api/stats';
import { formDashboard } from '../../services/stats/formDashboard.ts';
import { route } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';

/** A contributor's or stranger's bad `limit` gets the policy's 403/404, never a 400. */
const managedFormFirst = { policy: managedForm, policyFirst: true } as const;

// The policy answers before the query is checked, as for GET leaderboard: only managers learn more.
route(statsApi.formDashboard, managedFormFirst, (ctx, { resource: form, query }) =>
  formDashboard(ctx.deps.knex, form, query.limit),
);
