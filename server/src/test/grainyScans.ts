/**
 * Scans for the resumable upload tests, and what their bytes hash to: an import whose image has
 * exactly this content hash got every byte of the upload, in order (a chunk lost, doubled or
 * shifted would change it or break the JPEG). Grain does not compress, so a scan of a few hundred
 * thousand pixels is a file of some size, sent in many chunks.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

export interface GrainyScan {
  bytes: Buffer;
  /** Its sha256, as FormImage.contentHash holds it. */
  hash: string;
}

export async function grainyScan(width = 320, height = 240, seed = 0): Promise<GrainyScan> {
  const bytes = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#ffffff',
      noise: { type: 'gaussian', mean: 120 + seed, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  return { bytes, hash: createHash('sha256').update(bytes).digest('hex') };
}
