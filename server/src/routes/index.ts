import type Koa from 'koa';
import type { AppContextExtras, AppState } from '../appTypes.ts';
import { emailVerificationRouter } from './account/emailVerification.ts';
import { passwordResetRouter } from './account/passwordReset.ts';
import { profileRouter } from './account/profile.ts';
import { adminRouter } from './admin/admin.ts';
import { apiTokensRouter } from './apiTokens/apiTokens.ts';
import { authRouter } from './auth/auth.ts';
import { billingRouter } from './billing/billing.ts';
import { stripeWebhookRouter } from './billing/stripeWebhook.ts';
import { testPaymentsRouter } from './billing/testPayments.ts';
import { blocksRouter } from './blocks/blocks.ts';
import { campaignsRouter } from './campaigns/campaigns.ts';
import { disagreementsRouter } from './disagreements/disagreements.ts';
import './entry/entry.ts';
import { exportsRouter } from './exports/exports.ts';
import './forms/forms.ts';
import { declaredRouter } from './declared/declareRoute.ts';
import { healthRouter } from './health.ts';
import './images/fileProxies.ts';
import './images/formCatalogue.ts';
import './images/formImages.ts';
import './images/formImports.ts';
import './images/formLogo.ts';
import './images/imageActions.ts';
import { resumableUploadsRouter } from './imports/resumableUploads.ts';
import { insightsRouter } from './insights/insights.ts';
import { invitesRouter } from './invites/invites.ts';
import './machineReading/machineReading.ts';
import { readyRouter } from './ready.ts';
import './regions/regions.ts';
import { groupedRoutes } from './routeGroups.ts';
import { formDashboardRouter } from './stats/formDashboard.ts';
import { formStatsRouter } from './stats/formStats.ts';
import './submissions/submissions.ts';
import { v1Router } from './v1/index.ts';
import './votes/votes.ts';
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
routers.push(declaredRouter);
routers.push(invitesRouter, blocksRouter);
routers.push(formStatsRouter, formDashboardRouter, exportsRouter, disagreementsRouter);
routers.push(insightsRouter);
routers.push(webhooksRouter);
routers.push(stripeWebhookRouter);
routers.push(campaignsRouter);
routers.push(adminRouter);
routers.push(billingRouter, testPaymentsRouter);
routers.push(apiTokensRouter, v1Router);
routers.push(resumableUploadsRouter);

/** Mounts every route: matched by its group (routeGroups.ts), not router by router. */
export function mountRoutes(app: Koa<AppState, AppContextExtras>): void {
  app.use(groupedRoutes(routers));
}
