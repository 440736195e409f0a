/**
 * Field types as the builder names them, in the reader's language (common's FIELD_TYPE_LABELS
 * are the English names, kept for data such as a new field's label).
 */
import type { FieldType } from '@formscribe/common/fields';
import type { MessageKey } from '../../../i18n/messageKeys.ts';

export const FIELD_TYPE_NAME_KEYS: Record<FieldType, MessageKey> = {
  text: 'owner.fieldType.text',
  number: 'owner.fieldType.number',
  email: 'owner.fieldType.email',
  date: 'owner.fieldType.date',
  expandedDate: 'owner.fieldType.expandedDate',
  textarea: 'owner.fieldType.textarea',
  select: 'owner.fieldType.select',
  radio: 'owner.fieldType.radio',
  checkbox: 'owner.fieldType.checkbox',
  spacer: 'owner.fieldType.spacer',
  newLine: 'owner.fieldType.newLine',
};
