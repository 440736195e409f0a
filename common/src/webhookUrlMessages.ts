/**
 * Why a webhook address is refused. Apart from the webhook schemas (schemas/webhook.ts re-exports
 * them) so that the form settings schema, which every page loads, does not bring the webhook
 * event schemas with it.
 */
export const WEBHOOK_URL_PRIVATE = 'Webhook URL must not point to a private or local address';
export const WEBHOOK_URL_UNRESOLVED = 'Webhook URL host could not be found';
export const WEBHOOK_URL_NOT_HTTP = 'Webhook URL must be an http(s) address';
