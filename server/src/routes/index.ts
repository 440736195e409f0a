import type Koa from 'koa';
import type { AppContextExtras, AppState } from '../appTypes.ts';
import { emailVerificationRouter } from './account/emailVerification.ts';
import { passwordResetRouter } from './account/passwordReset.ts';
import { profileRouter } from './account/profile.ts';
import { adminRouter } from './admin/admin.ts';
import { adminFormRecountRouter } from './admin/adminFormRecount.ts';
import { apiTokensRouter } from './apiTokens/apiTokens.ts';
import { authRouter } from './auth/auth.ts';
import { billingRouter } from './billing/billing.ts';
import { stripeWebhookRouter } from './billing/stripeWebhook.ts';
import { testPaymentsRouter } from './billing/testPayments.ts';
import { blocksRouter } from './blocks/blocks.ts';
import { campaignsRouter } from './campaigns/campaigns.ts';
import { disagreementsRouter } from './disagreements/disagreements.ts';
import { entryRouter } from './entry/entry.ts';
import { exportsRouter } from './exports/exports.ts';
import { formsRouter } from './forms/forms.ts';
import { healthRouter } from './health.ts';
import { fileProxiesRouter } from './images/fileProxies.ts';
import { formCatalogueRouter } from './images/formCatalogue.ts';
import { formImagesRouter } from './images/formImages.ts';
import { formImportsRouter } from './images/formImports.ts';
import { formLogoRouter } from './images/formLogo.ts';
import { imageActionsRouter } from './images/imageActions.ts';
import { resumableUploadsRouter } from './imports/resumableUploads.ts';
import { insightsRouter } from './insights/insights.ts';
import { invitesRouter } from './invites/invites.ts';
import { machineReadingRouter } from './machineReading/machineReading.ts';
import { readyRouter } from './ready.ts';
import { regionsRouter } from './regions/regions.ts';
import { groupedRoutes } from './routeGroups.ts';
import { formDashboardRouter } from './stats/formDashboard.ts';
import { formStatsRouter } from './stats/formStats.ts';
import { submissionsRouter } from './submissions/submissions.ts';
import { v1Router } from './v1/index.ts';
import { votesRouter } from './votes/votes.ts';
import { webhooksRouter } from './webhooks/webhooks.ts';

/** Every router the app mounts, in order (the route-policy test walks them). */
export const routers = [
  healthRouter,
  readyRouter,
  authRouter,
  passwordResetRouter,
  emailVerificationRouter,
  profileRouter,
];
routers.push(formsRouter);
routers.push(
  formImagesRouter,
  formImportsRouter,
  formCatalogueRouter,
  formLogoRouter,
  imageActionsRouter,
  fileProxiesRouter,
);
routers.push(invitesRouter, entryRouter, submissionsRouter, votesRouter, blocksRouter);
routers.push(formStatsRouter, formDashboardRouter, exportsRouter, disagreementsRouter);
routers.push(insightsRouter);
routers.push(regionsRouter);
routers.push(machineReadingRouter);
routers.push(webhooksRouter);
routers.push(stripeWebhookRouter);
routers.push(campaignsRouter);
routers.push(adminRouter, adminFormRecountRouter);
routers.push(billingRouter, testPaymentsRouter);
routers.push(apiTokensRouter, v1Router);
routers.push(resumableUploadsRouter);

/** Mounts every route: matched by its group (routeGroups.ts), not router by router. */
export function mountRoutes(app: Koa<AppState, AppContextExtras>): void {
  app.use(groupedRoutes(routers));
}
