/**
 * The entry page's search parameters: an optional `imageId` (the owner's 'Add Entry' links use
 * it). A malformed value reads as absent, so the page then asks for the next image instead.
 * Kept apart from the pages so the router can import it without pulling them into the main chunk.
 */
import { z } from 'zod';

export const entrySearchSchema = z.object({
  imageId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});

/** Route ids, for `getRouteApi(...)` in the pages. */
export const ENTRY_ROUTE_ID = '/forms/$formId/entry';
export const QUEUE_ENTRY_ROUTE_ID = '/forms/$formId/entry-v1';
