/**
 * The names of a resumable upload: its id, which says whose upload it is, and the uploader's
 * name for the file, which may be a path inside a dropped folder.
 *
 * The id carries the form and the uploader (`f<form>u<user>-<32 hex>`), so every HEAD, PATCH and
 * DELETE is checked against the caller and the path's form without reading the upload: someone
 * else's id, or one id used under another form, is simply not found. The random part is what
 * makes it unguessable; the rest is what makes it refusable.
 */
import { randomBytes } from 'node:crypto';

const UPLOAD_ID = /^f(\d+)u(\d+)-([0-9a-f]{32})$/;

export function newUploadId(formId: number, uploaderId: number): string {
  return `f${formId}u${uploaderId}-${randomBytes(16).toString('hex')}`;
}

/** Whether `id` is an upload id made for this form and this uploader. */
export function uploadIdBelongsTo(id: string, formId: number, uploaderId: number): boolean {
  const match = UPLOAD_ID.exec(id);
  return match !== null && Number(match[1]) === formId && Number(match[2]) === uploaderId;
}

/** Long enough for any folder a scanner writes; the import shows it to the owner as it is. */
export const MAX_UPLOAD_NAME_LENGTH = 300;

/**
 * The uploader's name for the file, kept as a relative path (`box1/page_9.jpg` from a folder
 * drop) because the owner recognises pages by it: backslashes become slashes, and leading
 * slashes, empty, `.` and `..` segments and control characters go, so the name can never point
 * outside the folder it came from. Bounded to its last MAX_UPLOAD_NAME_LENGTH characters (the
 * file's own name is the part worth keeping). Empty when nothing is left.
 */
export function cleanUploadName(name: string): string {
  const segments = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .split(/[\\/]+/)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
  const joined = segments.join('/');
  return joined.length > MAX_UPLOAD_NAME_LENGTH ? joined.slice(-MAX_UPLOAD_NAME_LENGTH).replace(/^\/+/, '') : joined;
}
