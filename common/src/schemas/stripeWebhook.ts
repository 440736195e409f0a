/** POST /api/stripe/webhook: Stripe only reads the status; the body acknowledges the event. */
import { z } from 'zod';

export const stripeWebhookResponseSchema = z.object({ received: z.literal(true) });
