/**
 * The pages of a (multi-page) TIFF as images the upload pipeline takes. Archives scan to TIFF:
 * LZW, Deflate or JPEG colour and grey masters, often 16-bit or CMYK, and bilevel CCITT G4 pages
 * from document scanners, one file per box or ledger. Each page is opened on its own from the
 * file on disk (libvips reads only that page's directory and strips), so one page's pixels are
 * held at a time however many pages the file has, and a file claiming 10,000 pages costs its
 * first `maxPages` pages and one refusal, never a list of 10,000 anything.
 *
 * Each open costs libvips a walk of the whole directory chain (it counts the pages every time),
 * about 20 µs a page on the shared machine: nothing for a box of 300 pages, 0.7 s a page (two
 * opens) for a file of 10,000. Reading the chain once ourselves would halve that; not done yet.
 *
 * A page is encoded when the worker asks for it (the iterator's next item), not in `read()`: a
 * page that cannot be decoded must become a refusal the owner reads, with the other pages going on.
 */
import sharp from 'sharp';
import { IMAGE_ERRORS, MAX_INPUT_PIXELS, MEGABYTE } from '../images/imageErrors.ts';
import { imageWork, rasterBytes } from '../images/imageWork.ts';
import { pageLabel, type SourceContext, type SourceItem } from './importSources.ts';

export const TIFF_ERRORS = {
  unreadable: 'The TIFF could not be read: the file is damaged or incomplete',
  damagedPage: 'The page could not be read: this part of the TIFF is damaged or incomplete',
  tooManyPixels: IMAGE_ERRORS.tooManyPixels,
} as const;

const tooManyPages = (maxPages: number, pages: number) =>
  `An import takes at most ${maxPages} pages: this TIFF has ${pages}, so the pages after ${maxPages} were left out`;

const tooLargeOnceConverted = (bytes: number, maxBytes: number) =>
  `The page is too large once converted: ${(bytes / MEGABYTE).toFixed(1)} MB, and images are limited to ${Math.floor(maxBytes / MEGABYTE)} MB`;

/** How many pages the file says it holds; only its directories are read, so no pixel limit applies yet. */
async function pageCount(filePath: string): Promise<number> {
  try {
    const { pages = 1 } = await sharp(filePath, { limitInputPixels: false }).metadata();
    return pages;
  } catch {
    throw new Error(TIFF_ERRORS.unreadable);
  }
}

const openPage = (filePath: string, page: number) =>
  // 'error', not 'warning': libtiff warns about tags it does not know, which scanners write freely.
  sharp(filePath, { page, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });

/**
 * One page as an encoded image. Bilevel pages (CCITT G4 and other 1-bit scans) become greyscale
 * PNG: lossless, and black-and-white text deflates to a fraction of what JPEG would take while
 * JPEG would blur its edges into grey fringes. Everything else (colour and grey photographs of
 * paper) becomes JPEG quality 90: visually lossless for reading hands and stamps, and a 600 dpi A4
 * colour master stays a few MB where PNG would take 40+ MB and overrun the plan's image size.
 * The owner keeps the TIFF master; Formscribe's copy is for reading and transcribing.
 * 16-bit samples come down to 8, CMYK goes to sRGB (through the file's profile when it has one),
 * grey stays one channel, transparency is laid on white, and the page is turned upright.
 */
async function encodePage(filePath: string, page: number): Promise<Buffer> {
  const metadata = await openPage(filePath, page).metadata();
  const colourChannels = metadata.channels - (metadata.hasAlpha ? 1 : 0);
  const claim = rasterBytes({ ...metadata, depth: metadata.depth ?? 'float' });
  return imageWork.run(claim, () => {
    const upright = openPage(filePath, page).rotate();
    const flat = metadata.hasAlpha ? upright.flatten({ background: '#ffffff' }) : upright;
    if (metadata.bitsPerSample === 1) return flat.toColourspace('b-w').png().toBuffer();
    return flat
      .toColourspace(colourChannels === 1 ? 'b-w' : 'srgb')
      .jpeg({ quality: 90 })
      .toBuffer();
  });
}

const reasonFor = (error: unknown) =>
  error instanceof Error && /pixel limit/i.test(error.message) ? TIFF_ERRORS.tooManyPixels : TIFF_ERRORS.damagedPage;

export async function* tiffPages(
  filePath: string,
  fileName: string,
  context: SourceContext,
): AsyncIterable<SourceItem> {
  const pages = await pageCount(filePath);
  const taken = Math.min(pages, context.maxPages);
  context.foundPages(taken + (pages > taken ? 1 : 0));
  for (let index = 0; index < taken; index++) {
    if (context.signal.aborted) return;
    const name = pageLabel(fileName, index + 1);
    let bytes: Buffer;
    try {
      bytes = await encodePage(filePath, index);
    } catch (error) {
      yield { refused: { name, reason: reasonFor(error) } };
      continue;
    }
    if (bytes.length > context.maxPageBytes) {
      yield { refused: { name, reason: tooLargeOnceConverted(bytes.length, context.maxPageBytes) } };
      continue;
    }
    const encoded = bytes;
    yield { found: { fileName, page: index + 1, read: async () => encoded } };
  }
  if (pages > taken && !context.signal.aborted) {
    yield {
      refused: { name: `${fileName}, pages ${taken + 1}–${pages}`, reason: tooManyPages(context.maxPages, pages) },
    };
  }
}
