/**
 * /entry/{token}?imageId=: the image to open. A missing or malformed id reads as absent (the
 * entry page then picks an image itself). Kept apart from the page so the router can import it
 * without pulling the page into the main chunk.
 */
import { z } from 'zod';

export const adminEntrySearchSchema = z.object({
  imageId: z.coerce.number().int().positive().optional().catch(undefined),
});
