/**
 * The API as the entry pages see it, for their component tests: a form with a few fields and
 * images, answered by the fake fetch. Each test overrides the routes it is about.
 */
import type { FormField } from '@formscribe/common/fields';
import type { FormResponse, ImageResponse } from '@formscribe/common/schemas/form';
import type { EntryResponse, NextImageResponse } from '@formscribe/common/schemas/submission';
import { buildUser, type FakeRoutes, stubApi } from './fakeApi.ts';
import { buildFormResponse, buildImage } from './formFixtures.ts';

export const FORM_ID = 1;

export const textField = (id: string, label: string, extra: Partial<FormField> = {}): FormField => ({
  id,
  type: 'text',
  label,
  order: 0,
  required: false,
  ...extra,
});

/** Fields get their order from their place in the list. */
export function entryForm(fields: FormField[], overrides: Partial<FormResponse> = {}): FormResponse {
  return buildFormResponse({
    id: FORM_ID,
    name: 'Parish Register 1850',
    canManage: false,
    isOwner: false,
    fields: fields.map((field, order) => ({ ...field, order })),
    ...overrides,
  });
}

export function entryImage(id: number, overrides: Partial<ImageResponse> = {}): ImageResponse {
  return buildImage({
    id,
    formId: FORM_ID,
    number: id - 10,
    originalName: `page-${id}.jpg`,
    publicUrl: `/api/image-proxy/${id}.jpg`,
    ...overrides,
  });
}

export function entryResponse(form: FormResponse, images: ImageResponse[], overrides: Partial<EntryResponse> = {}) {
  return {
    form,
    images: images.map(({ id, number, originalName, publicUrl, thumbnailUrl, rotation, isComplete, entryCount }) => ({
      id,
      number,
      originalName,
      publicUrl,
      thumbnailUrl,
      rotation,
      isComplete,
      entryCount,
    })),
    totalImages: images.length,
    isBlocked: false,
    entryClosedReason: null,
    ...overrides,
  } satisfies EntryResponse;
}

export function nextImageResponse(form: FormResponse, image: ImageResponse, remainingCount = 1): NextImageResponse {
  return { form, image, remainingCount, message: `${remainingCount} images left for you` };
}

/** Every read the page makes for `images`, plus a signed-in user who has seen the tutorial. */
export function stubEntryApi(
  form: FormResponse,
  images: ImageResponse[],
  routes: FakeRoutes = {},
  options: { tutorialDone?: boolean } = {},
) {
  const imageRoutes: FakeRoutes = {};
  images.forEach((image, index) => {
    // As the server answers: the images are the form's, in upload order.
    imageRoutes[`GET /api/images/${image.id}/neighbours`] = () => ({
      status: 200,
      body: {
        imageId: image.id,
        number: index + 1,
        totalImages: images.length,
        previousImageId: images[index - 1]?.id ?? null,
        nextImageId: images[index + 1]?.id ?? null,
      },
    });
  });
  for (const image of images) {
    imageRoutes[`GET /api/images/${image.id}`] = () => ({ status: 200, body: image });
    imageRoutes[`GET /api/images/${image.id}/contributors`] = () => ({ status: 200, body: [] });
    imageRoutes[`GET /api/images/${image.id}/vote-no-data-status`] = () => ({
      status: 200,
      body: { hasVoted: false, voteCount: 0 },
    });
    imageRoutes[`GET /api/images/${image.id}/vote-unreadable-status`] = () => ({
      status: 200,
      body: { hasVoted: false, voteCount: 0 },
    });
  }
  return stubApi({
    'GET /api/user': () => ({
      status: 200,
      body: buildUser({ hasCompletedDataEntryTutorial: options.tutorialDone ?? true }),
    }),
    [`GET /api/forms/${FORM_ID}/entry`]: () => ({ status: 200, body: entryResponse(form, images) }),
    ...imageRoutes,
    ...routes,
  });
}
