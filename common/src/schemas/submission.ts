import { z } from 'zod';
import type { FormField } from '../fields.ts';
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

export interface SubmissionResponse {
  id: number;
  formId: number;
  imageId: number;
  data: Record<string, unknown>;
  status: 'draft' | 'completed' | 'submitted';
  confidence: number | null;
  notes: string | null;
  submittedAt: string;
  submittedByEmail: string | null;
  user: { id: number; username: string; name: string | null } | null;
  image: { id: number; originalName: string; publicUrl: string } | null;
  /** On the detail read only: what the labels and field order come from. */
  form?: { id: number; name: string; fields: FormField[] };
}

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
