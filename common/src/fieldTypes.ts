/**
 * The 11 field types, on their own so that modules fields.ts itself uses (fieldRules.ts) can
 * name them without an import circle; fields.ts re-exports them.
 */
export const FIELD_TYPES = [
  'text',
  'number',
  'email',
  'date',
  'expandedDate',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'spacer',
  'newLine',
] as const;

export type FieldType = (typeof FIELD_TYPES)[number];
