import { z } from 'zod';
import { storedFieldSchema } from '../fields.ts';
import { MAX_ROW_ID, rowIdParamSchema } from './common.ts';
import { formResponseSchema, imageResponseSchema } from './form.ts';

export const ALREADY_SUBMITTED = 'You have already submitted data for this image';
export const ALREADY_VOTED = 'You have already voted on this image';
export const BLOCKED_FROM_FORM = 'Access denied: you have been blocked from contributing to this form.';
export const FORM_NOT_ACTIVE = 'This form is not active.';
export const DATA_ENTRY_PAUSED = 'Data entry is paused for this form.';
export const NO_IMAGES_LEFT = 'No more images need your help right now.';
/** next-image's 404 when images still need entries but every one is being entered by others now. */
export const ALL_IMAGES_IN_PROGRESS = 'Everything is being worked on right now: check back in a minute.';

export const createSubmissionRequestSchema = z.object({
  imageId: z.number({ error: 'imageId is required' }).int().positive().max(MAX_ROW_ID),
  data: z.record(z.string().max(64), z.unknown()).refine((d) => Object.keys(d).length <= 500, 'Too many values'),
  /** Field ids whose value breaks a rule but is what the page says ("as written on the page"). */
  asWritten: z.array(z.string().max(64)).max(500).default([]),
});

export const nextImageQuerySchema = z.object({
  skipImageId: rowIdParamSchema.optional(),
});

export const SUBMISSION_STATUSES = ['draft', 'completed', 'submitted'] as const;

export const submissionResponseSchema = z.object({
  id: z.number(),
  formId: z.number(),
  imageId: z.number(),
  data: z.record(z.string(), z.unknown()),
  /** Field ids marked "as written on the page": their values break a rule and were kept on purpose. */
  asWritten: z.array(z.string()).optional(),
  status: z.enum(SUBMISSION_STATUSES),
  confidence: z.number().nullable(),
  notes: z.string().nullable(),
  submittedAt: z.string(),
  submittedByEmail: z.string().nullable(),
  user: z.object({ id: z.number(), username: z.string(), name: z.string().nullable() }).nullable(),
  image: z.object({ id: z.number(), originalName: z.string(), publicUrl: z.string() }).nullable(),
  /** On the detail read only: what the labels and field order come from. */
  form: z.object({ id: z.number(), name: z.string(), fields: z.array(storedFieldSchema) }).optional(),
});
export type SubmissionResponse = z.infer<typeof submissionResponseSchema>;

/** POST /api/forms/{id}/submissions: the new submission plus the image's state after it. */
export const createSubmissionResponseSchema = submissionResponseSchema.extend({ imageState: imageResponseSchema });
export type CreateSubmissionResponse = z.infer<typeof createSubmissionResponseSchema>;

/**
 * Lists of a form's images that come with a form (the entry read, the entry-token read) hold at most
 * this many, the first in upload order; the image neighbours read reaches the rest.
 */
export const ENTRY_IMAGE_LIST_LIMIT = 1000;

/** GET /api/forms/{id}/entry: the form, the caller's standing, and the images to move between. */
export const entryImageSummarySchema = z.object({
  id: z.number(),
  number: z.number(),
  originalName: z.string(),
  publicUrl: z.string(),
  thumbnailUrl: z.string(),
  rotation: z.number(),
  isComplete: z.boolean(),
  entryCount: z.number(),
});
export type EntryImageSummary = z.infer<typeof entryImageSummarySchema>;

/**
 * GET /api/images/{id}/neighbours: where the image stands in its form's upload order, so the entry
 * page's Previous/Next reach every image however many the form has (the entry read lists only the first).
 */
export const imageNeighboursResponseSchema = z.object({
  imageId: z.number(),
  /** 1-based place in upload order. */
  number: z.number(),
  totalImages: z.number(),
  previousImageId: z.number().nullable(),
  nextImageId: z.number().nullable(),
});
export type ImageNeighboursResponse = z.infer<typeof imageNeighboursResponseSchema>;

export const ENTRY_CLOSED_REASONS = ['formInactive', 'dataEntryPaused', 'blocked'] as const;
export type EntryClosedReason = (typeof ENTRY_CLOSED_REASONS)[number];

export const entryResponseSchema = z.object({
  form: formResponseSchema,
  images: z.array(entryImageSummarySchema),
  totalImages: z.number(),
  isBlocked: z.boolean(),
  /** Why the caller cannot enter data now, if they cannot: inactive form, paused, blocked. */
  entryClosedReason: z.enum(ENTRY_CLOSED_REASONS).nullable(),
});
export type EntryResponse = z.infer<typeof entryResponseSchema>;

/**
 * GET /api/forms/{id}/next-image (404 `{message: NO_IMAGES_LEFT}` when nothing is left, or
 * `{message: ALL_IMAGES_IN_PROGRESS}` while what is left is held by other contributors).
 */
export const nextImageResponseSchema = z.object({
  form: formResponseSchema,
  image: imageResponseSchema,
  remainingCount: z.number(),
  message: z.string(),
});
export type NextImageResponse = z.infer<typeof nextImageResponseSchema>;

export const voteResponseSchema = z.object({
  imageCompleted: z.boolean(),
  voteCount: z.number(),
});
export type VoteResponse = z.infer<typeof voteResponseSchema>;

export const voteStatusResponseSchema = z.object({
  hasVoted: z.boolean(),
  voteCount: z.number(),
});
export type VoteStatusResponse = z.infer<typeof voteStatusResponseSchema>;

export const contributorResponseSchema = z.object({
  id: z.number(),
  submittedBy: z.string(),
  submittedAt: z.string(),
});
export type ContributorResponse = z.infer<typeof contributorResponseSchema>;

/** GET /api/images/{id}/contributors: who entered the image, earliest first. */
export const contributorsResponseSchema = z.array(contributorResponseSchema);

export const SUBMISSION_SORTS = ['newest', 'oldest', 'username', 'image'] as const;
export type SubmissionSort = (typeof SUBMISSION_SORTS)[number];

/** GET /api/forms/{id}/submissions: page size 10, newest first, search by username or image name. */
export const submissionsPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  sort: z.enum(SUBMISSION_SORTS).default('newest'),
  search: z.string().trim().max(200).default(''),
});

/** GET /api/forms/{id}/submissions: one page of a form's submissions. */
export const submissionsPageResponseSchema = z.object({
  submissions: z.array(submissionResponseSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
});
export type SubmissionsPageResponse = z.infer<typeof submissionsPageResponseSchema>;
