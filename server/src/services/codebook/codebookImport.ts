/**
 * A codebook file (the CSV or JSON a codebook download gives, or one written by hand in the same
 * shape) read back into a new form's settings and fields. Each entry becomes a field whose id and
 * column name are the entry's name; choices become the options in code order. The result goes
 * through `createFormRequestSchema` (and so `fieldsSchema`), the checks POST /api/forms applies,
 * so a codebook can make no form the builder could not.
 */
import { csvCellValue } from '@formscribe/common/csv';
import type { FieldRules } from '@formscribe/common/fieldRules';
import { CODEBOOK_UNREADABLE, type Codebook, codebookSchema } from '@formscribe/common/schemas/codebook';
import { type CreateFormRequest, createFormRequestSchema } from '@formscribe/common/schemas/form';
import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { badRequest } from '../../errors.ts';
import { type CodebookColumn, choicesFromText } from './codebookCsv.ts';

type NewForm = z.output<typeof createFormRequestSchema>;

const unreadable = () => badRequest(CODEBOOK_UNREADABLE);

/** The first problem zod found, as the 400 a request body with it would get. */
function refused(error: z.ZodError): never {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw badRequest(issues[0]?.message ?? CODEBOOK_UNREADABLE, { issues });
}

/** A file name without its folder and extension, as the form's name (`census.csv` → `census`). */
export function formNameFromFile(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  return base.replace(/\.[^.]*$/, '').trim() || 'Imported codebook';
}

function readJson(text: string): Codebook {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw unreadable();
  }
  const looksLikeCodebook =
    typeof parsed === 'object' && parsed !== null && 'fields' in parsed && Array.isArray(parsed.fields);
  if (!looksLikeCodebook) throw unreadable();
  const result = codebookSchema.safeParse(parsed);
  if (!result.success) refused(result.error);
  return result.data;
}

function readCells(text: string): string[][] {
  try {
    return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true });
  } catch {
    throw unreadable();
  }
}

const optionalNumber = (text: string, what: string, line: number) => {
  if (!text.trim()) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) throw badRequest(`Row ${line}: ${what} "${text}" is not a number`);
  return value;
};
const optionalText = (text: string) => text || undefined;
const isTrue = (text: string) => /^(true|yes|1)$/i.test(text.trim());

/** One CSV row as a codebook entry (the data type is derived again, never trusted). */
function entryFromRow(cell: (column: CodebookColumn) => string, line: number): unknown {
  const rules: FieldRules = {
    min: optionalNumber(cell('min'), 'min', line),
    max: optionalNumber(cell('max'), 'max', line),
    integer: isTrue(cell('integer')) || undefined,
    minLength: optionalNumber(cell('min_length'), 'min_length', line),
    maxLength: optionalNumber(cell('max_length'), 'max_length', line),
    pattern: optionalText(cell('pattern')),
    patternMessage: optionalText(cell('pattern_message')),
    earliest: optionalText(cell('earliest')),
    latest: optionalText(cell('latest')),
    noFuture: isTrue(cell('no_future')) || undefined,
  };
  let choices: { code: number; label: string }[];
  try {
    choices = choicesFromText(cell('choices'));
  } catch (error) {
    throw badRequest(`Row ${line}: ${error instanceof Error ? error.message : 'choices are unreadable'}`);
  }
  return {
    name: cell('name'),
    label: cell('label'),
    type: cell('type'),
    dataType: 'string',
    required: isTrue(cell('required')),
    rules: Object.values(rules).some((value) => value !== undefined) ? rules : undefined,
    choices: choices.length ? choices : undefined,
    allowOther: isTrue(cell('allow_other')) || undefined,
    help: optionalText(cell('help')),
    unit: optionalText(cell('unit')),
  };
}

function readCsv(text: string, formName: string): Codebook {
  const [header, ...rows] = readCells(text);
  const columns = (header ?? []).map((name) => name.trim().toLowerCase());
  if (!['name', 'label', 'type'].every((column) => columns.includes(column))) throw unreadable();
  const entries = rows.map((row, index) => {
    const cell = (column: CodebookColumn) => {
      const at = columns.indexOf(column);
      return at < 0 ? '' : csvCellValue((row[at] ?? '').trim());
    };
    return entryFromRow(cell, index + 2);
  });
  const form = { name: formName, description: null, instructions: null, requiredEntriesPerImage: 1 };
  const result = codebookSchema.safeParse({ form, fields: entries });
  if (!result.success) refused(result.error);
  return result.data;
}

/** Reads a codebook file: JSON when it starts with `{`, else CSV. */
export function readCodebookFile(data: Buffer, fileName: string): Codebook {
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  if (!text.trim()) throw unreadable();
  return text.trimStart().startsWith('{') ? readJson(text) : readCsv(text, formNameFromFile(fileName));
}

/** The codebook as POST /api/forms would take it, checked by the same schema. */
export function newFormFromCodebook(codebook: Codebook): NewForm {
  const fields = codebook.fields.map((entry, order) => ({
    id: entry.name,
    name: entry.name,
    type: entry.type,
    label: entry.label,
    order,
    required: entry.required,
    options: entry.choices ? [...entry.choices].sort((a, b) => a.code - b.code).map((c) => c.label) : undefined,
    allowOther: entry.allowOther,
    rules: entry.rules,
    help: entry.help,
    unit: entry.unit,
  }));
  const request: CreateFormRequest = {
    name: codebook.form.name,
    description: codebook.form.description ?? undefined,
    instructions: codebook.form.instructions ?? undefined,
    requiredEntriesPerImage: codebook.form.requiredEntriesPerImage,
    fields,
  };
  const result = createFormRequestSchema.safeParse(request);
  if (!result.success) refused(result.error);
  return result.data;
}
