import { z } from 'zod';

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
  id: z.coerce.number().int().positive(),
  inviteId: z.coerce.number().int().positive(),
});

export const inviteTokenParamSchema = z.object({ token: z.string().min(1).max(200) });

export interface InviteResponse {
  id: number;
  formId: number;
  token: string;
  /** The link to share: {PUBLIC_URL}/invite/{token}. */
  url: string;
  accessType: 'anyone';
  requiresEmailVerification: boolean;
  expiresAt: string | null;
  createdAt: string;
  isActive: boolean;
}

/** What the invite landing shows, signed in or not. */
export interface InviteLandingResponse {
  form: {
    id: number;
    name: string;
    description: string | null;
    organizationName: string | null;
    organizationUrl: string | null;
    logoUrl: string | null;
  };
  imageCount: number;
  completedImages: number;
  percentVerified: number;
  invite: { expiresAt: string | null };
  /** True when the caller is signed in and now has access to the form. */
  accessGranted: boolean;
}

export const adminAccessRequestSchema = z.object({ imageId: z.number().int().positive() });
