import { z } from 'zod';
import { storedFieldSchema } from '../fields.ts';
import type { FormResponse, ImageResponse } from './form.ts';

export const ALREADY_SUBMITTED = 'You have already submitted data for this image';
export const ALREADY_VOTED = 'You have already voted on this image';
export const BLOCKED_FROM_FORM = 'Access denied: you have been blocked from contributing to this form.';
export const FORM_NOT_ACTIVE = 'This form is not active.';
export const DATA_ENTRY_PAUSED = 'Data entry is paused for this form.';
export const NO_IMAGES_LEFT = 'No more images need your help right now.';

export const createSubmissionRequestSchema = z.object({
  imageId: z.number({ error: 'imageId is required' }).int().positive(),
  data: z.record(z.string().max(64), z.unknown()).refine((d) => Object.keys(d).length <= 500, 'Too many values'),
});

export const nextImageQuerySchema = z.object({
  skipImageId: z.coerce.number().int().positive().optional(),
});

export const SUBMISSION_STATUSES = ['draft', 'completed', 'submitted'] as const;

export const submissionResponseSchema = z.object({
  id: z.number(),
  formId: z.number(),
  imageId: z.number(),
  data: z.record(z.string(), z.unknown()),
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

/** GET /api/forms/{id}/entry: the form, the caller's standing, and the images to move between. */
export interface EntryImageSummary {
  id: number;
  number: number;
  originalName: string;
  publicUrl: string;
  thumbnailUrl: string;
  rotation: number;
  isComplete: boolean;
  entryCount: number;
}

export interface EntryResponse {
  form: FormResponse;
  images: EntryImageSummary[];
  totalImages: number;
  isBlocked: boolean;
  /** Why the caller cannot enter data now, if they cannot: inactive form, paused, blocked. */
  entryClosedReason: 'formInactive' | 'dataEntryPaused' | 'blocked' | null;
}

export interface NextImageResponse {
  form: FormResponse;
  image: ImageResponse;
  remainingCount: number;
  message: string;
}

export interface VoteResponse {
  imageCompleted: boolean;
  voteCount: number;
}

export interface VoteStatusResponse {
  hasVoted: boolean;
  voteCount: number;
}

export interface ContributorResponse {
  id: number;
  submittedBy: string;
  submittedAt: string;
}

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
