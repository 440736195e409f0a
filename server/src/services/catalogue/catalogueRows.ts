/**
 * A catalogue table read as rows: `fileName` names the file (or its path inside a ZIP), the
 * optional `page` a page of a PDF or TIFF (from 1), and every other column is metadata. Blank
 * lines are skipped; a blank metadata cell is left out of the row, so an image's metadata only
 * holds what the catalogue says about it.
 */
import { CATALOGUE_FILE_COLUMN, CATALOGUE_MESSAGES, CATALOGUE_PAGE_COLUMN } from '@formscribe/common/catalogueMessages';
import { CATALOGUE_LIMITS } from '@formscribe/common/limits';
import { badRequest } from '../../errors.ts';
import type { CatalogueTable } from './catalogueTable.ts';

export interface CatalogueRow {
  line: number;
  fileName: string;
  page: number | null;
  metadata: Record<string, string>;
}

export interface Catalogue {
  /** The metadata columns in the file's order. */
  columns: string[];
  rows: CatalogueRow[];
}

const WHOLE_PAGE = /^[1-9]\d{0,8}$/;

function readHeader(header: readonly string[]) {
  const seen = new Set<string>();
  header.forEach((name, index) => {
    if (!name) throw badRequest(CATALOGUE_MESSAGES.blankColumnName(index + 1));
    if (seen.has(name)) throw badRequest(CATALOGUE_MESSAGES.repeatedColumn(name));
    seen.add(name);
  });
  const fileColumn = header.indexOf(CATALOGUE_FILE_COLUMN);
  if (fileColumn < 0) throw badRequest(CATALOGUE_MESSAGES.noFileColumn);
  const pageColumn = header.indexOf(CATALOGUE_PAGE_COLUMN);
  const metadataColumns = header.flatMap((name, index) =>
    index === fileColumn || index === pageColumn ? [] : [{ name, index }],
  );
  return { fileColumn, pageColumn, metadataColumns };
}

/** The catalogue's rows, or a 400 naming the first line that is wrong. */
export function catalogueFromTable({ rows, lines }: CatalogueTable): Catalogue {
  const [header = [], ...body] = rows;
  const { fileColumn, pageColumn, metadataColumns } = readHeader(header);
  const firstLineOf = new Map<string, number>();
  const catalogueRows: CatalogueRow[] = [];
  body.forEach((cells, index) => {
    const line = lines[index + 1] ?? index + 2;
    if (cells.every((cell) => !cell)) return;
    const fileName = cells[fileColumn] ?? '';
    if (!fileName) throw badRequest(CATALOGUE_MESSAGES.noFileName(line));
    if (fileName.length > CATALOGUE_LIMITS.maxFileNameLength)
      throw badRequest(CATALOGUE_MESSAGES.fileNameTooLong(line));
    const pageText = pageColumn < 0 ? '' : (cells[pageColumn] ?? '');
    if (pageText && !WHOLE_PAGE.test(pageText)) throw badRequest(CATALOGUE_MESSAGES.badPage(line));
    const page = pageText ? Number(pageText) : null;
    const key = JSON.stringify([fileName, page]);
    const earlier = firstLineOf.get(key);
    if (earlier !== undefined) throw badRequest(CATALOGUE_MESSAGES.repeatedRow(line, earlier));
    firstLineOf.set(key, line);
    const metadata: Record<string, string> = {};
    for (const { name, index: column } of metadataColumns) {
      const value = cells[column];
      if (value) metadata[name] = value;
    }
    catalogueRows.push({ line, fileName, page, metadata });
  });
  return { columns: metadataColumns.map(({ name }) => name), rows: catalogueRows };
}
