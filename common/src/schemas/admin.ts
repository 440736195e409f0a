/**
 * The super administrator's API (spec section 7, 'Super admin'): paged, server-searched lists of
 * users and forms, the stat cards with a measured system status, and the edits the admin may make.
 */
import { z } from 'zod';
import { formNameSchema, requiredEntriesSchema } from './form.ts';
import { subscriptionStatusSchema, userResponseSchema } from './user.ts';

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;
export const ADMIN_SEARCH_MAX_LENGTH = 200;
/**
 * A list's total is counted up to this many matches and no further, so a search typed against
 * 100,000 accounts costs a bounded count per keystroke; beyond it the list says "10,000+".
 */
export const ADMIN_COUNT_CAP = 10_000;

/** Super admin limit inputs: at least 1 (spec section 5); the upper bounds only stop nonsense. */
export const ADMIN_LIMIT_MIN = 1;
export const ADMIN_MAX_ACTIVE_FORMS = 100_000;
export const ADMIN_MAX_IMAGES_PER_FORM = 1_000_000;
export const ADMIN_MAX_IMAGE_SIZE_MB = 1024;

/** GET /api/admin/users and /api/admin/forms: ?search=&page=&limit= */
export const adminListQuerySchema = z.object({
  search: z.string().trim().max(ADMIN_SEARCH_MAX_LENGTH).optional().default(''),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
});

const limitSchema = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(ADMIN_LIMIT_MIN, `${label} must be at least ${ADMIN_LIMIT_MIN}`)
    .max(max, `${label} must be at most ${max}`);

/**
 * PATCH /api/admin/users/{userId}. Strict: a key the admin may not set (isAdmin, username,
 * password ...) is refused rather than ignored, so no request can demote or take over an account.
 */
export const adminUserUpdateRequestSchema = z
  .strictObject({
    subscriptionStatus: subscriptionStatusSchema.optional(),
    stripeTestMode: z.boolean().optional(),
    activeFormLimit: limitSchema('Active form limit', ADMIN_MAX_ACTIVE_FORMS).int().optional(),
    imageCountLimitPerForm: limitSchema('Images per form', ADMIN_MAX_IMAGES_PER_FORM).int().optional(),
    imageSizeLimitMB: limitSchema('Image size limit', ADMIN_MAX_IMAGE_SIZE_MB).optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Nothing to update');
export type AdminUserUpdateRequest = z.input<typeof adminUserUpdateRequestSchema>;

/** PATCH /api/admin/forms/{formId}: what the admin may change on anyone's form. */
export const adminFormUpdateRequestSchema = z
  .strictObject({
    name: formNameSchema.optional(),
    isActive: z.boolean().optional(),
    dataEntryActive: z.boolean().optional(),
    requiredEntriesPerImage: requiredEntriesSchema.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Nothing to update');
export type AdminFormUpdateRequest = z.input<typeof adminFormUpdateRequestSchema>;

/** A list page: `total` is exact unless `totalIsCapped`, when at least that many match. */
const pageFields = {
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalIsCapped: z.boolean(),
  totalPages: z.number().int(),
};

export const adminUserSchema = userResponseSchema.extend({
  formCount: z.number().int(),
  /**
   * The limits the administrator set on the account, apart from its plan's; null follows the plan.
   * The user's activeFormLimit, imageCountLimitPerForm and imageSizeLimitMB are the limits that hold.
   */
  limitOverrides: z.object({
    activeFormLimit: z.number().int().nullable(),
    imageCountLimitPerForm: z.number().int().nullable(),
    imageSizeLimitMB: z.number().nullable(),
  }),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersPageSchema = z.object({ users: z.array(adminUserSchema), ...pageFields });
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const adminFormSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  dataEntryActive: z.boolean(),
  requiredEntriesPerImage: z.number().int(),
  totalImages: z.number().int(),
  completedImages: z.number().int(),
  owner: z.object({ id: z.number().int(), username: z.string(), name: z.string().nullable() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminForm = z.infer<typeof adminFormSchema>;

export const adminFormsPageSchema = z.object({ forms: z.array(adminFormSchema), ...pageFields });
export type AdminFormsPage = z.infer<typeof adminFormsPageSchema>;

/** One measured part of the system: whether it holds, and what was seen. */
export const systemCheckSchema = z.object({
  name: z.enum(['database', 'jobQueue', 'redis', 'mail', 'payments']),
  label: z.string(),
  ok: z.boolean(),
  detail: z.string(),
});
export type SystemCheck = z.infer<typeof systemCheckSchema>;

/** GET /api/admin/stats: the stat cards, and the checks behind System Status. */
export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalForms: z.number().int(),
  activeForms: z.number().int(),
  /** 'Healthy' when every check holds; otherwise names the failing parts. */
  systemStatus: z.string(),
  healthy: z.boolean(),
  checks: z.array(systemCheckSchema),
  checkedAt: z.string(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
