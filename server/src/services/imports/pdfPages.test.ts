import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jpegOfScan,
  PAGE_COLOURS,
  type PdfPageSpec,
  SCAN_HEIGHT,
  SCAN_WIDTH,
  scanSpecs,
  storedBilevelScan,
  storedJpeg,
  writePdf,
  writeScannedPdf,
  writeUnreadablePdfs,
} from '../../test/pdfFixtures.ts';
import type { SourceContext, SourceItem } from './importSources.ts';
import { pdfPages } from './pdfPages.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'pdf-pages-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

interface Outcome {
  announced: number[];
  pages: { page: number | null; bytes: Buffer }[];
  refused: { name: string; reason: string }[];
}

function contextFor(overrides: Partial<SourceContext> = {}, announced: number[] = []): SourceContext {
  return {
    signal: new AbortController().signal,
    maxPages: 5_000,
    maxPageBytes: 10 * 1024 * 1024,
    foundPages: (count) => announced.push(count),
    workDir: folder,
    ...overrides,
  };
}

/** Reads every page as the import worker does: each page's bytes before asking for the next item. */
async function readAll(filePath: string, overrides: Partial<SourceContext> = {}): Promise<Outcome> {
  const outcome: Outcome = { announced: [], pages: [], refused: [] };
  const source = pdfPages(filePath, path.basename(filePath), contextFor(overrides, outcome.announced));
  for await (const item of source) {
    if ('found' in item) outcome.pages.push({ page: item.found.page, bytes: await item.found.read() });
    else outcome.refused.push(item.refused);
  }
  return outcome;
}

async function pdfFile(name: string, specs: PdfPageSpec[]) {
  return writePdf(folder, name, specs);
}

/** The colour near the bottom left corner, away from the band and the label. */
async function cornerColour(image: Buffer): Promise<number[]> {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const offset = ((info.height - 20) * info.width + 20) * info.channels;
  return [...data.subarray(offset, offset + 3)];
}

const closeTo = (actual: number[], expected: readonly number[]) =>
  actual.every((value, index) => Math.abs(value - (expected[index] ?? 0)) <= 12);

