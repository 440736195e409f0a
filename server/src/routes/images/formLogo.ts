/** POST /api/forms/:id/logo: a manager replaces the form's logo (multipart field `logo`). */
import { LOGO_MAX_BYTES } from '@formscribe/common/logos';
import { idParamSchema } from '@formscribe/common/schemas/common';
import { formLogoResponseSchema } from '@formscribe/common/schemas/form';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { loadManagedForm } from '../../policies/forms.ts';
import { replaceFormLogo } from '../../services/images/formLogos.ts';
import { logoTooLarge } from '../../services/images/imageErrors.ts';
import { respond } from '../respond.ts';
import { withUploadedFile } from './receiveUpload.ts';

export const formLogoRouter = new Router<AppState, AppContextExtras>();

formLogoRouter.post('/api/forms/:id/logo', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  // "Smaller than 10MB": the parser stops one byte short of the limit.
  const cap = { field: 'logo', maxBytes: LOGO_MAX_BYTES - 1, tooLarge: logoTooLarge };
  const logoUrl = await withUploadedFile(ctx, cap, (file) => replaceFormLogo(ctx.deps, form, file));
  respond(ctx, formLogoResponseSchema, { logoUrl });
});
