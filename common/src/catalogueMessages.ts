/** The catalogue upload's 400 answers, worded once: each says what was wrong and what is accepted. */
import { CATALOGUE_LIMITS } from './limits.ts';

export const CATALOGUE_FILE_COLUMN = 'fileName';
export const CATALOGUE_PAGE_COLUMN = 'page';

export const CATALOGUE_MESSAGES = {
  tooLarge: `The catalogue is too large: at most ${CATALOGUE_LIMITS.maxBytes / 1024 / 1024} MB`,
  notCsvOrXlsx: 'The catalogue could not be read: send a CSV file (UTF-8, comma-separated) or an XLSX workbook',
  empty: 'The catalogue is empty: its first row names the columns, one of them "fileName"',
  noFileColumn: 'The catalogue has no "fileName" column: its first row must name one',
  workbookTooLarge: `The catalogue workbook unpacks to more than ${CATALOGUE_LIMITS.maxWorkbookInflatedBytes / 1024 / 1024} MB: send a smaller workbook or a CSV`,
  tooManyRows: `The catalogue has too many rows: at most ${CATALOGUE_LIMITS.maxRows} besides the header`,
  tooManyColumns: `The catalogue has too many columns: at most ${CATALOGUE_LIMITS.maxColumns}`,
  cellTooLong: (line: number) =>
    `Line ${line} of the catalogue has a cell over ${CATALOGUE_LIMITS.maxCellLength} characters`,
  blankColumnName: (column: number) => `Column ${column} of the catalogue has no name in the first row`,
  repeatedColumn: (name: string) => `The catalogue names the column "${name}" twice`,
  noFileName: (line: number) => `Line ${line} of the catalogue has no fileName`,
  fileNameTooLong: (line: number) =>
    `Line ${line} of the catalogue has a fileName over ${CATALOGUE_LIMITS.maxFileNameLength} characters`,
  badPage: (line: number) => `Line ${line} of the catalogue has a page that is not a whole number from 1`,
  repeatedRow: (line: number, earlier: number) =>
    `Line ${line} of the catalogue names the same file and page as line ${earlier}`,
} as const;
