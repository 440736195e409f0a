/**
 * The success page's search parameters: what Stripe appends to return_url after a payment that
 * needed a redirect (payment_intent, redirect_status), plus the plan and upgrade flag the
 * checkout put there, so an upgrade can still be completed.
 * Kept apart from the page so the router can import it without pulling the page into the main chunk.
 */
import { z } from 'zod';

const optionalText = z.string().min(1).optional().catch(undefined);

export const successSearchSchema = z.object({
  payment_intent: optionalText,
  redirect_status: optionalText,
  plan: optionalText,
  upgrade: optionalText,
});
export type SuccessSearch = z.infer<typeof successSearchSchema>;

export const SUCCESS_ROUTE_ID = '/signed-in/subscription-success';
