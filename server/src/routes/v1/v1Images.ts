/** /api/v1 images: a form's images (cursor pages), one image, its file, and uploads (read-and-write tokens). */
import { v1Api } from '@formscribe/common/api/v1';
import { formRole } from '../../policies/forms.ts';
import { presentImage } from '../../presenters/presentImage.ts';
import { imagesAfter } from '../../services/publicApi/keysetPages.ts';
import { route } from '../declared/declareRoute.ts';
import { viewableImage } from '../declared/figuresPolicies.ts';
import { managedForm, viewableForm } from '../declared/routePolicies.ts';
import { PRIVATE_CACHE, sendStoredFile } from '../images/fileProxies.ts';
import { receiveImageOrContainer } from '../images/imageOrImport.ts';

route(v1Api.listImages, { token: 'read', policy: viewableForm }, async (ctx, { user, resource: form, query }) => {
  const page = await imagesAfter(form, query);
  return {
    data: page.rows.map((image) => presentImage(image, undefined, formRole(ctx, user, form))),
    nextCursor: page.nextCursor,
  };
});

// Answers itself: 201 and the image, or 202 and the import a PDF, TIFF or ZIP started.
route(v1Api.uploadImage, { token: 'read_write', policy: managedForm }, (ctx, { user, resource: form }) =>
  receiveImageOrContainer(ctx, form, user),
);

route(v1Api.getImage, { token: 'read', policy: viewableImage }, (ctx, { user, resource: { image, form } }) =>
  presentImage(image, undefined, formRole(ctx, user, form)),
);

route(v1Api.imageFile, { token: 'read', policy: viewableImage }, (ctx, { resource: { image } }) =>
  sendStoredFile(ctx, 'images', image.filename, PRIVATE_CACHE),
);
