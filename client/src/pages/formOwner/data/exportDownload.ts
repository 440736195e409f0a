/**
 * Downloading an export (CSV, Excel, JSON or Data Package) in the browser: the answer is read chunk
 * by chunk so the Data tab can show how far it has got, then handed to the browser's downloads
 * under the server's file name.
 */
import { type ExportFormat, type ExportType, exportFilename } from '@formscribe/common/schemas/consolidated';
import { requestFormExport } from '../../../api/consolidated.ts';

/**
 * The file name from a Content-Disposition header: the RFC 5987 `filename*` (exact, UTF-8)
 * when present and readable, else the plain `filename` (quoted or not), else null.
 */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const encoded = /^[\w!#$%&+^`{}~.-]+'[\w-]*'(.+)$/.exec(extended.replace(/^"|"$/g, ''))?.[1];
    if (encoded) {
      try {
        const decoded = decodeURIComponent(encoded);
        if (decoded) return safeFilename(decoded);
      } catch {
        // A malformed escape: fall back to the plain name.
      }
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)?.[1];
  if (quoted !== undefined) return quoted ? safeFilename(quoted.replace(/\\(.)/g, '$1')) : null;
  const bare = /(?:^|;)\s*filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
  return bare ? safeFilename(bare) : null;
}

/** A name is a name, never a path: anything up to the last slash or backslash is dropped. */
function safeFilename(name: string): string | null {
  const base = name.split(/[/\\]/).pop()?.trim() ?? '';
  return base || null;
}

export interface ExportProgress {
  bytesReceived: number;
  /** The server's `X-Export-Rows` (data rows, header line not counted); null when not sent. */
  expectedRows: number | null;
  /** 0 to 100, or null while there is nothing to estimate from. */
  percent: number | null;
}

/**
 * How far a streamed export has got. The total size is not known in advance, only the row
 * count: the bytes seen so far per line seen so far, times every line to come, estimates it.
 * Capped below 100 until the stream ends (quoted cells may hold line breaks).
 */
export function estimateExportPercent(bytesReceived: number, linesReceived: number, expectedRows: number | null) {
  if (expectedRows === null || linesReceived === 0 || bytesReceived === 0) return null;
  const estimatedBytes = (bytesReceived / linesReceived) * (expectedRows + 1);
  return Math.min(99, Math.floor((bytesReceived / estimatedBytes) * 100));
}

export interface ExportedFile {
  blob: Blob;
  filename: string;
  rows: number | null;
}

const NEWLINE = 10;

function countNewlines(bytes: Uint8Array): number {
  let count = 0;
  for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) count += 1;
  return count;
}

/** A download's file extension by format, for the name made when Content-Disposition is missing. */
const EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', xlsx: 'xlsx', json: 'json', datapackage: 'zip' };

/**
 * Lines tell how far a text export has got (a CSV or JSON row per line); a ZIP's compressed bytes
 * (Excel, Data Package) say nothing about rows, so those show bytes received without a percentage.
 */
const countsLines = (format: ExportFormat) => format === 'csv' || format === 'json';

/**
 * The form's whole export as a Blob, with its name from Content-Disposition (made from
 * `fallbackFormName` if the header is missing); a failed request raises requestFormExport's ApiError.
 */
export async function downloadFormExport(
  formId: number,
  exportType: ExportType,
  fallbackFormName: string,
  onProgress?: (progress: ExportProgress) => void,
  signal?: AbortSignal,
  format: ExportFormat = 'csv',
): Promise<ExportedFile> {
  const response = await requestFormExport(formId, exportType, format, signal);

  const rowsHeader = Number.parseInt(response.headers.get('X-Export-Rows') ?? '', 10);
  const expectedRows = Number.isFinite(rowsHeader) && rowsHeader >= 0 ? rowsHeader : null;
  const filename =
    filenameFromContentDisposition(response.headers.get('Content-Disposition')) ??
    exportFilename(fallbackFormName, exportType).replace(/\.csv$/, `.${EXTENSIONS[format]}`);
  const type = response.headers.get('Content-Type') ?? 'text/csv;charset=utf-8';

  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytesReceived = 0;
  let linesReceived = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytesReceived += value.byteLength;
      linesReceived += countNewlines(value);
      onProgress?.({
        bytesReceived,
        expectedRows,
        percent: countsLines(format) ? estimateExportPercent(bytesReceived, linesReceived, expectedRows) : null,
      });
    }
  } else {
    // No readable stream (older browsers): the body arrives in one piece.
    const whole = new Uint8Array(await response.arrayBuffer());
    chunks.push(whole);
    bytesReceived = whole.byteLength;
  }
  onProgress?.({ bytesReceived, expectedRows, percent: 100 });
  return { blob: new Blob(chunks, { type }), filename, rows: expectedRows };
}

/** Hands a file to the browser's downloads through a temporary object URL. */
export function saveFile({ blob, filename }: Pick<ExportedFile, 'blob' | 'filename'>): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
