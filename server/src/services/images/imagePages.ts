/** Reading a form's images in upload order, each with its stored 1-based number in that order. */
import type { Form } from '../../models/index.ts';
import { FormImage } from '../../models/index.ts';

export interface ImagePage {
  images: FormImage[];
  total: number;
  totalPages: number;
}

export async function listFormImages(form: Form, page: number, limit: number): Promise<ImagePage> {
  // Numbers are dense (1..imageCount), so a page is a range of numbers read from the index.
  const after = (page - 1) * limit;
  const rows = await FormImage.query()
    .where({ formId: form.id })
    .where('number', '>', after)
    .orderBy('number', 'asc')
    .limit(limit);
  const total = form.imageCount;
  return {
    images: rows,
    total,
    totalPages: Math.ceil(total / limit),
  };
}

/** Position of the image in its form's upload order, as stored on its row. */
export function imageNumber(image: FormImage): number {
  // A row read with a column list could lack it; a wrong "Image N" is worse than a loud error.
  if (typeof image.number !== 'number') throw new Error(`image ${image.id} was read without its number`);
  return image.number;
}
