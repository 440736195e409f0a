/** A form's images: the paged list (everyone who may see the form) and uploads (managers). */
import { idParamSchema } from '@formscribe/common/schemas/common';
import { imagesPageQuerySchema, imagesPageResponseSchema } from '@formscribe/common/schemas/form';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { formRole, loadManagedForm, loadViewableForm } from '../../policies/forms.ts';
import { presentImagesPage } from '../../presenters/presentImage.ts';
import { contributorColumnsFor } from '../../services/catalogue/contributorColumns.ts';
import { listFormImages } from '../../services/images/imagePages.ts';
import { searchFormImages } from '../../services/images/imageSearch.ts';
import { respond } from '../respond.ts';
import { receiveImageOrContainer } from './imageOrImport.ts';

export const formImagesRouter = new Router<AppState, AppContextExtras>();

formImagesRouter.get('/api/forms/:id/images', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { page, limit, search } = parseInput(imagesPageQuerySchema, ctx.query);
  const user = requireUser(ctx);
  const form = await loadViewableForm(ctx, user, id);
  const role = formRole(ctx, user, form);
  const images = search
    ? await searchFormImages(form, search, page, limit, role)
    : await listFormImages(form, page, limit);
  const contributorColumns = role === 'owner' ? [] : await contributorColumnsFor(form.id, images.images);
  respond(ctx, imagesPageResponseSchema, presentImagesPage(images, role, contributorColumns));
});

/**
 * One file per request in the multipart field `image`: an image answers 201 with the stored
 * image; a PDF, TIFF or ZIP answers 202 with the import it started.
 */
formImagesRouter.post('/api/forms/:id/images', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const user = requireUser(ctx);
  const form = await loadManagedForm(ctx, user, id);
  await receiveImageOrContainer(ctx, form, user, user);
});
