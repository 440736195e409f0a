/**
 * The upload route's body, shared by the browser's and /api/v1's: one image is stored at once
 * (201 and the image); a PDF, TIFF or ZIP starts an import (202 and its id).
 */
import { imagesApi } from '@formscribe/common/api/images';
import { imageResponseSchema } from '@formscribe/common/schemas/form';
import { importStartedResponseSchema } from '@formscribe/common/schemas/imports';
import type { AppContext } from '../../appTypes.ts';
import type { Form, User } from '../../models/index.ts';
import { presentImage } from '../../presenters/presentImage.ts';
import { prepareImageUpload, storeFormImage } from '../../services/images/imageUploads.ts';
import { detectContainerType } from '../../services/imports/detectContainerType.ts';
import { bufferToImport, startUploadedImport } from '../../services/imports/imports.ts';
import { respond } from '../respond.ts';
import { imageReceiveBuffers } from './receiveBufferPool.ts';
import { withUploadedFile } from './receiveUpload.ts';

export async function receiveImageOrContainer(ctx: AppContext, form: Form, uploader: User, ownerKnown?: User) {
  const { owner, cap } = await prepareImageUpload(form, ownerKnown);
  // Both uses below are done with the bytes when they settle: the buffer can serve the next upload.
  const options = { field: imagesApi.uploadFormImage.upload.field, ...cap, buffers: imageReceiveBuffers };
  await withUploadedFile(ctx, options, async (file) => {
    if (detectContainerType(file.data)) {
      const started = await startUploadedImport(
        ctx.deps,
        form,
        owner,
        uploader,
        bufferToImport(file.originalName, file.data),
      );
      respond(ctx, importStartedResponseSchema, started, 202);
      return;
    }
    const stored = await storeFormImage(ctx.deps, form, owner, file, undefined, uploader);
    respond(ctx, imageResponseSchema, presentImage(stored.image, undefined, 'owner'), 201);
  });
}
