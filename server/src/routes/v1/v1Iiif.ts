/** /api/v1's twin of the IIIF manifest (routes/iiif/iiif.ts), for scripts and viewers with a read token. */
import { v1Api } from '@formscribe/common/api/v1';
import { route } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';
import { sendManifest } from '../iiif/iiif.ts';

route(v1Api.iiifManifest, { token: 'read', policy: managedForm }, (ctx, { resource: form }) =>
  sendManifest(ctx, form, 'token'),
);
