import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  colourPage,
  greyPage,
  multiPageTiff,
  type TiffKind,
  tinyPagesTiff,
  withPageSize,
  withStripPastEnd,
} from '../../test/tiffFixtures.ts';
import { collectSource, testSourceContext } from '../../test/zipFixtures.ts';
import { detectImageType } from '../images/detectImageType.ts';
import { TIFF_ERRORS, tiffPages } from './tiffPages.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-tiff-pages-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function writeTiff(name: string, bytes: Buffer) {
  const filePath = path.join(dir, name);
  await fs.writeFile(filePath, bytes);
  return filePath;
}

/** The grey level (mean of the first pixel's channels) and size of an encoded page. */
async function look(bytes: Buffer) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const first = [...data.subarray(0, info.channels)];
  return { level: first.reduce((a, b) => a + b, 0) / first.length, width: info.width, height: info.height };
}

const LEVELS = [20, 120, 230];

describe('tiffPages', () => {
  it.each<[TiffKind, 'jpeg' | 'png', number]>([
    ['lzw', 'jpeg', 3],
    ['deflate', 'jpeg', 3],
    ['jpeg', 'jpeg', 3],
    ['16-bit', 'jpeg', 3],
    ['cmyk', 'jpeg', 20], // through a CMYK profile and back: close, not exact (dark greys move most)
  ])('yields every page of a %s TIFF in order, as %s, with its pixels', async (kind, type, tolerance) => {
    const filePath = await writeTiff(
      `${kind}.tif`,
      await multiPageTiff(await Promise.all(LEVELS.map((l) => greyPage(l))), kind),
    );
    const { context, announced } = testSourceContext(dir);

    const { found, refused } = await collectSource(tiffPages(filePath, 'box 3.tif', context));

    expect(refused).toEqual([]);
    expect(announced).toEqual([3]);
    expect(found.map((page) => page.name)).toEqual(['box 3.tif, page 1', 'box 3.tif, page 2', 'box 3.tif, page 3']);
    for (const [i, page] of found.entries()) {
      expect(detectImageType(page.bytes)).toBe(type);
      const seen = await look(page.bytes);
      expect(seen).toMatchObject({ width: 40, height: 30 });
      expect(Math.abs(seen.level - (LEVELS[i] ?? 0))).toBeLessThanOrEqual(tolerance);
    }
  });

  it('brings 16-bit and CMYK pages to 8-bit sRGB (or grey) JPEGs the pipeline takes', async () => {
    const red = await colourPage({ r: 200, g: 30, b: 30 });
    for (const kind of ['16-bit', 'cmyk'] as const) {
      const filePath = await writeTiff(`colour-${kind}.tif`, await multiPageTiff([red, red], kind));
      const { found } = await collectSource(tiffPages(filePath, 'colour.tif', testSourceContext(dir).context));
      const [first] = found;
      if (!first) throw new Error('no page');
      const metadata = await sharp(first.bytes).metadata();
      expect(metadata).toMatchObject({ format: 'jpeg', space: 'srgb', depth: 'uchar', channels: 3 });
      const { data } = await sharp(first.bytes).raw().toBuffer({ resolveWithObject: true });
      expect(data[0]).toBeGreaterThan(150);
      expect(data[1]).toBeLessThan(80);
    }
  });

  it('keeps CCITT G4 (bilevel) pages lossless as PNG: black stays black, white stays white', async () => {
    const filePath = await writeTiff('g4.tif', await multiPageTiff([await greyPage(0), await greyPage(255)], 'g4'));
    const { found } = await collectSource(tiffPages(filePath, 'g4.tif', testSourceContext(dir).context));

    expect(found.map((page) => detectImageType(page.bytes))).toEqual(['png', 'png']);
    const [black, white] = await Promise.all(found.map((page) => sharp(page.bytes).raw().toBuffer()));
    expect(new Set(black)).toEqual(new Set([0]));
    expect(new Set(white)).toEqual(new Set([255]));
  });

  it('takes a one-page TIFF as page 1', async () => {
    const filePath = await writeTiff(
      'single.tif',
      await sharp(await greyPage(90))
        .tiff()
        .toBuffer(),
    );
    const { found } = await collectSource(tiffPages(filePath, 'single.tif', testSourceContext(dir).context));
    expect(found.map((page) => page.name)).toEqual(['single.tif, page 1']);
  });

  it('of a TIFF claiming 10,000 pages yields only the first maxPages and one refusal naming the rest', async () => {
    const filePath = await writeTiff('many.tif', tinyPagesTiff(10_000));
    const { context, announced } = testSourceContext(dir, { maxPages: 4 });

    const { found, refused, order } = await collectSource(tiffPages(filePath, 'many.tif', context));

    expect(found).toHaveLength(4);
    expect(await Promise.all(found.map(async (page) => (await sharp(page.bytes).raw().toBuffer())[0]))).toEqual([
      0, 1, 2, 3,
    ]);
    expect(refused).toEqual([
      {
        name: 'many.tif, pages 5–10000',
        reason: 'An import takes at most 4 pages: this TIFF has 10000, so the pages after 4 were left out',
      },
    ]);
    expect(order.at(-1)).toBe('refused: many.tif, pages 5–10000');
    expect(announced).toEqual([5]); // four pages and the refusal, each announced once
  });

  it('refuses a page over the pixel cap and goes on with the others', async () => {
    const tiff = await multiPageTiff(await Promise.all(LEVELS.map((l) => greyPage(l))), 'lzw');
    const filePath = await writeTiff('huge-page.tif', withPageSize(tiff, 1, 20_000, 20_000));

    const { found, refused, order } = await collectSource(
      tiffPages(filePath, 'huge.tif', testSourceContext(dir).context),
    );

    expect(order).toEqual(['huge.tif, page 1', 'refused: huge.tif, page 2', 'huge.tif, page 3']);
    expect(refused).toEqual([{ name: 'huge.tif, page 2', reason: TIFF_ERRORS.tooManyPixels }]);
    expect((await look(found[1]?.bytes ?? Buffer.alloc(0))).level).toBeCloseTo(230, -1);
  });

  it('refuses a page whose data cannot be read and goes on with the others', async () => {
    const tiff = await multiPageTiff(await Promise.all(LEVELS.map((l) => greyPage(l))), 'deflate');
    const filePath = await writeTiff('broken-page.tif', withStripPastEnd(tiff, 0));

    const { found, refused } = await collectSource(tiffPages(filePath, 'broken.tif', testSourceContext(dir).context));

    expect(refused).toEqual([{ name: 'broken.tif, page 1', reason: TIFF_ERRORS.damagedPage }]);
    expect(found.map((page) => page.name)).toEqual(['broken.tif, page 2', 'broken.tif, page 3']);
  });

  it('refuses a page larger than the plan’s image size once converted, naming both sizes', async () => {
    const filePath = await writeTiff(
      'sized.tif',
      await sharp(await greyPage(50, 400, 300))
        .tiff({ compression: 'lzw' })
        .toBuffer(),
    );
    const { context } = testSourceContext(dir, { maxPageBytes: 100 });

    const { found, refused } = await collectSource(tiffPages(filePath, 'sized.tif', context));

    expect(found).toEqual([]);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.reason).toMatch(
      /^The page is too large once converted: \d+\.\d MB, and images are limited to 0 MB$/,
    );
  });

  it('fails the whole import with a reason when the file is no TIFF at all', async () => {
    const filePath = await writeTiff('not.tif', Buffer.concat([Buffer.from('II*\0'), Buffer.alloc(100, 0xff)]));
    await expect(collectSource(tiffPages(filePath, 'not.tif', testSourceContext(dir).context))).rejects.toThrow(
      TIFF_ERRORS.unreadable,
    );
  });

  it('stops quietly when the import is cancelled', async () => {
    const filePath = await writeTiff('cancel.tif', tinyPagesTiff(50));
    const controller = new AbortController();
    const { context } = testSourceContext(dir, { signal: controller.signal });
    const seen: string[] = [];
    for await (const item of tiffPages(filePath, 'cancel.tif', context)) {
      if ('found' in item) seen.push(String(item.found.page));
      if (seen.length === 2) controller.abort();
    }
    expect(seen).toEqual(['1', '2']);
  });
});
