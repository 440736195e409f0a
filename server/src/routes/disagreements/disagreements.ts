/** Beyond the spec: owners settle fields whose entries disagree by accepting one variant. */
import { disagreementsApi } from '@formscribe/common/api/disagreements';
import { presentImage } from '../../presenters/presentImage.ts';
import { presentImageVariants } from '../../presenters/presentImageVariants.ts';
import { acceptVariant, fieldVariants, withdrawAcceptance } from '../../services/disagreements/fieldVariants.ts';
import { route } from '../declared/declareRoute.ts';
import { managedImage } from '../declared/figuresPolicies.ts';

route(disagreementsApi.imageVariants, { policy: managedImage }, async (_ctx, { resource: { image, form } }) =>
  presentImageVariants(image, await fieldVariants(form, image)),
);

route(disagreementsApi.acceptVariant, { policy: managedImage }, async (ctx, { user, body, resource }) => {
  const { image, form } = resource;
  return presentImage(await acceptVariant(ctx.deps, form, image, body.fieldId, body.value, user));
});

route(disagreementsApi.withdrawAcceptance, { policy: managedImage }, async (ctx, { user, params, resource }) => {
  const { image, form } = resource;
  return presentImage(await withdrawAcceptance(ctx.deps, form, image, params.fieldId, user));
});
