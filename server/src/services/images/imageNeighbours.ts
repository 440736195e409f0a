/**
 * An image's neighbours in its form's upload order. Numbers are dense (1..imageCount, kept so by a
 * trigger when an image is deleted), so the neighbours are the rows numbered one below and one
 * above: one index read, whatever the size of the form.
 */
import type { ImageNeighboursResponse } from '@formscribe/common/schemas/submission';
import { type Form, FormImage } from '../../models/index.ts';
import { imageNumber } from './imagePages.ts';

export async function findImageNeighbours(form: Form, image: FormImage): Promise<ImageNeighboursResponse> {
  const number = imageNumber(image);
  const rows = await FormImage.query()
    .select('id', 'number')
    .where({ formId: form.id })
    .whereIn('number', [number - 1, number + 1]);
  const idNumbered = (wanted: number) => rows.find((row) => row.number === wanted)?.id ?? null;
  return {
    imageId: image.id,
    number,
    totalImages: form.imageCount,
    previousImageId: idNumbered(number - 1),
    nextImageId: idNumbered(number + 1),
  };
}