describe('pdfPages', () => {
  it('yields every scanned page in order, at the pixel size it was scanned at, after announcing them', async () => {
    const file = await pdfFile('scans.pdf', scanSpecs(4));
    const outcome = await readAll(file);

    expect(outcome.announced).toEqual([4]);
    expect(outcome.refused).toEqual([]);
    expect(outcome.pages.map((page) => page.page)).toEqual([1, 2, 3, 4]);
    for (const [index, { bytes }] of outcome.pages.entries()) {
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe('jpeg');
      expect([metadata.width, metadata.height]).toEqual([SCAN_WIDTH, SCAN_HEIGHT]);
      expect(closeTo(await cornerColour(bytes), PAGE_COLOURS[index] ?? [])).toBe(true);
    }
  });

  it("passes each scan's JPEG through byte for byte, whichever kind of cross-reference the file has", async () => {
    const specs = scanSpecs(3, 'OCR words');
    const jpegs = await Promise.all(
      specs.map((spec, index) => (spec.kind === 'scan' ? jpegOfScan(spec, index) : Buffer.alloc(0))),
    );
    const streamed = await readAll(await pdfFile('xref-stream.pdf', specs));
    const tableFile = path.join(folder, 'xref-table.pdf');
    await writeScannedPdf(tableFile, 3, (index) => storedJpeg(jpegs[index] ?? Buffer.alloc(0)));
    const tabled = await readAll(tableFile);

    for (const outcome of [streamed, tabled]) {
      expect(outcome.pages).toHaveLength(3);
      for (const [index, { bytes }] of outcome.pages.entries())
        expect(bytes.equals(jpegs[index] ?? Buffer.alloc(0))).toBe(true);
    }
  });

  it('reads a long PDF opened afresh along the way (bounding what pdf.js keeps) without losing a page', async () => {
    const specs = scanSpecs(5);
    const jpegs = await Promise.all(
      specs.map((spec, index) => (spec.kind === 'scan' ? jpegOfScan(spec, index) : Buffer.alloc(0))),
    );
    const file = await pdfFile('reopened.pdf', specs);
    const pages: Buffer[] = [];
    for await (const item of pdfPages(file, 'reopened.pdf', contextFor(), { reopenAfterBytes: 1 })) {
      if ('found' in item) pages.push(await item.found.read());
    }
    expect(pages.map((bytes, index) => bytes.equals(jpegs[index] ?? Buffer.alloc(0)))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('finds a scan painted from a form XObject whose matrix scales it to the page', async () => {
    const file = path.join(folder, 'form.pdf');
    const jpeg = await jpegOfScan({ kind: 'scan', colour: [30, 60, 200] }, 0);
    await writeScannedPdf(file, 1, () => storedJpeg(jpeg), { inForm: true });
    const outcome = await readAll(file);

    expect(outcome.pages[0]?.bytes.equals(jpeg)).toBe(true);
  });

  it("reads past the parser's periodic cleanup (every 50 pages) without losing a page", async () => {
    const file = path.join(folder, 'sixty.pdf');
    await writeScannedPdf(file, 60, () => storedBilevelScan(80, 100));
    const outcome = await readAll(file);

    expect(outcome.refused).toEqual([]);
    expect(outcome.pages.map((page) => page.page)).toEqual(Array.from({ length: 60 }, (_, index) => index + 1));
  });

  it('saves a 1-bit scan as a 1-bit PNG at its own size, black where the scan is black', async () => {
    const file = path.join(folder, 'bilevel.pdf');
    await writeScannedPdf(file, 1, () => storedBilevelScan(1700, 2200));
    const outcome = await readAll(file);

    const png = outcome.pages[0]?.bytes ?? Buffer.alloc(0);
    const metadata = await sharp(png).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.bitsPerSample]).toEqual(['png', 1700, 2200, 1]);
    const { data } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect([data[10 * 1700 + 10], data[2100 * 1700 + 10]]).toEqual([0, 255]);
  });

  it('turns a scan on a turned page (its pixels, encoded again)', async () => {
    const file = await pdfFile('turned.pdf', [{ kind: 'scan', colour: [30, 60, 200], rotate: 90 }]);
    const outcome = await readAll(file);

    const metadata = await sharp(outcome.pages[0]?.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', SCAN_HEIGHT, SCAN_WIDTH]);
  });

  it('keeps a scan under an invisible OCR text layer at its own size, whatever the size', async () => {
    const file = await pdfFile('ocr.pdf', [
      { kind: 'scan', colour: [30, 60, 200], width: 2480, height: 3508, ocrText: 'Parish register 1851' },
      { kind: 'scan', colour: [200, 30, 30], width: 800, height: 1100, ocrText: 'Page two' },
    ]);
    const outcome = await readAll(file);

    const sizes = await Promise.all(outcome.pages.map(async ({ bytes }) => sharp(bytes).metadata()));
    expect(sizes.map(({ width, height }) => [width, height])).toEqual([
      [2480, 3508],
      [800, 1100],
    ]);
  });

  it('renders drawn pages at 200 dpi on white, between scans, in order', async () => {
    const file = await pdfFile('mixed.pdf', [
      { kind: 'scan', colour: [200, 30, 30] },
      { kind: 'text', text: 'Census return, district 4' },
      { kind: 'scan', colour: [30, 160, 40] },
    ]);
    const outcome = await readAll(file);

    expect(outcome.pages.map((page) => page.page)).toEqual([1, 2, 3]);
    const drawn = outcome.pages[1]?.bytes ?? Buffer.alloc(0);
    const metadata = await sharp(drawn).metadata();
    // A4 is 595 × 842 pt: 1654 × 2339 pixels at 200 dpi.
    expect([metadata.width, metadata.height, metadata.channels]).toEqual([1654, 2339, 3]);
    const { channels } = await sharp(drawn).stats();
    expect(channels.map((channel) => channel.max)).toEqual([255, 255, 255]);
    expect(channels.map((channel) => channel.min).every((min) => min < 60)).toBe(true); // the text is drawn
    expect(channels.every((channel) => channel.mean > 240)).toBe(true); // on a white page
    expect(closeTo(await cornerColour(outcome.pages[2]?.bytes ?? drawn), [30, 160, 40])).toBe(true);
  });

  it('refuses a page too large to render without rendering it, and goes on with the next', async () => {
    const file = await pdfFile('huge.pdf', [
      { kind: 'huge', points: 100_000 },
      { kind: 'scan', colour: [200, 30, 30] },
    ]);
    const started = Date.now();
    const outcome = await readAll(file);

    expect(Date.now() - started).toBeLessThan(10_000);
    expect(outcome.refused).toEqual([
      {
        name: 'huge.pdf, page 1',
        reason: expect.stringMatching(
          /^page 1: it is 100,000 × 100,000 pt, .* megapixels at 200 dpi; pages up to 100 megapixels/,
        ),
      },
    ]);
    expect(outcome.pages.map((page) => page.page)).toEqual([2]);
  });

  it('refuses a page holding an image over the pixel cap without decoding it, and goes on', async () => {
    const file = path.join(folder, 'huge-image.pdf');
    await writeScannedPdf(file, 2, (index) =>
      index === 0 ? storedBilevelScan(10_001, 10_001) : storedBilevelScan(800, 1000),
    );
    const outcome = await readAll(file);

    expect(outcome.refused).toEqual([
      { name: 'huge-image.pdf, page 1', reason: 'page 1: it holds an image of more than 100 megapixels' },
    ]);
    expect(outcome.pages.map((page) => page.page)).toEqual([2]);
  });

  it('refuses a page whose scan is damaged, naming it, and goes on with the next', async () => {
    const file = path.join(folder, 'damaged-scan.pdf');
    const good = await storedJpeg(await jpegOfScan({ kind: 'scan', colour: [30, 160, 40] }, 1));
    const damaged = { ...good, data: Buffer.concat([good.data.subarray(0, 200), Buffer.alloc(5000, 0x17)]) };
    await writeScannedPdf(file, 2, (index) => (index === 0 ? damaged : good));
    const outcome = await readAll(file);

    expect(outcome.refused).toEqual([
      { name: 'damaged-scan.pdf, page 1', reason: 'page 1: its image could not be decoded' },
    ]);
    expect(outcome.pages.map((page) => page.page)).toEqual([2]);
  });

  it('refuses a page whose image is larger than the plan takes, naming both sizes', async () => {
    const file = await pdfFile('large-pages.pdf', [
      { kind: 'scan', colour: [200, 30, 30], width: 2480, height: 3508 },
      { kind: 'scan', colour: [30, 160, 40], width: 400, height: 560 },
    ]);
    const outcome = await readAll(file, { maxPageBytes: 0.05 * 1024 * 1024 });

    expect(outcome.refused).toEqual([
      {
        name: 'large-pages.pdf, page 1',
        reason: expect.stringMatching(/^page 1 is 0\.0[6-9] MB; the plan takes pages up to 0.05 MB$/),
      },
    ]);
    expect(outcome.pages.map((page) => page.page)).toEqual([2]);
  });

  it('yields at most maxPages pages and one refusal naming the rest', async () => {
    const file = await pdfFile('long.pdf', scanSpecs(5));
    const outcome = await readAll(file, { maxPages: 3 });

    expect(outcome.announced).toEqual([4]);
    expect(outcome.pages.map((page) => page.page)).toEqual([1, 2, 3]);
    expect(outcome.refused).toEqual([{ name: 'long.pdf', reason: 'pages 4–5: an import takes at most 3 pages' }]);
  });

  it('stops when the import is cancelled', async () => {
    const file = await pdfFile('cancelled.pdf', scanSpecs(6));
    const controller = new AbortController();
    const items: SourceItem[] = [];
    for await (const item of pdfPages(file, 'cancelled.pdf', contextFor({ signal: controller.signal }))) {
      items.push(item);
      if (items.length === 2) controller.abort();
    }
    expect(items).toHaveLength(2);
  });

  it('fails the whole file with a reason when it is not a readable PDF', async () => {
    const files = await writeUnreadablePdfs(folder);
    await expect(readAll(files.garbage)).rejects.toThrow(/^This PDF could not be read: /);
    await expect(readAll(files.truncated)).rejects.toThrow(/^This PDF could not be read: /);
    await expect(readAll(files.notPdf)).rejects.toThrow(
      'This PDF could not be read: the file is not a PDF or is damaged',
    );
    await expect(readAll(files.empty)).rejects.toThrow('This PDF could not be read: the file is empty');
  });
});
