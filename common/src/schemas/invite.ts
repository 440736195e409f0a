import { z } from 'zod';
import { rowIdParamSchema, rowIdSchema } from './common.ts';
import { entryImageSummarySchema } from './submission.ts';

export const INVALID_INVITATION = 'This invitation link is invalid or has expired.';

/** POST /api/forms/{id}/invites: the share dialog always sends anyone / false; expiry optional. */
export const createInviteRequestSchema = z.object({
  accessType: z.literal('anyone').default('anyone'),
  requiresEmailVerification: z.literal(false).default(false),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'Expiry must be a date and time' })
    .nullish()
    .transform((v) => (v ? new Date(v) : null))
    .refine((date) => date === null || date.getTime() > Date.now(), 'Expiry must be in the future'),
});

export const inviteParamsSchema = z.object({
  id: rowIdParamSchema,
  inviteId: rowIdParamSchema,
});

export const inviteTokenParamSchema = z.object({ token: z.string().min(1).max(200) });

export const inviteResponseSchema = z.object({
  id: z.number(),
  formId: z.number(),
  token: z.string(),
  /** The link to share: {PUBLIC_URL}/invite/{token}. */
  url: z.string(),
  accessType: z.literal('anyone'),
  requiresEmailVerification: z.boolean(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  isActive: z.boolean(),
});
export type InviteResponse = z.infer<typeof inviteResponseSchema>;

/** GET /api/forms/{id}/invites. */
export const inviteListResponseSchema = z.array(inviteResponseSchema);

/** What the invite landing shows, signed in or not (GET), and the answer to accepting (POST). */
export const inviteLandingResponseSchema = z.object({
  form: z.object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullable(),
    organizationName: z.string().nullable(),
    organizationUrl: z.string().nullable(),
    logoUrl: z.string().nullable(),
  }),
  imageCount: z.number(),
  completedImages: z.number(),
  percentVerified: z.number(),
  invite: z.object({ expiresAt: z.string().nullable() }),
  /**
   * True when the caller is signed in and may already enter data (they accepted before, or
   * manage the form). Reading the landing never grants access: POST /api/entry/{token} does.
   */
  hasAccess: z.boolean(),
  /**
   * The spec's `images`: only for a signed-in caller who has access (the first
   * ENTRY_IMAGE_LIST_LIMIT in upload order); everyone else gets the counts above.
   */
  images: z.array(entryImageSummarySchema).optional(),
});
export type InviteLandingResponse = z.infer<typeof inviteLandingResponseSchema>;

export const adminAccessRequestSchema = z.object({ imageId: rowIdSchema });

/** POST /api/forms/{id}/admin-access: a short-lived token for the manager's own /entry/{token}?imageId= tab. */
export const adminAccessResponseSchema = z.object({ token: z.string(), imageId: z.number() });
export type AdminAccessResponse = z.infer<typeof adminAccessResponseSchema>;
