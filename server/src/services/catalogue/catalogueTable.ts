/**
 * A catalogue file as a table of text cells: an XLSX workbook (its first worksheet, read as a
 * stream by exceljs) or a UTF-8 CSV (csv-parse). Both stop at the first limit passed, so a file
 * that is too big for the limits is refused before it is read whole into rows.
 */
import { Readable } from 'node:stream';
import { CATALOGUE_MESSAGES } from '@formscribe/common/catalogueMessages';
import { CATALOGUE_LIMITS } from '@formscribe/common/limits';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { badRequest, HttpError } from '../../errors.ts';
import { assertWorkbookBounded, WorkbookRefused } from './workbookGuard.ts';

/** Rows of cells, the header first; `lines[i]` is row i's line in the file (1-based). */
export interface CatalogueTable {
  rows: string[][];
  lines: number[];
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const notReadable = () => badRequest(CATALOGUE_MESSAGES.notCsvOrXlsx);

/** Refuses the table's next row when it passes a limit; the header is row 1. */
function checkRow(cells: readonly string[], rowCount: number, line: number) {
  if (rowCount > CATALOGUE_LIMITS.maxRows + 1) throw badRequest(CATALOGUE_MESSAGES.tooManyRows);
  if (cells.length > CATALOGUE_LIMITS.maxColumns) throw badRequest(CATALOGUE_MESSAGES.tooManyColumns);
  if (cells.some((cell) => cell.length > CATALOGUE_LIMITS.maxCellLength)) {
    throw badRequest(CATALOGUE_MESSAGES.cellTooLong(line));
  }
}

/** A cell as the owner sees it in the spreadsheet; dates as ISO dates (the time only when set). */
function cellText(cell: ExcelJS.Cell): string {
  const { value } = cell;
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  return cell.text.trim();
}

/** Refuses a workbook that would unpack past its budget (a ZIP bomb) before exceljs inflates it. */
async function assertUnpacksWithinLimits(data: Buffer): Promise<void> {
  const bounds = {
    maxEntries: CATALOGUE_LIMITS.maxWorkbookEntries,
    maxInflatedBytes: CATALOGUE_LIMITS.maxWorkbookInflatedBytes,
  };
  await assertWorkbookBounded(data, bounds).catch((error: unknown) => {
    if (error instanceof WorkbookRefused && error.reason === 'too-large') {
      throw badRequest(CATALOGUE_MESSAGES.workbookTooLarge);
    }
    throw notReadable();
  });
}

async function readXlsx(data: Buffer): Promise<CatalogueTable> {
  await assertUnpacksWithinLimits(data);
  const table: CatalogueTable = { rows: [], lines: [] };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    sharedStrings: 'cache',
    worksheets: 'emit',
    hyperlinks: 'ignore',
    styles: 'cache', // number formats tell dates from numbers
  });
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const cells: string[] = [];
        // cellCount is the last filled column: a row with only its third cell has three.
        for (let column = 1; column <= Math.min(row.cellCount, CATALOGUE_LIMITS.maxColumns + 1); column++) {
          cells.push(cellText(row.getCell(column)));
        }
        checkRow(cells, table.rows.length + 1, row.number);
        table.rows.push(cells);
        table.lines.push(row.number);
      }
      break; // the first worksheet is the catalogue
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw notReadable();
  }
  return table;
}

function readCsv(data: Buffer): CatalogueTable {
  if (data.includes(0)) throw notReadable(); // a binary file, not text
  const table: CatalogueTable = { rows: [], lines: [] };
  try {
    parse(data, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: CATALOGUE_LIMITS.maxCellLength * CATALOGUE_LIMITS.maxColumns,
      on_record: (record: string[], context) => {
        const cells = record.map((cell) => cell.trim());
        checkRow(cells, table.rows.length + 1, context.lines);
        table.rows.push(cells);
        table.lines.push(context.lines);
        return null; // kept here, not in csv-parse's own array
      },
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw notReadable();
  }
  return table;
}

/** The file's table, or a 400 saying why it cannot be one. */
export async function readCatalogueTable(data: Buffer): Promise<CatalogueTable> {
  const table = data.subarray(0, 4).equals(ZIP_SIGNATURE) ? await readXlsx(data) : readCsv(data);
  if (!table.rows.length) throw badRequest(CATALOGUE_MESSAGES.empty);
  return table;
}
