/** A form's images: the paged list (everyone who may see the form) and uploads (managers). */
import { imagesApi } from '@formscribe/common/api/images';
import { formRole } from '../../policies/forms.ts';
import { presentImagesPage } from '../../presenters/presentImage.ts';
import { contributorColumnsFor } from '../../services/catalogue/contributorColumns.ts';
import { listFormImages } from '../../services/images/imagePages.ts';
import { searchFormImages } from '../../services/images/imageSearch.ts';
import { route } from '../declared/declareRoute.ts';
import { managedForm, viewableForm } from '../declared/routePolicies.ts';
import { receiveImageOrContainer } from './imageOrImport.ts';

route(imagesApi.listFormImages, { policy: viewableForm }, async (ctx, { user, query, resource: form }) => {
  const { page, limit, search } = query;
  const role = formRole(ctx, user, form);
  const images = search
    ? await searchFormImages(form, search, page, limit, role)
    : await listFormImages(form, page, limit);
  const contributorColumns = role === 'owner' ? [] : await contributorColumnsFor(form.id, images.images);
  return presentImagesPage(images, role, contributorColumns);
});

/**
 * One file per request in the multipart field `image`: an image answers 201 with the stored
 * image; a PDF, TIFF or ZIP answers 202 with the import it started (the handler answers itself).
 */
route(imagesApi.uploadFormImage, { policy: managedForm }, async (ctx, { user, resource: form }) => {
  await receiveImageOrContainer(ctx, form, user, user);
});
