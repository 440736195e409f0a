/**
 * The URLs the API hands out for stored files: always the access-checked proxy routes, built from
 * their contracts (common/src/api/images.ts), so a proxy's path is written once.
 */
import { imagesApi } from '@formscribe/common/api/images';
import { urlOf } from '@formscribe/common/api/routeContract';

export const imageProxyUrl = (filename: string) => urlOf(imagesApi.imageFile.path, { filename });
export const thumbnailProxyUrl = (filename: string) => urlOf(imagesApi.thumbnailFile.path, { filename });
export const logoProxyUrl = (filename: string) => urlOf(imagesApi.logoFile.path, { filename });

export function imageUrls(names: { filename: string; thumbnailFilename: string }) {
  return { publicUrl: imageProxyUrl(names.filename), thumbnailUrl: thumbnailProxyUrl(names.thumbnailFilename) };
}
