import { z } from 'zod';
import { imageResponseSchema } from './form.ts';
import { submissionResponseSchema } from './submission.ts';

export const limitQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).default(5) });

const userSummarySchema = z.object({ id: z.number(), name: z.string().nullable(), username: z.string() });

export const leaderboardResponseSchema = z.object({
  leaderboard: z.array(z.object({ user: userSummarySchema, submissionCount: z.number() })),
});

export const formUserSchema = z.object({
  user: userSummarySchema,
  submissions: z.number(),
  lastActivity: z.string().nullable(),
  isBlocked: z.boolean(),
  blockReason: z.string().nullable(),
  entriesDropped: z.boolean(),
  isCreator: z.boolean(),
});
export type FormUser = z.infer<typeof formUserSchema>;

export const formUsersResponseSchema = z.array(formUserSchema);
export const userCountResponseSchema = z.object({ userCount: z.number() });
export const totalResponseSchema = z.object({ total: z.number() });

/** GET /api/forms/{id}/admins: who manages the form, by display name. */
export const formAdminSchema = z.object({ id: z.number(), name: z.string() });
export type FormAdmin = z.infer<typeof formAdminSchema>;
export const adminsResponseSchema = z.array(formAdminSchema);

export const recentSubmissionsResponseSchema = z.array(submissionResponseSchema);

export const recentImagesResponseSchema = z.array(imageResponseSchema);

export const recentlyCompletedImageSchema = imageResponseSchema.extend({ formName: z.string() });
export type RecentlyCompletedImage = z.infer<typeof recentlyCompletedImageSchema>;
export const recentlyCompletedResponseSchema = z.array(recentlyCompletedImageSchema);
