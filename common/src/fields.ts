/**
 * The digital form's field definitions: the 11 types, their defaults and the rules a field list
 * must follow. The server validates every saved list with `fieldsSchema`; the builder uses the
 * same defaults when it adds a field.
 */
import { z } from 'zod';
import { fieldRulesSchema, rulesProblem, tidyRules } from './fieldRules.ts';
import { FIELD_TYPES, type FieldType } from './fieldTypes.ts';
import { DECIMAL_SEPARATORS, DEFAULT_DECIMAL_SEPARATOR, numberTextProblem } from './numberText.ts';

export { FIELD_TYPES, type FieldType };

/** Layout fields shape the form on screen; they hold no data and never count for verification. */
export const LAYOUT_FIELD_TYPES: readonly FieldType[] = ['spacer', 'newLine'];
export const OPTION_FIELD_TYPES: readonly FieldType[] = ['select', 'radio'];

export const isLayoutField = (type: FieldType) => LAYOUT_FIELD_TYPES.includes(type);
export const hasOptions = (type: FieldType) => OPTION_FIELD_TYPES.includes(type);

export const DEFAULT_OPTIONS = ['Option 1', 'Option 2'];
export const DEFAULT_SPACER_PIXELS = 20;
export const DEFAULT_NEW_LINE_HEIGHT = 0;
export const MAX_SPACER_PIXELS = 500;
export const MAX_NEW_LINE_HEIGHT = 200;
export const MAX_FIELDS = 200;
export const MAX_OPTIONS = 200;
export const MAX_LABEL_LENGTH = 300;
export const MAX_TEXT_PROPERTY_LENGTH = 1000;
export const MAX_HELP_LENGTH = 2000;
export const MAX_FIELD_NAME_LENGTH = 63;

/**
 * A field's column name in exports and the codebook: stable when the owner renames the label,
 * and safe as a variable name in R, Python, SPSS and Stata.
 */
export const FIELD_NAME_PATTERN = /^[a-z][a-z0-9_]*$/;
export const FIELD_NAME_MESSAGE =
  'A column name starts with a letter and holds only lower-case letters, digits and underscores';

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text',
  number: 'Number',
  email: 'Email',
  date: 'Date',
  expandedDate: 'Expanded Date',
  textarea: 'Text Area',
  select: 'Select',
  radio: 'Radio',
  checkbox: 'Checkbox',
  spacer: 'Spacer',
  newLine: 'New Line',
};

const optionalText = z.string().max(MAX_TEXT_PROPERTY_LENGTH).optional();

/** The smallest box side, as a fraction of the page: anything smaller is a stray click, not a region. */
export const MIN_REGION_SIDE = 0.005;
/**
 * The largest box, as a share of the page's area. A field's value, even a text area's, fills far
 * less; a box that is most of the page is the page itself, and machine reading it is work without
 * bound (a 100-megapixel scan read whole held a core for minutes).
 */
export const MAX_REGION_AREA = 0.25;
export const REGION_SIZE_MESSAGES = {
  tooSmall: `A field's region is too small: each side must be at least ${MIN_REGION_SIDE * 100}% of the page`,
  tooLarge: `A field's region is too large: it may cover at most ${MAX_REGION_AREA * 100}% of the page`,
} as const;
/** Fractions are compared with this slack, so a box dragged to the very edge still counts as inside. */
const REGION_EDGE_SLACK = 1e-6;

/** Why a box's size is refused (and, for boxes stored before the limits, left unread), or null when it fits. */
export function regionSizeIssue(box: { w: number; h: number }): 'tooSmall' | 'tooLarge' | null {
  if (box.w < MIN_REGION_SIDE || box.h < MIN_REGION_SIDE) return 'tooSmall';
  if (box.w * box.h > MAX_REGION_AREA + REGION_EDGE_SLACK) return 'tooLarge';
  return null;
}

/**
 * Where a data field's value sits on the page: a box in fractions of the sample image's width and
 * height (0..1), so it fits scans of any pixel size. A field has at most one; none means the whole page.
 */
