/**
 * How large a container (a PDF, TIFF or ZIP) may be. The plan's limits apply to each page it
 * holds (its size and the form's image count); the container as a whole may hold as many bytes as
 * the form could still take in images at the plan's largest size, and never more than the hard
 * cap, which bounds the disk an import in progress occupies.
 */
import type { User } from '../../models/index.ts';
import { limitsOf } from '../../policies/entitlements.ts';
import { MEGABYTE } from '../images/imageErrors.ts';

export const CONTAINER_HARD_CAP_BYTES = 4 * 1024 * MEGABYTE;

/** No import yields more pages than this, whatever the plan (a TIFF may claim 10,000 pages). */
export const MAX_PAGES_PER_IMPORT = 5_000;

export function containerSizeLimitBytes(owner: User): number {
  const limits = limitsOf(owner);
  const planBytes = Math.floor(limits.imageSizeLimitMB * MEGABYTE) * limits.imageCountLimitPerForm;
  return Math.min(CONTAINER_HARD_CAP_BYTES, planBytes);
}
