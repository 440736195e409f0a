/**
 * The image types a form takes as uploads, named once: the server's refusal, the uploader's file
 * chooser and its hint come from here. The server decides by the file's first bytes, whatever
 * the chooser lets through.
 */
export const IMAGE_UPLOAD_FORMATS = 'JPG, PNG, HEIC, WebP or AVIF';

export const UNSUPPORTED_IMAGE_TYPE_MESSAGE = `Unsupported file type: upload a ${IMAGE_UPLOAD_FORMATS} image`;

/**
 * The file chooser's `accept` list. Browsers often leave a HEIC's type blank, and some an AVIF's
 * or WebP's on older systems, hence their extensions too.
 */
export const ACCEPTED_IMAGE_TYPES =
  'image/jpeg,image/png,image/heic,image/heif,image/webp,image/avif,.heic,.heif,.webp,.avif';