export const fieldRegionSchema = z
  .object({
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    w: z.number().max(1),
    h: z.number().max(1),
  })
  .strict()
  .superRefine((r, ctx) => {
    const sizeIssue = regionSizeIssue(r);
    if (sizeIssue) ctx.addIssue({ code: 'custom', message: REGION_SIZE_MESSAGES[sizeIssue] });
    else if (r.x + r.w > 1 + REGION_EDGE_SLACK || r.y + r.h > 1 + REGION_EDGE_SLACK) {
      ctx.addIssue({ code: 'custom', message: "A field's region must lie inside the page" });
    }
  });

export type FieldRegion = z.infer<typeof fieldRegionSchema>;

export const fieldSchema = z
  .object({
    id: z.string().trim().min(1).max(64),
    type: z.enum(FIELD_TYPES),
    label: z.string().trim().max(MAX_LABEL_LENGTH).default(''),
    order: z.number().int().min(0),
    placeholder: optionalText,
    defaultValue: optionalText,
    options: z.array(z.string().max(MAX_TEXT_PROPERTY_LENGTH)).max(MAX_OPTIONS).optional(),
    unit: z.string().trim().max(50).optional(),
    /** Number fields: which mark is the decimal one; absent means 'point' (see numberText.ts). */
    decimalSeparator: z.enum(DECIMAL_SEPARATORS).optional(),
    spacingPixels: z.number().int().min(0).max(MAX_SPACER_PIXELS).optional(),
    lineHeight: z.number().int().min(0).max(MAX_NEW_LINE_HEIGHT).optional(),
    required: z.boolean().default(false),
    region: fieldRegionSchema.optional(),
    /** The export column; assigned from the label when absent (see `fieldsSchema`). */
    name: z.string().trim().max(MAX_FIELD_NAME_LENGTH).regex(FIELD_NAME_PATTERN, FIELD_NAME_MESSAGE).optional(),
    /** Shown beside the field on the entry page and read by screen readers. */
    help: z.string().trim().max(MAX_HELP_LENGTH).optional(),
    rules: fieldRulesSchema.optional(),
    /** Select and radio: a value outside the list ("other") is accepted. */
    allowOther: z.boolean().optional(),
  })
  .transform((field): FormField => {
    // Blank options are dropped; select and radio keep their list, other types carry none.
    const options = hasOptions(field.type)
      ? (field.options ?? DEFAULT_OPTIONS).map((o) => o.trim()).filter(Boolean)
      : undefined;
    return {
      ...field,
      options,
      decimalSeparator: field.type === 'number' ? field.decimalSeparator : undefined,
      spacingPixels: field.type === 'spacer' ? (field.spacingPixels ?? DEFAULT_SPACER_PIXELS) : undefined,
      lineHeight: field.type === 'newLine' ? (field.lineHeight ?? DEFAULT_NEW_LINE_HEIGHT) : undefined,
      required: isLayoutField(field.type) ? false : field.required,
      help: isLayoutField(field.type) ? undefined : field.help || undefined,
      rules: tidyRules(field.rules),
      allowOther: hasOptions(field.type) && field.allowOther ? true : undefined,
      name: isLayoutField(field.type) ? undefined : field.name,
    };
  })
  .superRefine((field, ctx) => {
    if (hasOptions(field.type) && !field.options?.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: `A ${field.type} field needs at least one option` });
    }
    if (field.type === 'checkbox' && field.defaultValue && !['true', 'false'].includes(field.defaultValue)) {
      ctx.addIssue({ code: 'custom', path: ['defaultValue'], message: "A checkbox default is 'true' or 'false'" });
    }
    // A default is what the entry form prefills, so it must pass the check the submission gets.
    const numberDefaultProblem =
      field.type === 'number' && field.defaultValue?.trim()
        ? numberTextProblem(
            'Default value',
            field.defaultValue.trim(),
            field.decimalSeparator ?? DEFAULT_DECIMAL_SEPARATOR,
          )
        : undefined;
    if (numberDefaultProblem) ctx.addIssue({ code: 'custom', path: ['defaultValue'], message: numberDefaultProblem });
    const ruleIssue = field.rules ? rulesProblem(field.type, field.rules) : undefined;
    if (ruleIssue) ctx.addIssue({ code: 'custom', path: ['rules'], message: ruleIssue });
    if (isLayoutField(field.type) && field.region) {
      ctx.addIssue({ code: 'custom', path: ['region'], message: 'Only data fields can have a region' });
    }
    if (!isLayoutField(field.type) && !field.label) {
      ctx.addIssue({ code: 'custom', path: ['label'], message: 'Every data field needs a label' });
    }
  });

