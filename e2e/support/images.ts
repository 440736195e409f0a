/** Real image files for upload journeys: JPEG and PNG made with sharp, a HEIC made with heif-enc. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/src/test/fixtures');

export async function makeImageFiles(jpegCount: number): Promise<{ jpegs: string[]; png: string; heic: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-e2e-images-'));
  const jpegs: string[] = [];
  for (let i = 1; i <= jpegCount; i++) {
    const file = path.join(dir, `register-page-${String(i).padStart(2, '0')}.jpg`);
    await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 240 - i * 5, g: 230, b: 210 } } })
      .jpeg()
      .toFile(file);
    jpegs.push(file);
  }
  const png = path.join(dir, 'census-sheet.png');
  await sharp({ create: { width: 500, height: 700, channels: 3, background: { r: 250, g: 250, b: 245 } } })
    .png()
    .toFile(png);
  const heic = path.join(dir, 'phone-photo.heic');
  await fs.copyFile(path.join(fixtures, 'sample.heic'), heic);
  return { jpegs, png, heic };
}
