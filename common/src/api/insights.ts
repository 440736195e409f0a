/**
 * The owner page's Insights tab: agreement per contributor and their disagreements, field
 * difficulty, throughput with a forecast, and the per-image heatmap.
 */
import { idParamSchema } from '../schemas/common.ts';
import {
  agreementResponseSchema,
  contributorDisagreementsQuerySchema,
  contributorDisagreementsResponseSchema,
  contributorParamsSchema,
  fieldDifficultyResponseSchema,
  heatmapResponseSchema,
  throughputQuerySchema,
  throughputResponseSchema,
} from '../schemas/insights.ts';
import { defineRoutes } from './routeContract.ts';

export const insightsApi = defineRoutes({
  agreement: {
    method: 'get',
    path: '/api/forms/{id}/insights/agreement',
    params: idParamSchema,
    response: agreementResponseSchema,
  },
  contributorDisagreements: {
    method: 'get',
    path: '/api/forms/{id}/insights/contributors/{userId}/disagreements',
    params: contributorParamsSchema,
    query: contributorDisagreementsQuerySchema,
    response: contributorDisagreementsResponseSchema,
  },
  fieldDifficulty: {
    method: 'get',
    path: '/api/forms/{id}/insights/field-difficulty',
    params: idParamSchema,
    response: fieldDifficultyResponseSchema,
  },
  throughput: {
    method: 'get',
    path: '/api/forms/{id}/insights/throughput',
    params: idParamSchema,
    query: throughputQuerySchema,
    response: throughputResponseSchema,
  },
  heatmap: {
    method: 'get',
    path: '/api/forms/{id}/insights/heatmap',
    params: idParamSchema,
    response: heatmapResponseSchema,
  },
});
