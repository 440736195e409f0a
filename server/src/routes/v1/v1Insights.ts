/**
 * /api/v1 twins of the Insights tab's figures (routes/insights/insights.ts): the same policy
 * (Professional managers and the administrator), services and response schemas as the browser's.
 */
import { idParamSchema } from '@formscribe/common/schemas/common';
import {
  agreementResponseSchema,
  fieldDifficultyResponseSchema,
  heatmapResponseSchema,
  throughputQuerySchema,
  throughputResponseSchema,
} from '@formscribe/common/schemas/insights';
import { parseInput } from '../../middlewares/validate.ts';
import { loadInsightsForm } from '../../policies/insights.ts';
import { contributorAgreement } from '../../services/insights/agreementScores.ts';
import { fieldDifficulty } from '../../services/insights/fieldDifficulty.ts';
import { heatmap } from '../../services/insights/heatmap.ts';
import { insightsComputing } from '../../services/insights/insightsReadiness.ts';
import { throughput } from '../../services/insights/throughput.ts';
import { respond } from '../respond.ts';
import { v1Route } from './v1Router.ts';

v1Route(
  {
    method: 'get',
    path: '/api/v1/forms/:id/insights/agreement',
    summary: 'Agreement per contributor',
    description:
      'How often each contributor’s entries match the finally verified value, overall and per field type, with the number of entries and a Wilson 95 % interval; best first.',
    scope: 'read',
    params: idParamSchema,
    response: { schema: agreementResponseSchema },
  },
  async (ctx, { user }) => {
    const { id } = parseInput(idParamSchema, ctx.params);
    const form = await loadInsightsForm(ctx, user, id);
    respond(ctx, agreementResponseSchema, {
      contributors: await contributorAgreement(ctx.deps.knex, form),
      computing: await insightsComputing(ctx.deps, form.id),
    });
  },
);

v1Route(
  {
    method: 'get',
    path: '/api/v1/forms/:id/insights/field-difficulty',
    summary: 'Field difficulty',
    description:
      'Per data field: the share of images whose entries disagree, and of those written differently, the share that differ only in spacing, case or date format.',
    scope: 'read',
    params: idParamSchema,
    response: { schema: fieldDifficultyResponseSchema },
  },
  async (ctx, { user }) => {
    const { id } = parseInput(idParamSchema, ctx.params);
    const form = await loadInsightsForm(ctx, user, id);
    respond(ctx, fieldDifficultyResponseSchema, {
      fields: await fieldDifficulty(ctx.deps.knex, form),
      computing: await insightsComputing(ctx.deps, form.id),
    });
  },
);

v1Route(
  {
    method: 'get',
    path: '/api/v1/forms/:id/insights/throughput',
    summary: 'Throughput and forecast',
    description:
      'Submissions, completed images and active contributors per UTC day, and the projected completion date at the recent rate: completed images per day over the last 14 days, counted from the first of them with any activity (`rateDays` says how many).',
    scope: 'read',
    params: idParamSchema,
    query: throughputQuerySchema,
    response: { schema: throughputResponseSchema },
  },
  async (ctx, { user }) => {
    const { id } = parseInput(idParamSchema, ctx.params);
    const { days } = parseInput(throughputQuerySchema, ctx.query);
    const form = await loadInsightsForm(ctx, user, id);
    respond(ctx, throughputResponseSchema, await throughput(ctx.deps.knex, form, days));
  },
);

v1Route(
  {
    method: 'get',
    path: '/api/v1/forms/:id/insights/heatmap',
    summary: 'Per-image heatmap',
    description:
      'One byte per image in image-number order (base64): 0 no entries, 1 in progress, 2 disputed, 3 verified, 4 complete.',
    scope: 'read',
    params: idParamSchema,
    response: { schema: heatmapResponseSchema },
  },
  async (ctx, { user }) => {
    const { id } = parseInput(idParamSchema, ctx.params);
    const form = await loadInsightsForm(ctx, user, id);
    respond(ctx, heatmapResponseSchema, await heatmap(ctx.deps.knex, form));
  },
);
