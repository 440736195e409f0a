/**
 * A form's data dictionary (codebook), built from its field list: one entry per data field with
 * its stable column name, the type its values have in analysis tools, its rules, choices with
 * codes, help and unit. Every export that carries a codebook (JSON, the XLSX's second sheet, the
 * Data Package's Table Schema) and the codebook route read this one function.
 */

import { columnNameOf, dataFields, type FormField, hasOptions } from '@formscribe/common/fields';
import type { Codebook, CodebookField, DataType } from '@formscribe/common/schemas/codebook';

/** What a codebook needs of a form. */
export interface CodebookSource {
  name: string;
  description: string | null;
  instructions: string | null;
  requiredEntriesPerImage: number;
  fields: readonly FormField[];
}

/**
 * The type a field's values load as. An expanded date may be partial (a year, a year and month),
 * which no date type can hold, so it stays a string; everything else without a type is text.
 */
export function dataTypeOf(field: Pick<FormField, 'type' | 'rules'>): DataType {
  switch (field.type) {
    case 'number':
      return field.rules?.integer ? 'integer' : 'number';
    case 'date':
      return 'date';
    case 'checkbox':
      return 'boolean';
    default:
      return 'string';
  }
}

/** One field's entry; choices are coded 1..n in the order the contributor sees them. */
export function codebookFieldOf(field: FormField): CodebookField {
  const entry: CodebookField = {
    name: columnNameOf(field),
    label: field.label,
    type: field.type,
    dataType: dataTypeOf(field),
    required: field.required,
  };
  if (field.rules) entry.rules = field.rules;
  if (hasOptions(field.type)) {
    entry.choices = (field.options ?? []).map((label, index) => ({ code: index + 1, label }));
    entry.allowOther = field.allowOther === true;
  }
  if (field.help) entry.help = field.help;
  if (field.unit) entry.unit = field.unit;
  return entry;
}

export function codebookOf(form: CodebookSource): Codebook {
  return {
    form: {
      name: form.name,
      description: form.description,
      instructions: form.instructions,
      requiredEntriesPerImage: form.requiredEntriesPerImage,
    },
    fields: dataFields(form.fields).map(codebookFieldOf),
  };
}
