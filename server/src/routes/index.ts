/**
 * Every route the app serves. Each file below declares its routes with `route()` when imported
 * (routes/declared/declareRoute.ts), into `declaredRoutes`, which the dispatcher runs; the tus
 * server's own protocol answers (HEAD, and the /api/v1 twins) are mounted on
 * `resumableUploadsRouter`, their contracts declared with `routeServedElsewhere`. A new file's
 * import goes here.
 */
import type Koa from 'koa';
import type { AppContextExtras, AppState } from '../appTypes.ts';
import './account/emailVerification.ts';
import './account/passwordReset.ts';
import './account/profile.ts';
import './admin/admin.ts';
import './admin/adminFormRecount.ts';
import './apiTokens/apiTokens.ts';
import './audit/audit.ts';
import './auth/auth.ts';
import './billing/billing.ts';
import './billing/stripeWebhook.ts';
import './billing/testPayments.ts';
import './blocks/blocks.ts';
import './campaigns/campaigns.ts';
import './codebook/codebook.ts';
import './disagreements/disagreements.ts';
import './entry/entry.ts';
import './exports/exports.ts';
import './forms/forms.ts';
import { dispatchRoutes } from './declared/dispatchRoutes.ts';
import type { RouteLookup } from './declared/routeLookup.ts';
import './health.ts';
import './images/fileProxies.ts';
import './images/formCatalogue.ts';
import './images/formImages.ts';
import './images/formImports.ts';
import './images/formLogo.ts';
import './iiif/iiif.ts';
import './images/imageActions.ts';
import { resumableUploadsRouter } from './imports/resumableUploads.ts';
import './insights/insights.ts';
import './invites/invites.ts';
import './machineReading/machineReading.ts';
import './ready.ts';
import './regions/regions.ts';
import { groupedRoutes } from './routeGroups.ts';
import './stats/formDashboard.ts';
import './stats/formStats.ts';
import './submissions/submissions.ts';
import './v1/index.ts';
import './votes/votes.ts';
import './webhooks/webhooks.ts';

/** The routers mounted beside the declared routes: only the tus server's (the route-policy test walks them too). */
export const routers = [resumableUploadsRouter];

/** Mounts every route: the declared ones run from the request's one match, the tus server's by its group (routeGroups.ts). */
export function mountRoutes(app: Koa<AppState, AppContextExtras>, lookup: RouteLookup): void {
  app.use(dispatchRoutes(lookup));
  app.use(groupedRoutes(routers));
}
