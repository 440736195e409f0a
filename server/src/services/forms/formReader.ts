/** Reads that aggregate stored per-image state (never entries), so lists stay fast. */
import { Form } from '../../models/index.ts';

export interface FormWithProgress {
  form: Form;
  totalImages: number;
  completedImages: number;
}

type Row = Form & { totalImages: number; completedImages: number };

/** The user's own forms and the forms shared with them, newest first, with image progress. */
export async function listFormsForUser(userId: number): Promise<FormWithProgress[]> {
  const rows = (await Form.query()
    .select('forms.*')
    .select(
      Form.raw('count(form_images.id)::int as total_images'),
      Form.raw('count(form_images.id) filter (where form_images.is_complete)::int as completed_images'),
    )
    .leftJoin('form_images', 'form_images.form_id', 'forms.id')
    .where('forms.created_by_id', userId)
    .orWhereIn('forms.id', (shared) => shared.from('form_access').select('form_id').where('user_id', userId))
    .groupBy('forms.id')
    .orderBy('forms.created_at', 'desc')
    .orderBy('forms.id', 'desc')) as Row[];
  return rows.map((row) => {
    const { totalImages, completedImages } = row;
    return { form: row, totalImages, completedImages };
  });
}
