/**
 * The owner page's Insights tab: agreement per contributor (and their disagreements), field
 * difficulty, throughput with a forecast, and the per-image heatmap. Professional managers and the
 * administrator only (policies/insights.ts). Each figure reads maintained sums or stored image
 * state, never all of the form's entries.
 */

import { idParamSchema } from '@formscribe/common/schemas/common';
import {
  agreementResponseSchema,
  contributorDisagreementsQuerySchema,
  contributorDisagreementsResponseSchema,
  contributorParamsSchema,
  fieldDifficultyResponseSchema,
  heatmapResponseSchema,
  throughputQuerySchema,
  throughputResponseSchema,
} from '@formscribe/common/schemas/insights';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { loadInsightsForm } from '../../policies/insights.ts';
import { contributorAgreement } from '../../services/insights/agreementScores.ts';
import { contributorDisagreements } from '../../services/insights/contributorDisagreements.ts';
import { fieldDifficulty } from '../../services/insights/fieldDifficulty.ts';
import { heatmap } from '../../services/insights/heatmap.ts';
import { insightsComputing } from '../../services/insights/insightsReadiness.ts';
import { throughput } from '../../services/insights/throughput.ts';
import { respond } from '../respond.ts';

export const insightsRouter = new Router<AppState, AppContextExtras>();

insightsRouter.get('/api/forms/:id/insights/agreement', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadInsightsForm(ctx, requireUser(ctx), id);
  respond(ctx, agreementResponseSchema, {
    contributors: await contributorAgreement(ctx.deps.knex, form),
    computing: await insightsComputing(ctx.deps, form.id),
  });
});

insightsRouter.get('/api/forms/:id/insights/contributors/:userId/disagreements', async (ctx) => {
  const { id, userId } = parseInput(contributorParamsSchema, ctx.params);
  const page = parseInput(contributorDisagreementsQuerySchema, ctx.query);
  const form = await loadInsightsForm(ctx, requireUser(ctx), id);
  respond(ctx, contributorDisagreementsResponseSchema, {
    ...(await contributorDisagreements(ctx.deps.knex, form, userId, page)),
    computing: await insightsComputing(ctx.deps, form.id),
  });
});

insightsRouter.get('/api/forms/:id/insights/field-difficulty', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadInsightsForm(ctx, requireUser(ctx), id);
  respond(ctx, fieldDifficultyResponseSchema, {
    fields: await fieldDifficulty(ctx.deps.knex, form),
    computing: await insightsComputing(ctx.deps, form.id),
  });
});

insightsRouter.get('/api/forms/:id/insights/throughput', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { days } = parseInput(throughputQuerySchema, ctx.query);
  const form = await loadInsightsForm(ctx, requireUser(ctx), id);
  respond(ctx, throughputResponseSchema, await throughput(ctx.deps.knex, form, days));
});

insightsRouter.get('/api/forms/:id/insights/heatmap', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadInsightsForm(ctx, requireUser(ctx), id);
  respond(ctx, heatmapResponseSchema, await heatmap(ctx.deps.knex, form));
});
