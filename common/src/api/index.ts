/**
 * Every route contract of the API, by area. The server declares a handler for each
 * (server/src/routes/). The client names the areas it calls instead (`apiFor(formsApi)`,
 * client/src/api/typedApi.ts) and imports only types from here, so a page's scripts build only
 * those areas' schemas. A new area's contracts are added to API_AREAS.
 */
import { accountApi } from './account.ts';
import { adminApi } from './admin.ts';
import { apiTokensApi } from './apiTokens.ts';
import { auditApi } from './audit.ts';
import { authApi } from './auth.ts';
import { billingApi } from './billing.ts';
import { blocksApi } from './blocks.ts';
import { campaignsApi } from './campaigns.ts';
import { codebookApi } from './codebook.ts';
import { disagreementsApi } from './disagreements.ts';
import { entryApi } from './entry.ts';
import { exportsApi } from './exports.ts';
import { formsApi } from './forms.ts';
import { healthApi } from './health.ts';
import { iiifApi } from './iiif.ts';
import { imagesApi } from './images.ts';
import { importsApi } from './imports.ts';
import { insightsApi } from './insights.ts';
import { invitesApi } from './invites.ts';
import { machineReadingApi } from './machineReading.ts';
import { regionsApi } from './regions.ts';
import type { RouteContract } from './routeContract.ts';
import { statsApi } from './stats.ts';
import { submissionsApi } from './submissions.ts';
import { v1Api, v1ResumableUploadDocs } from './v1.ts';
import { votesApi } from './votes.ts';
import { webhooksApi } from './webhooks.ts';

export const API_AREAS = {
  health: healthApi,
  auth: authApi,
  account: accountApi,
  forms: formsApi,
  images: imagesApi,
  imports: importsApi,
  entry: entryApi,
  submissions: submissionsApi,
  votes: votesApi,
  blocks: blocksApi,
  invites: invitesApi,
  stats: statsApi,
  exports: exportsApi,
  codebook: codebookApi,
  audit: auditApi,
  iiif: iiifApi,
  disagreements: disagreementsApi,
  insights: insightsApi,
  regions: regionsApi,
  machineReading: machineReadingApi,
  webhooks: webhooksApi,
  campaigns: campaignsApi,
  admin: adminApi,
  billing: billingApi,
  apiTokens: apiTokensApi,
  v1: v1Api,
  v1Uploads: v1ResumableUploadDocs,
} as const;

type Areas = typeof API_AREAS;

/** Every contract, as one union type: what the typed client looks paths up in. */
export type ApiRoute = { [Area in keyof Areas]: Areas[Area][keyof Areas[Area]] }[keyof Areas];

/** Every contract, as a list. */
export const API_ROUTES: readonly RouteContract[] = Object.values(API_AREAS).flatMap((area) =>
  Object.values<RouteContract>(area),
);
