/**
 * The export's data rows as one `COPY (…) TO STDOUT WITH (FORMAT csv)` statement: PostgreSQL
 * computes every cell and does the RFC 4180 quoting, so no row passes through JavaScript objects.
 * Each expression mirrors the JavaScript that builds the same cell for the Data tab
 * (`consolidatedRow`, `csvCell`), and the export tests compare the two byte for byte.
 */
import type { ConsolidatedColumn } from '@formscribe/common/consolidated';
import type { Knex } from 'knex';
import { escapeLiteral } from 'pg';
import type { ImageSelection } from './imageSelection.ts';

/**
 * `csvCell`'s formula starters: = + - @ tab CR (compared as code points, which is cheap) and the
 * full-width ＝ ＋ － ＠, looked at only when a cell starts with a non-ASCII character.
 */
const ASCII_FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'].map((c) => c.charCodeAt(0)).join(', ');
const WIDE_FORMULA_STARTS = ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'].map((c) => escapeLiteral(c)).join(', ');

/**
 * A text cell as `csvCell` writes it: a formula starter gets a leading apostrophe so a
 * spreadsheet shows the cell as text. PostgreSQL quotes an empty string ("") to tell it from
 * NULL, while our CSV leaves an empty cell bare, so empty becomes NULL (written as nothing).
 */
function textCell(column: string): string {
  return `CASE WHEN ascii(${column}) IN (${ASCII_FORMULA_STARTS})
    OR (ascii(${column}) > 127 AND left(${column}, 1) IN (${WIDE_FORMULA_STARTS}))
    THEN '''' || ${column} ELSE NULLIF(${column}, '') END`;
}

/**
 * `imageProgressPercent` with the same IEEE double arithmetic (float8 is a double, so v / t * 100
 * is the same number) and `Math.round`'s halves-up rule; PostgreSQL's round(float8) would round
 * halves to even, and exact numeric division would round 57 / 200 up where JavaScript rounds down.
 */
const RATIO = '(verified_field_count::float8 / NULLIF(total_field_count, 0) * 100)';
const PROGRESS_PERCENT = `(CASE WHEN is_complete THEN 100 WHEN total_field_count <= 0 THEN 0
  ELSE least(100, floor(${RATIO}) + CASE WHEN ${RATIO} - floor(${RATIO}) >= 0.5 THEN 1 ELSE 0 END)::int END)`;

/** `Date.prototype.toISOString()`: UTC, milliseconds (truncated, as the pg driver's Date is). */
const LAST_SUBMISSION_ISO = `to_char(last_submission_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A field's agreed value when it is verified, else NULL (`consolidatedRow` writes ''). */
function verifiedValue(fieldId: string): string {
  const status = `field_status -> ${escapeLiteral(fieldId)}`;
  return `CASE WHEN ${status} -> 'isVerified' = 'true'::jsonb THEN ${status} ->> 'verifiedValue' END`;
}

/**
 * COPY takes no bind parameters, so the selection's values are written into the statement as
 * literals: integers as digits, text through the pg driver's literal escaping.
 */
function inlineBindings(selection: ImageSelection): string {
  let index = 0;
  return selection.where.replace(/\?/g, () => sqlLiteral(selection.bindings[index++]));
}

function sqlLiteral(value: Knex.RawBinding | undefined): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string') return escapeLiteral(value);
  throw new Error(`cannot inline ${typeof value} into the export's COPY statement`);
}

/** The catalogue's value for `key`, else NULL (written as nothing). */
const metadataValue = (key: string) => `metadata ->> ${escapeLiteral(key)}`;

/**
 * Data rows only (no header), in the export's column order, ordered by image id: the fixed
 * columns, the form's fields, the image's source, then one column per catalogue column. The inner
 * query reads each value once; `OFFSET 0` keeps PostgreSQL from folding it into the outer one,
 * which would repeat every JSON lookup in each place `textCell` names its value.
 */
export function csvCopySql(
  columns: readonly ConsolidatedColumn[],
  metadataColumns: readonly string[],
  selection: ImageSelection,
): string {
  const values = [
    ...columns.map((column, index) => `${verifiedValue(column.fieldId)} AS v${index}`),
    ...metadataColumns.map((key, index) => `${metadataValue(key)} AS m${index}`),
  ];
  const cells = [
    'id',
    textCell('original_name'),
    `progress || '%'`,
    'last_submission',
    `CASE WHEN manually_completed THEN 'Yes' ELSE 'No' END`,
    ...columns.map((_, index) => textCell(`v${index}`)),
    textCell('source_file_name'),
    'source_page',
    ...metadataColumns.map((_, index) => textCell(`m${index}`)),
  ];
  return `COPY (SELECT ${cells.join(',\n  ')}
FROM (
  SELECT id, original_name, ${PROGRESS_PERCENT} AS progress, ${LAST_SUBMISSION_ISO} AS last_submission,
    manually_completed, source_file_name, source_page${values.map((value) => `,\n    ${value}`).join('')}
  FROM form_images WHERE ${inlineBindings(selection)} ORDER BY id OFFSET 0
) AS image) TO STDOUT WITH (FORMAT csv)`;
}
