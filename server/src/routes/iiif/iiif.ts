/**
 * A form as a IIIF Presentation 3 manifest, for its managers only (it carries every verified
 * value, so no CORS header opens it to other sites): the browser's route, whose images are the
 * session's proxies. Its /api/v1 twin for a read token (routes/v1/v1Iiif.ts) sends it the same way.
 */
import { IIIF_MANIFEST_CONTENT_TYPE, iiifApi } from '@formscribe/common/api/iiif';
import type { AppContext } from '../../appTypes.ts';
import type { Form } from '../../models/index.ts';
import { type ManifestAudience, streamFormManifest } from '../../services/iiif/formManifest.ts';
import { route } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';

/** Streams the manifest with IIIF's content type; never cached (it changes with every verification). */
export async function sendManifest(ctx: AppContext, form: Form, audience: ManifestAudience): Promise<void> {
  const manifest = await streamFormManifest(ctx.deps, form, audience);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.type = IIIF_MANIFEST_CONTENT_TYPE;
  ctx.body = manifest;
}

route(iiifApi.formManifest, { policy: managedForm }, (ctx, { resource: form }) => sendManifest(ctx, form, 'session'));
