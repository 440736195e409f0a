/**
 * Finding a form's images by part of their original name, or by their number, in upload order:
 * the builder preview's picker reaches any image of a large form without listing them all.
 */
import { type Form, FormImage } from '../../models/index.ts';
import type { ImagePage } from './imagePages.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchFormImages(form: Form, search: string, page: number, limit: number): Promise<ImagePage> {
  // "12" or "#12" also finds image number 12, whatever its name.
  const number = /^#?\d{1,9}$/.test(search) ? Number(search.replace('#', '')) : null;
  const matching = () =>
    FormImage.query()
      .where({ formId: form.id })
      .where((where) => {
        where.where('originalName', 'ilike', `%${escapeLike(search)}%`);
        if (number !== null) where.orWhere('number', number);
      });
  const [rows, total] = await Promise.all([
    matching()
      .orderBy('number', 'asc')
      .offset((page - 1) * limit)
      .limit(limit),
    matching().resultSize(),
  ]);
  return { images: rows, total, totalPages: Math.ceil(total / limit) };
}
