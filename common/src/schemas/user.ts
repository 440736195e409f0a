import { z } from 'zod';
import { localeSchema } from '../i18n/locales.ts';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { PLAN_IDS, perFeature } from '../plans.ts';

/** Usernames are e-mail addresses, compared lower-cased. */
export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ error: MESSAGES.invalidEmail }))
  .transform((email) => email.toLowerCase());

const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH);

const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH);

const optionalNameSchema = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH)
  .nullish()
  .transform((name) => (name ? name : null));

export const loginRequestSchema = z.object({
  username: emailSchema,
  password: passwordSchema,
  rememberMe: z.boolean().optional().default(false),
});

export const registerRequestSchema = z.object({
  username: emailSchema,
  password: newPasswordSchema,
  name: optionalNameSchema,
});

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });

export const tokenParamSchema = z.object({ token: z.string().min(1).max(200) });

export const verifyEmailQuerySchema = z.object({
  token: z.string({ error: MESSAGES.noVerificationToken }).min(1, MESSAGES.noVerificationToken).max(200),
});

export const resetPasswordRequestSchema = z.object({
  token: z.string({ error: MESSAGES.resetTokenInvalid }).min(1, MESSAGES.resetTokenInvalid).max(200),
  password: newPasswordSchema,
});

/**
 * A new e-mail hands the account's sign-in to that address, so it needs the current password.
 * `locale` is the interface language the user chose (null: follow the browser). The language
 * picker sends it alone, and then nothing else changes.
 */
export const profileDetailsSchema = z.object({
  username: emailSchema,
  name: optionalNameSchema,
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  locale: localeSchema.nullable().optional(),
});
export const profileLocaleSchema = z.object({ locale: localeSchema.nullable() }).strict();
export const profileUpdateRequestSchema = z.union([profileLocaleSchema, profileDetailsSchema]);

export const passwordChangeRequestSchema = z.object({
  currentPassword: z.string({ error: MESSAGES.allPasswordFieldsRequired }).min(1, MESSAGES.allPasswordFieldsRequired),
  newPassword: z
    .string({ error: MESSAGES.allPasswordFieldsRequired })
    .min(1, MESSAGES.allPasswordFieldsRequired)
    .min(PASSWORD_MIN_LENGTH, MESSAGES.newPasswordTooShort)
    .max(PASSWORD_MAX_LENGTH),
});

/** The API's name for the account's plan (users.plan): `subscriptionStatus`, as the spec names it. */
export const subscriptionStatusSchema = z.enum(PLAN_IDS);

/** Which plan features the account may use (common/plans.ts FEATURES); the client never works them out itself. */
export const abilitiesSchema = z.object(perFeature(() => z.boolean()));

/** The user as every response shows it: never a hash, a token or a payment-provider id. */
export const userResponseSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  emailVerified: z.boolean(),
  emailVerifiedAt: z.string().nullable(),
  subscriptionStatus: subscriptionStatusSchema,
  subscriptionEndsAt: z.string().nullable(),
  stripeTestMode: z.boolean(),
  activeFormLimit: z.number().int(),
  imageCountLimitPerForm: z.number().int(),
  imageSizeLimitMB: z.number(),
  hasCompletedTutorial: z.boolean(),
  hasCompletedDataEntryTutorial: z.boolean(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  /** The interface language the user chose, on any device and in their mail; null: the browser's. */
  locale: localeSchema.nullable(),
  abilities: abilitiesSchema,
});

/** GET /api/verify-email: the confirmation to show and the account as it now is. */
export const emailVerifiedResponseSchema = z.object({ message: z.string(), user: userResponseSchema });
export type EmailVerifiedResponse = z.infer<typeof emailVerifiedResponseSchema>;

export type LoginRequest = z.input<typeof loginRequestSchema>;
export type RegisterRequest = z.input<typeof registerRequestSchema>;
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;
export type UserResponse = z.infer<typeof userResponseSchema>;
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
