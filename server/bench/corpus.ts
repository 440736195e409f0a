/**
 * Benchmark inputs made on the spot: phone-sized photos of paper forms. JPEGs get sensor-like
 * noise so their size (~2-3 MB) matches real 12 MP photos rather than flat synthetic images.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { documentPhotoSvg, readHeicFixture } from '../src/test/fixtures/imageFixtures.ts';

function noise(width: number, height: number, seed: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0; // a cheap LCG: reproducible, fast enough for 36 MB
    pixels[i] = state >>> 27; // 0..31
  }
  return pixels;
}

export async function makeJpegCorpus(count: number, width = 3000, height = 4000): Promise<Buffer[]> {
  const corpus: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const page = await sharp(Buffer.from(documentPhotoSvg(width, height)))
      .png()
      .toBuffer();
    const grain = await sharp(noise(width, height, i + 1), { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    corpus.push(
      await sharp(page)
        .composite([{ input: grain, blend: 'add' }])
        .jpeg({ quality: 90 })
        .toBuffer(),
    );
  }
  return corpus;
}

export interface HeicCorpus {
  data: Buffer;
  description: string;
}

/** A 12 MP HEIC made with heif-enc when it is installed, else the committed 2016×2688 fixture. */
export async function makeHeicCorpus(): Promise<HeicCorpus> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-bench-heic-'));
  try {
    const png = path.join(dir, 'page.png');
    const heic = path.join(dir, 'page.heic');
    await fs.writeFile(
      png,
      await sharp(Buffer.from(documentPhotoSvg(3024, 4032)))
        .png()
        .toBuffer(),
    );
    execFileSync('heif-enc', ['-q', '50', '-o', heic, png], { stdio: 'ignore' });
    return { data: await fs.readFile(heic), description: 'HEIC 3024×4032 (heif-enc -q 50)' };
  } catch {
    return { data: await readHeicFixture('large'), description: 'HEIC 2016×2688 (test fixture; heif-enc missing)' };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
