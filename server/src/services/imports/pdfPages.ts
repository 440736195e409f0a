/**
 * A PDF as an import source: each page becomes one image, in order. Scanned pages give their own
 * image at the resolution they were scanned at; drawn pages are rendered at 200 dpi. A page that
 * cannot be turned into an image, or whose image is larger than the plan takes, is refused with
 * a reason and the rest go on; a file pdf.js cannot open at all fails the whole import.
 *
 * Each page is made when the worker asks for the next item (its size must be known to refuse it),
 * so `read()` hands over bytes already made; pdf.js drops the page's objects before the next one.
 */
import { MAX_INPUT_PIXELS, MEGABYTE } from '../images/imageErrors.ts';
import { pageLabel, type SourceContext, type SourceItem } from './importSources.ts';
import { type OpenPdf, openPdf, UnreadablePdf } from './pdfDocument.ts';
import { PageRefusal, renderedPageImage, scannedPageImage } from './pdfPageImage.ts';
import { findScannedImage } from './pdfScannedPage.ts';

const megabytes = (bytes: number) =>
  (bytes / MEGABYTE).toLocaleString('en', { maximumFractionDigits: bytes < MEGABYTE ? 2 : 1 });

/**
 * pdf.js keeps every range of the file it has read until the document is destroyed, so a long
 * scanned PDF would end up whole in memory; opening it afresh now and then bounds that (the
 * cross-reference is read again, a few milliseconds).
 */
const REOPEN_AFTER_BYTES = 32 * MEGABYTE;
/** pdf.js's parser also caches pages, fonts and shared images; it is told to let go this often. */
const CLEANUP_EVERY_PAGES = 50;

/** The refusal for pages past the import's page limit (`pages 5001–9000`). */
function pagesOverLimit(first: number, last: number, maxPages: number): string {
  const which = first === last ? `page ${first}` : `pages ${first}–${last}`;
  return `${which}: an import takes at most ${maxPages.toLocaleString('en')} pages`;
}

export async function* pdfPages(
  filePath: string,
  fileName: string,
  context: SourceContext,
  { reopenAfterBytes = REOPEN_AFTER_BYTES } = {},
): AsyncIterable<SourceItem> {
  const { signal, maxPages, maxPageBytes } = context;
  if (signal.aborted) return;
  let pdf = await openPdf(filePath);
  // pdf.js sometimes reads most of a file while opening it; only what reading pages adds counts.
  let heldAtOpen = pdf.bytesHeld();
  try {
    const pageCount = pdf.document.numPages;
    const taken = Math.min(pageCount, maxPages);
    context.foundPages(taken + (pageCount > taken ? 1 : 0));
    for (let pageNumber = 1; pageNumber <= taken && !signal.aborted; pageNumber += 1) {
      const name = pageLabel(fileName, pageNumber);
      let bytes: Buffer;
      try {
        if (pdf.bytesHeld() - heldAtOpen > reopenAfterBytes) {
          pdf = await reopen(pdf, filePath);
          heldAtOpen = pdf.bytesHeld();
        } else if (pageNumber % CLEANUP_EVERY_PAGES === 0) await pdf.document.cleanup();
        bytes = await Promise.race([pageImage(pdf, pageNumber, signal), pdf.failed]);
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof UnreadablePdf) throw error; // the parser thread died: the whole file fails
        const reason = error instanceof PageRefusal ? error.message : 'the page could not be read';
        yield { refused: { name, reason: `page ${pageNumber}: ${reason}` } };
        continue;
      }
      if (bytes.length > maxPageBytes) {
        const reason = `page ${pageNumber} is ${megabytes(bytes.length)} MB; the plan takes pages up to ${megabytes(maxPageBytes)} MB`;
        yield { refused: { name, reason } };
        continue;
      }
      yield { found: { fileName, page: pageNumber, read: async () => bytes } };
    }
    if (pageCount > taken && !signal.aborted) {
      yield { refused: { name: fileName, reason: pagesOverLimit(taken + 1, pageCount, maxPages) } };
    }
  } finally {
    await pdf.close();
  }
}

async function reopen(pdf: OpenPdf, filePath: string): Promise<OpenPdf> {
  await pdf.close();
  return openPdf(filePath);
}

/** One page as encoded image bytes; pdf.js's objects for the page are freed either way. */
async function pageImage(pdf: OpenPdf, pageNumber: number, signal: AbortSignal): Promise<Buffer> {
  const page = await pdf.document.getPage(pageNumber);
  pdf.takeOversizeImages();
  try {
    const scan = await findScannedImage(page);
    if (pdf.takeOversizeImages()) {
      throw new PageRefusal(`it holds an image of more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
    }
    return scan ? await scannedPageImage(page, scan, pdf.embeddedJpegs) : await renderedPageImage(page, signal);
  } finally {
    page.cleanup();
  }
}
