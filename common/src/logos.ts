/** A form's logo: what may be uploaded (the server enforces it, the client says it before sending). */
export const LOGO_MAX_BYTES = 10 * 1024 * 1024;
export const LOGO_TOO_LARGE_MESSAGE = 'Logo file must be smaller than 10MB';
