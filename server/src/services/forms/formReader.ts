/** Reads of the forms' figures from their counter columns (never images or entries), so lists stay fast. */
import { Form } from '../../models/index.ts';

export interface FormWithProgress {
  form: Form;
  totalImages: number;
  completedImages: number;
}

/** The user's own forms and the forms shared with them, newest first, with image progress. */
export async function listFormsForUser(userId: number): Promise<FormWithProgress[]> {
  const forms = await Form.query()
    .where('forms.created_by_id', userId)
    .orWhereIn('forms.id', (shared) =>
      shared
        .from('form_access')
        .select('form_id')
        .where('user_id', userId)
        // A blocked contributor can no longer open the form, so it is not theirs to list.
        .whereNotIn('form_id', (blocked) =>
          blocked.from('form_user_blocks').select('form_id').where('user_id', userId),
        ),
    )
    .orderBy('forms.created_at', 'desc')
    .orderBy('forms.id', 'desc');
  return forms.map((form) => ({ form, totalImages: form.imageCount, completedImages: form.completedImageCount }));
}
