/**
 * The owner page's Insights tab: agreement per contributor (and their disagreements), field
 * difficulty, throughput with a forecast, and the per-image heatmap. Professional managers and the
 * administrator only (policies/insights.ts). Each figure reads maintained sums or stored image
 * state, never all of the form's entries. The handlers of the figures /api/v1 also serves
 * (v1/v1Insights.ts) are exported for it.
 */
import { insightsApi } from '@formscribe/common/api/insights';
import type { AppContext } from '../../appTypes.ts';
import type { Form } from '../../models/index.ts';
import { contributorAgreement } from '../../services/insights/agreementScores.ts';
import { contributorDisagreements } from '../../services/insights/contributorDisagreements.ts';
import { fieldDifficulty } from '../../services/insights/fieldDifficulty.ts';
import { heatmap } from '../../services/insights/heatmap.ts';
import { insightsComputing } from '../../services/insights/insightsReadiness.ts';
import { throughput } from '../../services/insights/throughput.ts';
import { route } from '../declared/declareRoute.ts';
import { insightsForm } from '../declared/figuresPolicies.ts';

interface OfForm {
  resource: Form;
}

export async function agreementOf(ctx: AppContext, { resource: form }: OfForm) {
  return {
    contributors: await contributorAgreement(ctx.deps.knex, form),
    computing: await insightsComputing(ctx.deps, form.id),
  };
}

export async function fieldDifficultyOf(ctx: AppContext, { resource: form }: OfForm) {
  return {
    fields: await fieldDifficulty(ctx.deps.knex, form),
    computing: await insightsComputing(ctx.deps, form.id),
  };
}

export function throughputOf(ctx: AppContext, { resource: form, query }: OfForm & { query: { days: number } }) {
  return throughput(ctx.deps.knex, form, query.days);
}

export function heatmapOf(ctx: AppContext, { resource: form }: OfForm) {
  return heatmap(ctx.deps.knex, form);
}

route(insightsApi.agreement, { policy: insightsForm }, agreementOf);

route(
  insightsApi.contributorDisagreements,
  { policy: insightsForm },
  async (ctx, { resource: form, params, query }) => ({
    ...(await contributorDisagreements(ctx.deps.knex, form, params.userId, query)),
    computing: await insightsComputing(ctx.deps, form.id),
  }),
);

route(insightsApi.fieldDifficulty, { policy: insightsForm }, fieldDifficultyOf);
route(insightsApi.throughput, { policy: insightsForm }, throughputOf);
route(insightsApi.heatmap, { policy: insightsForm }, heatmapOf);
