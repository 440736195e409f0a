/**
 * CSV cells as RFC 4180 wants them, and safe to open in a spreadsheet: a cell that starts with
 * = + - @ tab or CR would be run as a formula, so it gets a leading apostrophe. Spreadsheets
 * also take the full-width ＝ ＋ － ＠ (U+FF1D, U+FF0B, U+FF0D, U+FF20) for their ASCII twins.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell read back as `csvCell` was given it: the apostrophe put before a formula starter is taken off. */
export function csvCellValue(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** Spreadsheets read UTF-8 (accents, non-Latin scripts) correctly only with this mark first. */
export const UTF8_BOM = '\uFEFF';
