/**
 * The reader's language pools, with the real tesseract.js and the shipped language packages: a
 * line is read in the language asked for (French keeps its accents, English loses them), and at
 * most two languages' workers are held at once, the least recently used idle one ended first.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { OcrReader } from './ocrReader.ts';

const reader = new OcrReader({ langPath: undefined, concurrency: 1 });
afterAll(() => reader.close());

/** A printed line as a field's crop looks when handed to the reader. */
function printedLine(text: string): Promise<Buffer> {
  return sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="420" height="72">
<rect width="100%" height="100%" fill="#fff"/>
<text x="12" y="48" font-family="DejaVu Sans Mono" font-size="30">${text}</text></svg>`),
  )
    .greyscale()
    .png()
    .toBuffer();
}

describe('the OCR reader', () => {
  it('reads in the language asked for, holding at most two languages at once', async () => {
    const line = await printedLine('Hélène Château');
    expect((await reader.read(line, 'fra')).text).toBe('Hélène Château');
    expect((await reader.read(line, 'eng')).text).not.toBe('Hélène Château');
    expect(reader.languagesHeld()).toEqual(['fra', 'eng']);
    await reader.read(line, 'spa');
    expect(reader.languagesHeld()).toEqual(['eng', 'spa']);
    await reader.read(line, 'eng');
    expect(reader.languagesHeld()).toEqual(['spa', 'eng']);
  });
});
