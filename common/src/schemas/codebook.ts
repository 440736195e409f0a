/**
 * A form's data dictionary (codebook): one row per data field with its stable column name, label,
 * type, rules, choices with codes, help text and unit, as REDCap's and ODK's dictionaries give.
 * Exported as CSV or JSON; either can be imported to create a form with the same fields.
 */
import { z } from 'zod';
import { fieldRulesSchema } from '../fieldRules.ts';
import { FIELD_NAME_MESSAGE, FIELD_NAME_PATTERN, FIELD_TYPES } from '../fields.ts';

export const CODEBOOK_FORMATS = ['csv', 'json'] as const;
export type CodebookFormat = (typeof CODEBOOK_FORMATS)[number];

export const codebookQuerySchema = z.object({
  format: z.enum(CODEBOOK_FORMATS, { error: 'format must be csv or json' }).default('json'),
});

/** The type a column's values have in analysis tools (Frictionless Table Schema's names). */
export const DATA_TYPES = ['string', 'number', 'integer', 'date', 'boolean'] as const;
export type DataType = (typeof DATA_TYPES)[number];

export const codebookChoiceSchema = z.object({ code: z.number().int(), label: z.string() });

export const codebookFieldSchema = z.object({
  name: z.string().regex(FIELD_NAME_PATTERN, FIELD_NAME_MESSAGE),
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  dataType: z.enum(DATA_TYPES),
  required: z.boolean(),
  rules: fieldRulesSchema.optional(),
  choices: z.array(codebookChoiceSchema).optional(),
  allowOther: z.boolean().optional(),
  help: z.string().optional(),
  unit: z.string().optional(),
});
export type CodebookField = z.infer<typeof codebookFieldSchema>;

export const codebookSchema = z.object({
  form: z.object({
    name: z.string(),
    description: z.string().nullable(),
    instructions: z.string().nullable(),
    requiredEntriesPerImage: z.number(),
  }),
  fields: z.array(codebookFieldSchema),
});
export type Codebook = z.infer<typeof codebookSchema>;

export const CODEBOOK_UNREADABLE = 'The file is not a codebook: expected the CSV or JSON a codebook export gives';
