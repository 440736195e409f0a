/** POST /api/forms/{id}/logo: a manager replaces the form's logo (multipart field `logo`). */
import { imagesApi } from '@formscribe/common/api/images';
import { LOGO_MAX_BYTES } from '@formscribe/common/logos';
import { replaceFormLogo } from '../../services/images/formLogos.ts';
import { logoTooLarge } from '../../services/images/imageErrors.ts';
import { route } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';
import { withUploadedFile } from './receiveUpload.ts';

route(imagesApi.uploadFormLogo, { policy: managedForm }, async (ctx, { resource: form }) => {
  // "Smaller than 10MB": the parser stops one byte short of the limit.
  const cap = { field: imagesApi.uploadFormLogo.upload.field, maxBytes: LOGO_MAX_BYTES - 1, tooLarge: logoTooLarge };
  const logoUrl = await withUploadedFile(ctx, cap, (file) => replaceFormLogo(ctx.deps, form, file));
  return { logoUrl };
});
