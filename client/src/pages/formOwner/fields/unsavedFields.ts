/**
 * Field lists whose builder closed (tab switch, navigation) before the server confirmed the
 * save. Kept in memory for this page load only: the unload warning covers leaving the app.
 */
import type { FormField } from '@formscribe/common/fields';

const unsaved = new Map<number, FormField[]>();

export function rememberUnsavedFields(formId: number, fields: FormField[]): void {
  unsaved.set(formId, fields);
}

export function unsavedFieldsOf(formId: number): FormField[] | undefined {
  return unsaved.get(formId);
}

/** Forgets the form's copy; with `fields`, only if that very list is still the one kept. */
export function forgetUnsavedFields(formId: number, fields?: FormField[]): void {
  if (fields === undefined || unsaved.get(formId) === fields) unsaved.delete(formId);
}