/** A field as stored and sent back: what `fieldSchema` produces. */
export const storedFieldSchema = z.object({
  id: z.string(),
  type: z.enum(FIELD_TYPES),
  label: z.string(),
  order: z.number(),
  placeholder: z.string().optional(),
  defaultValue: z.string().optional(),
  options: z.array(z.string()).optional(),
  unit: z.string().optional(),
  decimalSeparator: z.enum(DECIMAL_SEPARATORS).optional(),
  spacingPixels: z.number().optional(),
  lineHeight: z.number().optional(),
  required: z.boolean(),
  region: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }).optional(),
  /** Every data field saved since column names exist has one; older stored lists may lack it. */
  name: z.string().optional(),
  help: z.string().optional(),
  rules: fieldRulesSchema.optional(),
  allowOther: z.boolean().optional(),
});

export type FormField = z.infer<typeof storedFieldSchema>;

/** A whole field list: unique ids, sorted and renumbered 0..n-1 by `order`. */
export const fieldsSchema = z
  .array(fieldSchema)
  .max(MAX_FIELDS, `A form has at most ${MAX_FIELDS} fields`)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    const names = new Set<string>();
    for (const [index, field] of fields.entries()) {
      if (seen.has(field.id))
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'Field ids must be unique' });
      seen.add(field.id);
      if (field.name && names.has(field.name))
        ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'Column names must be unique' });
      if (field.name) names.add(field.name);
    }
  })
  .transform((fields) =>
    withColumnNames([...fields].sort((a, b) => a.order - b.order).map((field, order) => ({ ...field, order }))),
  );

/** A label as a column name: `Date of birth` → `date_of_birth`; `2nd name` → `f_2nd_name`. */
export function columnNameFromLabel(label: string): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_FIELD_NAME_LENGTH - 6);
  if (!slug) return 'field';
  return /^[a-z]/.test(slug) ? slug : `f_${slug}`;
}

/**
 * Gives every data field without a column name one from its label, unique in the list. Names
 * already given are kept, so renaming a label never renames its column.
 */
export function withColumnNames<T extends { type: FieldType; label: string; name?: string }>(fields: T[]): T[] {
  const taken = new Set(fields.flatMap((f) => (f.name ? [f.name] : [])));
  return fields.map((field) => {
    if (field.name || isLayoutField(field.type)) return field;
    const base = columnNameFromLabel(field.label);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
    taken.add(name);
    return { ...field, name };
  });
}

/** The column a data field's values go to in exports: its name, or its id for a list saved before names. */
export function columnNameOf(field: { id: string; name?: string }): string {
  return field.name ?? field.id;
}

/** Fields that hold data (everything but spacer and newLine), in order. */
export function dataFields<T extends { type: FieldType; order: number }>(fields: readonly T[]): T[] {
  return fields.filter((f) => !isLayoutField(f.type)).sort((a, b) => a.order - b.order);
}

/** A new field as the builder adds it: a timestamp id, appended at the end, with its type's defaults. */
export function newField(type: FieldType, order: number, now = Date.now()): FormField {
  return {
    id: String(now),
    type,
    label: isLayoutField(type) ? '' : `${FIELD_TYPE_LABELS[type]} Field`,
    order,
    placeholder: undefined,
    defaultValue: undefined,
    options: hasOptions(type) ? [...DEFAULT_OPTIONS] : undefined,
    unit: undefined,
    decimalSeparator: undefined,
    spacingPixels: type === 'spacer' ? DEFAULT_SPACER_PIXELS : undefined,
    lineHeight: type === 'newLine' ? DEFAULT_NEW_LINE_HEIGHT : undefined,
    required: false,
  };
}
