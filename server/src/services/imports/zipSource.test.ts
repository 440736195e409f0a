import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { greyPage, multiPageTiff } from '../../test/tiffFixtures.ts';
import { collectSource, testSourceContext, writeZip, type ZipPart } from '../../test/zipFixtures.ts';
import type { ContainerType } from './detectContainerType.ts';
import type { SourceContext, SourceItem } from './importSources.ts';
import { tiffPages } from './tiffPages.ts';
import { zipSource } from './zipSource.ts';
import { DEFAULT_ZIP_LIMITS, ZIP_ERRORS } from './zipSourceEntries.ts';

const MB = 1024 * 1024;

let dir: string;
let workDir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-zip-source-'));
  workDir = path.join(dir, 'work');
  await fs.mkdir(workDir);
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

/** A small JPEG whose bytes tell it apart from the others. */
const jpeg = async (level: number) =>
  sharp(await greyPage(level))
    .jpeg()
    .toBuffer();

async function zipFile(parts: ZipPart[], name = 'upload.zip') {
  const filePath = path.join(dir, name);
  await fs.writeFile(filePath, writeZip(parts));
  return filePath;
}

/** Nested containers as the lead's dispatcher would take them, names prefixed with the entry's path. */
function dispatcher(context: SourceContext) {
  const handed: { entryPath: string; kind: ContainerType; existed: boolean }[] = [];
  const nested = async function* (entryPath: string, file: string, kind: ContainerType): AsyncIterable<SourceItem> {
    handed.push({ entryPath, kind, existed: await fs.stat(file).then(() => true) });
    if (kind === 'tiff') yield* tiffPages(file, entryPath, context);
    else if (kind === 'zip') {
      for await (const item of zipSource(file, entryPath, context, nested)) {
        yield 'found' in item
          ? { found: { ...item.found, fileName: `${entryPath}/${item.found.fileName}` } }
          : { refused: { ...item.refused, name: `${entryPath}/${item.refused.name}` } };
      }
    } else throw new Error('PDFs are read elsewhere');
  };
  return { nested, handed };
}

/** Runs the source over the parts; checks every item was announced exactly once. */
async function run(parts: ZipPart[], overrides: Parameters<typeof testSourceContext>[1] = {}) {
  const filePath = await zipFile(parts);
  const { context, announced } = testSourceContext(workDir, overrides);
  const { nested, handed } = dispatcher(context);
  const result = await collectSource(zipSource(filePath, 'upload.zip', context, nested));
  const total = announced.reduce((a, b) => a + b, 0);
  expect(total).toBe(result.found.length + result.refused.length);
  return { ...result, handed, announced };
}

