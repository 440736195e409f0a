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
import './disagreements/disagreements.ts';
import { entryRouter } from './entry/entry.ts';
import './exports/exports.ts';
import './forms/forms.ts';
import { declaredRouter } from './declared/declareRoute.ts';
import { healthRouter } from './health.ts';
import { fileProxiesRouter } from './images/fileProxies.ts';
import { formCatalogueRouter } from './images/formCatalogue.ts';
import { formImagesRouter } from './images/formImages.ts';
import { formImportsRouter } from './images/formImports.ts';
import { formLogoRouter } from './images/formLogo.ts';
import { imageActionsRouter } from './images/imageActions.ts';
import { resumableUploadsRouter } from './imports/resumableUploads.ts';
import './insights/insights.ts';
import { invitesRouter } from './invites/invites.ts';
import { machineReadingRouter } from './machineReading/machineReading.ts';
import { readyRouter } from './ready.ts';
import { regionsRouter } from './regions/regions.ts';
import { groupedRoutes } from './routeGroups.ts';
import './stats/formDashboard.ts';
import './stats/formStats.ts';
import { submissionsRouter } from './submissions/submissions.ts';
import './v1/index.ts';
import { votesRouter } from './votes/votes.ts';
import './webhooks/webhooks.ts';

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
routers.push(
  formImagesRouter,
  formImportsRouter,
  formCatalogueRouter,
  formLogoRouter,
  imageActionsRouter,
  fileProxiesRouter,
);
routers.push(invitesRouter, entryRouter, submissionsRouter, votesRouter, blocksRouter);
routers.push(regionsRouter);
routers.push(machineReadingRouter);
routers.push(stripeWebhookRouter);
routers.push(campaignsRouter);
routers.push(adminRouter);
routers.push(billingRouter, testPaymentsRouter);
routers.push(apiTokensRouter);
routers.push(resumableUploadsRouter);

/** Mounts every route: matched by its group (routeGroups.ts), not router by router. */
export function mountRoutes(app: Koa<AppState, AppContextExtras>): void {
  app.use(groupedRoutes(routers));
}
