import type { BlockResponse } from '@formscribe/common/schemas/block';
import type { FormUserBlock } from '../models/index.ts';

/** A block as stored: whether the user's entries were taken out of consensus, and why they were blocked. */
export function presentBlock(block: FormUserBlock): BlockResponse {
  return { blocked: true, reason: block.reason, dropEntries: block.dropEntries };
}