describe('zipSource', () => {
  it('yields the images folder by folder in natural order, each with its path and bytes', async () => {
    const images = await Promise.all([10, 60, 110, 160, 210].map(jpeg));
    const names = ['box10/page_1.jpg', 'box2/page_10.jpg', 'box1/page_2.jpg', 'box2/page_9.jpg', 'Box1/page_10.jpg'];
    const parts = names.map((name, i) => ({ name, data: images[i] ?? Buffer.alloc(0), store: i % 2 === 0 }));

    const { found, refused, announced } = await run(parts);

    expect(refused).toEqual([]);
    expect(announced).toEqual([5]);
    const expected = ['box1/page_2.jpg', 'Box1/page_10.jpg', 'box2/page_9.jpg', 'box2/page_10.jpg', 'box10/page_1.jpg'];
    expect(found.map((page) => page.name)).toEqual(expected);
    for (const page of found) expect(page.bytes.equals(images[names.indexOf(page.name)] ?? Buffer.alloc(0))).toBe(true);
  });

  it('hands nested TIFFs and ZIPs to the dispatcher in their place, and removes their temporary files', async () => {
    const tiff = await multiPageTiff([await greyPage(30), await greyPage(220)], 'lzw');
    const inner = writeZip([
      { name: 'p2.jpg', data: await jpeg(40) },
      { name: 'p1.jpg', data: await jpeg(50) },
    ]);
    const parts = [
      { name: 'c_last.jpg', data: await jpeg(70) },
      { name: 'b/scans.zip', data: inner },
      { name: 'a/ledger.TIF', data: tiff },
      { name: 'a/cover.jpg', data: await jpeg(90) },
    ];

    const { order, handed } = await run(parts);

    expect(order).toEqual([
      'a/cover.jpg',
      'a/ledger.TIF, page 1',
      'a/ledger.TIF, page 2',
      'b/scans.zip/p1.jpg',
      'b/scans.zip/p2.jpg',
      'c_last.jpg',
    ]);
    expect(handed).toEqual([
      { entryPath: 'a/ledger.TIF', kind: 'tiff', existed: true },
      { entryPath: 'b/scans.zip', kind: 'zip', existed: true },
    ]);
    expect(await fs.readdir(workDir)).toEqual([]);
  });

  it('tells a file by its bytes: a JPEG named .txt is a page, a TIFF named .jpg is unpacked', async () => {
    const tiff = await multiPageTiff([await greyPage(30), await greyPage(220)], 'deflate');
    const { order } = await run([
      { name: 'photo.txt', data: await jpeg(10) },
      { name: 'scan.jpg', data: tiff },
    ]);
    expect(order).toEqual(['photo.txt', 'scan.jpg, page 1', 'scan.jpg, page 2']);
  });

  it('turns a nested container that cannot be read into one refusal and goes on', async () => {
    const { order, refused } = await run([
      { name: 'a.pdf', data: Buffer.from('%PDF-1.7 broken') },
      { name: 'b.jpg', data: await jpeg(10) },
    ]);
    expect(order).toEqual(['refused: a.pdf', 'b.jpg']);
    expect(refused).toEqual([{ name: 'a.pdf', reason: 'PDFs are read elsewhere' }]);
    expect(await fs.readdir(workDir)).toEqual([]);
  });

  it('skips folders, __MACOSX, .DS_Store, Thumbs.db and dot files silently; refuses other files by name', async () => {
    const image = await jpeg(10);
    const { order, refused, announced } = await run([
      { name: 'box1/', data: Buffer.alloc(0) },
      { name: '__MACOSX/box1/._page_1.jpg', data: image },
      { name: 'box1/.DS_Store', data: Buffer.from('bud1') },
      { name: 'box1/Thumbs.db', data: Buffer.from('thumbs') },
      { name: '.hidden.jpg', data: image },
      { name: 'box1/.git/config', data: Buffer.from('[core]') },
      { name: 'box1/page_1.jpg', data: image },
      { name: 'box1/notes.txt', data: Buffer.from('call the archive on Monday') },
      { name: 'box1/empty.jpg', data: Buffer.alloc(0) },
    ]);
    expect(order).toEqual(['refused: box1/empty.jpg', 'refused: box1/notes.txt', 'box1/page_1.jpg']);
    expect(refused).toEqual([
      { name: 'box1/empty.jpg', reason: ZIP_ERRORS.empty },
      { name: 'box1/notes.txt', reason: 'Not an image, PDF, TIFF or ZIP' },
    ]);
    expect(announced).toEqual([3]);
  });

  it('refuses names that climb out of the ZIP, absolute paths and drive letters; reads Windows separators', async () => {
    const image = await jpeg(10);
    const { found, refused } = await run(
      [
        '../evil.jpg',
        'box/../../evil.jpg',
        '/etc/evil.jpg',
        'C:/evil.jpg',
        'c:evil.jpg',
        '..\\evil.jpg',
        'box1\\page_1.jpg',
      ].map((name) => ({ name, data: image })),
    );
    expect(found.map((page) => page.name)).toEqual(['box1/page_1.jpg']);
    expect(refused.map((refusal) => refusal.name).sort()).toEqual(
      ['../evil.jpg', 'box/../../evil.jpg', '/etc/evil.jpg', 'C:/evil.jpg', 'c:evil.jpg', '..\\evil.jpg'].sort(),
    );
    for (const refusal of refused) expect(refusal.reason).toBe(ZIP_ERRORS.unsafeName);
  });

  it('refuses an entry whose directory claims a bomb ratio, before inflating it, and goes on', async () => {
    const zeros = Buffer.alloc(5 * MB);
    const { order, refused } = await run([
      { name: 'bomb.jpg', data: zeros },
      { name: 'page.jpg', data: await jpeg(10) },
    ]);
    expect(order).toEqual(['refused: bomb.jpg', 'page.jpg']);
    expect(refused[0]?.reason).toMatch(
      /^The file would unpack to 5\.0 MB from 0\.0 MB, more than 100 times its size: it looks like a ZIP bomb$/,
    );
  });

  it('counts the bytes while inflating: an entry unpacking to more than its header says is refused', async () => {
    // The directory says 100 bytes (no bomb ratio); the data inflates to 5 MB of zeros.
    const { order, refused } = await run([
      { name: 'liar.jpg', data: Buffer.concat([await jpeg(10), Buffer.alloc(5 * MB)]), declaredSize: 100 },
      { name: 'page.jpg', data: await jpeg(20) },
    ]);
    expect(order).toEqual(['refused: liar.jpg', 'page.jpg']);
    expect(refused[0]?.reason).toBe(ZIP_ERRORS.sizeDisagrees);
  });

  it('refuses a ZIP that unpacks to more than an import may take, or holds too many entries', async () => {
    const image = await jpeg(10);
    const parts = [1, 2, 3, 4].map((i) => ({ name: `p${i}.jpg`, data: image }));
    const filePath = await zipFile(parts);
    const { context } = testSourceContext(workDir);
    const { nested } = dispatcher(context);
    const tooLarge = { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: 3 * image.length };
    await expect(collectSource(zipSource(filePath, 'upload.zip', context, nested, tooLarge))).rejects.toThrow(
      /^The ZIP unpacks to 0\.0 MB: at most 0 MB are accepted in one import$/,
    );
    const tooMany = { ...DEFAULT_ZIP_LIMITS, maxEntries: 3 };
    await expect(collectSource(zipSource(filePath, 'upload.zip', context, nested, tooMany))).rejects.toThrow(
      'The ZIP holds 4 files and folders: at most 3 are accepted in one import',
    );
  });

  it('refuses encrypted entries, unknown compression, damaged data and images over the plan’s size', async () => {
    const image = await jpeg(10);
    const { order, refused } = await run(
      [
        { name: 'a_locked.jpg', data: image, encrypted: true, store: true },
        { name: 'b_bzip2.jpg', data: image, method: 12 },
        { name: 'c_damaged.jpg', data: Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff]), asIs: true },
        { name: 'd_large.jpg', data: Buffer.concat([image, randomBytes(2 * MB)]) },
        { name: 'e_fine.jpg', data: image },
      ],
      { maxPageBytes: 1 * MB },
    );
    expect(order.at(-1)).toBe('e_fine.jpg');
    expect(refused).toEqual([
      { name: 'a_locked.jpg', reason: ZIP_ERRORS.encrypted },
      { name: 'b_bzip2.jpg', reason: ZIP_ERRORS.unknownCompression(12) },
      { name: 'c_damaged.jpg', reason: ZIP_ERRORS.damagedEntry },
      { name: 'd_large.jpg', reason: 'The image is 2.0 MB: images are limited to 1 MB' },
    ]);
  });

  it('yields at most maxPages images and one refusal naming the rest', async () => {
    const image = await jpeg(10);
    const { found, refused, order } = await run(
      [1, 2, 3, 4, 5, 6].map((i) => ({ name: `p${i}.jpg`, data: image })),
      { maxPages: 3 },
    );
    expect(found.map((page) => page.name)).toEqual(['p1.jpg', 'p2.jpg', 'p3.jpg']);
    expect(refused).toEqual([
      {
        name: 'p4.jpg and 2 more images',
        reason: 'An import takes at most 3 pages: upload.zip holds 6 images, so the ones after 3 were left out',
      },
    ]);
    expect(order.at(-1)).toBe('refused: p4.jpg and 2 more images');
  });

  it('fails the whole import with a reason when the file is no ZIP it can read', async () => {
    const filePath = path.join(dir, 'broken.zip');
    await fs.writeFile(filePath, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 1)]));
    const { context } = testSourceContext(workDir);
    await expect(collectSource(zipSource(filePath, 'broken.zip', context, dispatcher(context).nested))).rejects.toThrow(
      ZIP_ERRORS.unreadable,
    );
  });

  it('stops quietly when the import is cancelled', async () => {
    const image = await jpeg(10);
    const filePath = await zipFile([1, 2, 3, 4].map((i) => ({ name: `p${i}.jpg`, data: image })));
    const controller = new AbortController();
    const { context } = testSourceContext(workDir, { signal: controller.signal });
    const seen: string[] = [];
    for await (const item of zipSource(filePath, 'upload.zip', context, dispatcher(context).nested)) {
      if ('found' in item) seen.push(item.found.fileName);
      controller.abort();
    }
    expect(seen).toEqual(['p1.jpg']);
  });
});
