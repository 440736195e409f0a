/**
 * The codebook as a table: one row per data field, the columns REDCap-style dictionaries use
 * (name, label, type, rules, choices, help, unit). The CSV download, the XLSX export's "Codebook"
 * sheet and the CSV import all go through these columns, so what one writes the other reads.
 * The form's own settings (name, instructions, threshold) are in the JSON codebook only.
 */
import type { Codebook, CodebookField } from '@formscribe/common/schemas/codebook';

export const CODEBOOK_COLUMNS = [
  'name',
  'label',
  'type',
  'data_type',
  'required',
  'choices',
  'allow_other',
  'min',
  'max',
  'integer',
  'min_length',
  'max_length',
  'pattern',
  'pattern_message',
  'earliest',
  'latest',
  'no_future',
  'unit',
  'help',
] as const;
export type CodebookColumn = (typeof CODEBOOK_COLUMNS)[number];

/** `1=First|2=Second`: codes and labels, in the order the contributor sees them. */
export function choicesText(choices: CodebookField['choices']): string {
  return (choices ?? []).map((choice) => `${choice.code}=${choice.label}`).join('|');
}

/**
 * Reads `choicesText` back. A label may itself hold `|` or `=`: a new choice starts only where
 * `|` is followed by a code and `=`.
 */
export function choicesFromText(text: string): { code: number; label: string }[] {
  if (!text.trim()) return [];
  return text.split(/\|(?=\d+=)/).map((part) => {
    const match = /^(\d+)=([\s\S]*)$/.exec(part.trim());
    if (!match) throw new Error(`"${part}" is not a choice written as code=label`);
    return { code: Number(match[1]), label: match[2] ?? '' };
  });
}

const flag = (value: boolean | undefined) => (value ? 'true' : '');
const numberText = (value: number | undefined) => (value === undefined ? '' : String(value));

/** One field's row, every cell as text, in `CODEBOOK_COLUMNS` order. */
export function codebookRow(field: CodebookField): string[] {
  const rules = field.rules ?? {};
  const cells: Record<CodebookColumn, string> = {
    name: field.name,
    label: field.label,
    type: field.type,
    data_type: field.dataType,
    required: field.required ? 'true' : 'false',
    choices: choicesText(field.choices),
    // Said for choice fields either way; other fields have no such setting.
    allow_other: field.allowOther === undefined ? '' : String(field.allowOther),
    min: numberText(rules.min),
    max: numberText(rules.max),
    integer: flag(rules.integer),
    min_length: numberText(rules.minLength),
    max_length: numberText(rules.maxLength),
    pattern: rules.pattern ?? '',
    pattern_message: rules.patternMessage ?? '',
    earliest: rules.earliest ?? '',
    latest: rules.latest ?? '',
    no_future: flag(rules.noFuture),
    unit: field.unit ?? '',
    help: field.help ?? '',
  };
  return CODEBOOK_COLUMNS.map((column) => cells[column]);
}

export function codebookRows(codebook: Codebook): string[][] {
  return [[...CODEBOOK_COLUMNS], ...codebook.fields.map(codebookRow)];
}
