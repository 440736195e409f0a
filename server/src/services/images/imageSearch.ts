/**
 * Finding a form's images by part of their original name or source file name, by their number,
 * and (for managers) by their catalogue data, in upload order: the builder preview's picker and
 * the owner's image list reach any image of a large form without listing them all.
 *
 * The searched text is `form_image_search_text(...)`, the expression the trigram index
 * form_images_search_trgm covers (migration 20261228000100): the queries below spell it exactly so,
 * or PostgreSQL would not use the index. Contributors cannot see catalogue data, so their search
 * narrows the indexed match to the names: it never finds an image by its metadata.
 */
import type { Knex } from 'knex';
import { type Form, FormImage } from '../../models/index.ts';
import type { FormRole } from '../../policies/forms.ts';
import type { ImagePage } from './imagePages.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const SEARCH_TEXT = 'form_image_search_text(original_name, source_file_name, metadata)';

/** The form's images `search` finds for `viewer`, as a query (the index test explains it). */
export function matchingImages(form: Form, search: string, viewer: FormRole) {
  // "12" or "#12" also finds image number 12, whatever its name.
  const number = /^#?\d{1,9}$/.test(search) ? Number(search.replace('#', '')) : null;
  const pattern = `%${escapeLike(search)}%`;
  // The entry page writes a column as "Box: 12"; the searched text holds it as "box 12".
  const catalogueTerm = `%${escapeLike(search.replace(/:\s*/g, ' '))}%`;
  const byText = (where: Knex.QueryBuilder) => {
    if (viewer === 'owner') {
      where.whereRaw(`${SEARCH_TEXT} ILIKE ?`, [pattern]);
      if (catalogueTerm !== pattern) where.orWhereRaw(`${SEARCH_TEXT} ILIKE ?`, [catalogueTerm]);
      return;
    }
    where.whereRaw(`${SEARCH_TEXT} ILIKE ?`, [pattern]).where((names) => {
      names.where('originalName', 'ilike', pattern).orWhere('sourceFileName', 'ilike', pattern);
    });
  };
  return FormImage.query()
    .where({ formId: form.id })
    .where((where) => {
      where.where(byText);
      if (number !== null) where.orWhere('number', number);
    });
}

export async function searchFormImages(
  form: Form,
  search: string,
  page: number,
  limit: number,
  viewer: FormRole = 'contributor',
): Promise<ImagePage> {
  const matching = () => matchingImages(form, search, viewer);
  const [rows, total] = await Promise.all([
    matching()
      .orderBy('number', 'asc')
      .offset((page - 1) * limit)
      .limit(limit),
    matching().resultSize(),
  ]);
  return { images: rows, total, totalPages: Math.ceil(total / limit) };
}
