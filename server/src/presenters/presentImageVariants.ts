import type { FieldVariants, ImageVariantsResponse } from '@formscribe/common/schemas/disagreement';
import type { FormImage } from '../models/index.ts';
import { presentImage } from './presentImage.ts';

/** The disagreement view of one image: its state and, per data field, the values entered. */
export function presentImageVariants(image: FormImage, fields: FieldVariants[]): ImageVariantsResponse {
  return { image: presentImage(image), fields };
}
