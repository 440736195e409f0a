/** The URLs the API hands out for stored files: always the access-checked proxy routes. */

export const imageProxyUrl = (filename: string) => `/api/image-proxy/${filename}`;
export const thumbnailProxyUrl = (filename: string) => `/api/thumbnail-proxy/${filename}`;
export const logoProxyUrl = (filename: string) => `/api/logo-proxy/${filename}`;

export function imageUrls(names: { filename: string; thumbnailFilename: string }) {
  return { publicUrl: imageProxyUrl(names.filename), thumbnailUrl: thumbnailProxyUrl(names.thumbnailFilename) };
}
