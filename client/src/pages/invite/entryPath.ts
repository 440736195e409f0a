/** Where an invitation (or an admin-access tab) leads once the visitor is signed in: the form's data entry. */
export function entryPathForForm(formId: number, imageId?: number): string {
  return imageId === undefined ? `/forms/${formId}/entry` : `/forms/${formId}/entry?imageId=${imageId}`;
}
