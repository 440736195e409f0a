/** Reading a form's images in upload order, each with its 1-based number in that order. */
import type { Form } from '../../models/index.ts';
import { FormImage } from '../../models/index.ts';

export interface NumberedImage {
  image: FormImage;
  number: number;
}

export interface ImagePage {
  images: NumberedImage[];
  total: number;
  totalPages: number;
}

export async function listFormImages(form: Form, page: number, limit: number): Promise<ImagePage> {
  const offset = (page - 1) * limit;
  const [rows, total] = await Promise.all([
    FormImage.query().where({ formId: form.id }).orderBy('id', 'asc').offset(offset).limit(limit),
    FormImage.query().where({ formId: form.id }).resultSize(),
  ]);
  return {
    images: rows.map((image, index) => ({ image, number: offset + index + 1 })),
    total,
    totalPages: Math.ceil(total / limit),
  };
}

/** Position of the image in its form's upload order (images before it, plus one). */
export async function imageNumber(image: FormImage): Promise<number> {
  return FormImage.query().where({ formId: image.formId }).where('id', '<=', image.id).resultSize();
}
