/**
 * The catalogue values the entry page shows beside the scan: the columns the owner chose for
 * contributors. A contributor's image already holds only those; a manager's holds every column,
 * so theirs are picked by the catalogue's choice (read only when the image has any data), and
 * the owner sees on the entry page what contributors see.
 */
import type { FormResponse } from '@formscribe/common/schemas/form';
import { useFormCatalogue } from '../../api/catalogue.ts';

export function useValuesShownWhileEntering(
  form: FormResponse,
  metadata: Record<string, string>,
): Record<string, string> {
  const pickFromAll = form.canManage && Object.keys(metadata).length > 0;
  const catalogue = useFormCatalogue(form.id, pickFromAll);
  if (!pickFromAll) return metadata;
  const shown: Record<string, string> = {};
  for (const column of catalogue.data?.contributorColumns ?? []) {
    const value = metadata[column];
    if (value !== undefined) shown[column] = value;
  }
  return shown;
}
