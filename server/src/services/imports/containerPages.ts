/**
 * The source for a stored file, chosen by its first bytes (never its name): a PDF, a TIFF, a ZIP
 * (whose nested containers come back here, one level deeper each time), or a single image.
 */
import fs from 'node:fs/promises';
import { detectImageType } from '../images/detectImageType.ts';
import { detectContainerType } from './detectContainerType.ts';
import type { SourceContext, SourceItem } from './importSources.ts';
import { tiffPages } from './tiffPages.ts';
import { zipSource } from './zipSource.ts';

/** A ZIP inside a ZIP inside a ZIP is the most an import unpacks. */
export const MAX_CONTAINER_NESTING = 3;

/** Bytes enough to tell every type we take. */
const HEAD_BYTES = 64;

async function readHead(filePath: string): Promise<Buffer> {
  const handle = await fs.open(filePath, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const nestedTooDeep = (fileName: string) =>
  `${fileName}: ZIPs nested more than ${MAX_CONTAINER_NESTING} deep are not unpacked`;

export const notImportable = (fileName: string) => `${fileName}: not an image, PDF, TIFF or ZIP`;

function pageTooLarge(fileName: string, bytes: number, maxBytes: number) {
  const mb = (value: number) => (value / (1024 * 1024)).toFixed(1).replace(/\.0$/, '');
  return `${fileName} is ${mb(bytes)} MB; the plan takes images up to ${mb(maxBytes)} MB`;
}

/** One image file as the only page of its source. */
async function* singleImage(filePath: string, fileName: string, context: SourceContext): AsyncIterable<SourceItem> {
  context.foundPages(1);
  const { size } = await fs.stat(filePath);
  if (size > context.maxPageBytes) {
    yield { refused: { name: fileName, reason: pageTooLarge(fileName, size, context.maxPageBytes) } };
    return;
  }
  yield { found: { fileName, page: null, read: () => fs.readFile(filePath) } };
}

async function* insideOf(containerPath: string, items: AsyncIterable<SourceItem>): AsyncIterable<SourceItem> {
  for await (const item of items) {
    if ('found' in item) yield { found: { ...item.found, fileName: `${containerPath}/${item.found.fileName}` } };
    else yield { refused: { ...item.refused, name: `${containerPath}/${item.refused.name}` } };
  }
}

export async function* pagesOfFile(
  filePath: string,
  fileName: string,
  context: SourceContext,
  depth = 0,
): AsyncIterable<SourceItem> {
  const head = await readHead(filePath);
  const container = detectContainerType(head);
  if (container === 'pdf') {
    // pdf.js and the canvas load when the first PDF arrives, not with every server process.
    const { pdfPages } = await import('./pdfPages.ts');
    yield* pdfPages(filePath, fileName, context);
    return;
  }
  if (container === 'tiff') {
    yield* tiffPages(filePath, fileName, context);
    return;
  }
  if (container === 'zip') {
    if (depth >= MAX_CONTAINER_NESTING) throw new Error(nestedTooDeep(fileName));
    const entries = zipSource(filePath, fileName, context, (entryPath, tempFilePath) =>
      pagesOfFile(tempFilePath, entryPath, context, depth + 1),
    );
    // A ZIP's paths are its own; inside another ZIP they are named from the outer one down.
    yield* depth === 0 ? entries : insideOf(fileName, entries);
    return;
  }
  if (detectImageType(head)) {
    yield* singleImage(filePath, fileName, context);
    return;
  }
  throw new Error(notImportable(fileName));
}
