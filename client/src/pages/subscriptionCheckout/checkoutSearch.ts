/**
 * The checkout page's search parameters (spec section 2): plan, upgrade=true, downgrade=true,
 * client_secret. `plan` stays the raw string so the page itself can say 'Invalid plan selected'.
 * Kept apart from the page so the router can import it without pulling the page into the main chunk.
 */
import { z } from 'zod';

/** A flag is present as 'true' or absent (kept absent, so the router does not write it back into the URL). */
const flag = z.literal('true').optional().catch(undefined);

export const checkoutSearchSchema = z.object({
  plan: z.string().optional().catch(undefined),
  upgrade: flag,
  downgrade: flag,
  client_secret: z.string().min(1).optional().catch(undefined),
});
export type CheckoutSearch = z.infer<typeof checkoutSearchSchema>;

export const CHECKOUT_ROUTE_ID = '/subscription-checkout';
