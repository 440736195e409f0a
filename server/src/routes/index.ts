import type Koa from 'koa';
import type { AppContextExtras, AppState } from '../appTypes.ts';
import './account/emailVerification.ts';
import './account/passwordReset.ts';
import './account/profile.ts';
import './admin/admin.ts';
import './admin/adminFormRecount.ts';
import './apiTokens/apiTokens.ts';
import './auth/auth.ts';
import './billing/billing.ts';
import './billing/stripeWebhook.ts';
import './billing/testPayments.ts';
import './blocks/blocks.ts';
import './campaigns/campaigns.ts';
import './disagreements/disagreements.ts';
import { entryRouter } from './entry/entry.ts';
import './exports/exports.ts';
import './forms/forms.ts';
import { declaredRouter } from './declared/declareRoute.ts';
import './health.ts';
import { fileProxiesRouter } from './images/fileProxies.ts';
import { formCatalogueRouter } from './images/formCatalogue.ts';
import { formImagesRouter } from './images/formImages.ts';
import { formImportsRouter } from './images/formImports.ts';
import { formLogoRouter } from './images/formLogo.ts';
import { imageActionsRouter } from './images/imageActions.ts';
import { resumableUploadsRouter } from './imports/resumableUploads.ts';
import './insights/insights.ts';
import './invites/invites.ts';
import { machineReadingRouter } from './machineReading/machineReading.ts';
import './ready.ts';
import { regionsRouter } from './regions/regions.ts';
import { groupedRoutes } from './routeGroups.ts';
import './stats/formDashboard.ts';
import './stats/formStats.ts';
import { submissionsRouter } from './submissions/submissions.ts';
import './v1/index.ts';
import { votesRouter } from './votes/votes.ts';
import './webhooks/webhooks.ts';

/** Every router the app mounts, in order (the route-policy test walks them). */
export const routers = [declaredRouter];
routers.push(
  formImagesRouter,
  formImportsRouter,
  formCatalogueRouter,
  formLogoRouter,
  imageActionsRouter,
  fileProxiesRouter,
);
routers.push(entryRouter, submissionsRouter, votesRouter);
routers.push(regionsRouter);
routers.push(machineReadingRouter);
routers.push(resumableUploadsRouter);

/** Mounts every route: matched by its group (routeGroups.ts), not router by router. */
export function mountRoutes(app: Koa<AppState, AppContextExtras>): void {
  app.use(groupedRoutes(routers));
}
