import { z } from 'zod';

/** The form's verification stats (spec section 3 "Derived"), aggregated from stored image state. */
export const verificationStatsSchema = z.object({
  totalImages: z.number(),
  completedImages: z.number(),
  remainingImages: z.number(),
  completionPercentage: z.number(),
  totalFieldVerificationsNeeded: z.number(),
  completedFieldVerifications: z.number(),
  remainingFieldVerifications: z.number(),
});
export type VerificationStats = z.infer<typeof verificationStatsSchema>;
