/**
 * /api/v1 twins of the Insights tab's figures (routes/insights/insights.ts): the same policy
 * (Professional managers and the administrator), handlers and response schemas as the browser's.
 */
import { v1Api } from '@formscribe/common/api/v1';
import { route } from '../declared/declareRoute.ts';
import { insightsForm } from '../declared/figuresPolicies.ts';
import { agreementOf, fieldDifficultyOf, heatmapOf, throughputOf } from '../insights/insights.ts';

route(v1Api.agreement, { token: 'read', policy: insightsForm }, agreementOf);
route(v1Api.fieldDifficulty, { token: 'read', policy: insightsForm }, fieldDifficultyOf);
route(v1Api.throughput, { token: 'read', policy: insightsForm }, throughputOf);
route(v1Api.heatmap, { token: 'read', policy: insightsForm }, heatmapOf);
