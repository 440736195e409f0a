/**
 * What every import source (a PDF, a multi-page TIFF, a ZIP, a IIIF manifest) yields to the
 * import worker: pages, one at a time and in order, each read only when the worker wants its
 * bytes, or refusals that name what was left out and why. A source never stops the import for
 * one bad page; it throws only when the container as a whole cannot be read (the import fails
 * with that error's message as its reason).
 */

/** One page found in a container, ready for the image pipeline. */
export interface FoundPage {
  /** The file's name, its path inside a ZIP (`box1/page_9.jpg`), or a IIIF canvas's name. */
  fileName: string;
  /** The page inside a PDF or TIFF, counted from 1; null for a single image. */
  page: number | null;
  /** Metadata the source itself carries (IIIF labels and metadata); the catalogue adds its own. */
  metadata?: Record<string, string>;
  /** The page as an encoded image the upload pipeline takes (JPEG, PNG, WebP, AVIF, HEIC, GIF). */
  read(): Promise<Buffer>;
}

/** A page or file left out, with the reason the owner reads in the import's summary. */
export interface RefusedPage {
  name: string;
  reason: string;
}

export type SourceItem = { found: FoundPage } | { refused: RefusedPage };

/** What the worker hands every source. */
export interface SourceContext {
  /** Aborted when the owner cancels the import or the server shuts down: stop soon, quietly. */
  signal: AbortSignal;
  /** No source yields more than this many pages; past it, it refuses the rest (or the container). */
  maxPages: number;
  /** A page whose encoded bytes exceed this is refused with a reason (the plan's image size). */
  maxPageBytes: number;
  /**
   * Called as soon as the source learns how many more items it will yield (a PDF's page count when
   * it opens, a ZIP's entries from its directory, a manifest's canvases), before yielding them:
   * the owner watches "pages done of pages found". Every item, refusals included, is announced once.
   */
  foundPages(count: number): void;
  /** A private folder for temporary files (a nested container unpacked from a ZIP); the worker empties it. */
  workDir: string;
}

/** A page's name as the summary and the source column show it: `ledger.pdf, page 3`. */
export const pageLabel = (fileName: string, page: number | null) =>
  page === null ? fileName : `${fileName}, page ${page}`;
