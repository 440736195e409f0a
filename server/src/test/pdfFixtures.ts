/**
 * Real PDFs for tests and the B14 benchmark, written with pdf-lib: scanned pages (a JPEG made by
 * sharp painted over the whole page, its bytes embedded as they are, optionally under an invisible
 * OCR text layer), drawn pages (visible text and lines), a page too large to render, and files
 * pdf.js cannot open. Each scan has its own colour so a test can tell the pages' order.
 * `writeScannedPdf` writes long scanned PDFs (the B14 benchmark's 1,000 pages) straight to disk,
 * one page at a time, as a scanner's software would, with JPEG or 1-bit pages.
 */
import { open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  beginText,
  degrees,
  endText,
  moveText,
  PDFDocument,
  type PDFFont,
  type PDFPage,
  rgb,
  StandardFonts,
  setFontAndSize,
  setTextRenderingMode,
  showText,
  TextRenderingMode,
} from 'pdf-lib';
import sharp from 'sharp';

/** A4 scanned at 150 dpi. */
export const SCAN_WIDTH = 1240;
export const SCAN_HEIGHT = 1754;
const A4_POINTS = { width: 595.28, height: 841.89 };

/** Distinct, easily told apart colours for page order checks (red, green, blue, …). */
export const PAGE_COLOURS: readonly [number, number, number][] = [
  [200, 30, 30],
  [30, 160, 40],
  [30, 60, 200],
  [220, 180, 20],
  [150, 40, 160],
  [20, 170, 170],
];

export type PdfPageSpec =
  | {
      kind: 'scan';
      colour: [number, number, number];
      width?: number;
      height?: number;
      ocrText?: string;
      /** The page's /Rotate, in degrees clockwise. */
      rotate?: number;
    }
  | { kind: 'text'; text: string }
  | { kind: 'huge'; points: number };

/** A scan's JPEG: its colour all over, a darker band and the page's label, like a form on tinted paper. */
export function scanJpeg(colour: [number, number, number], label: string, width = SCAN_WIDTH, height = SCAN_HEIGHT) {
  const [r, g, b] = colour;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="rgb(${r},${g},${b})"/>
    <rect x="${width / 10}" y="${height / 20}" width="${(width * 8) / 10}" height="${height / 40}" fill="black"/>
    <text x="${width / 10}" y="${height / 5}" font-size="${Math.round(height / 30)}" fill="white">${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** The invisible text layer OCR software lays over a scan (render mode 3: searchable, not painted). */
function addInvisibleText(page: PDFPage, font: PDFFont, text: string) {
  page.pushOperators(
    beginText(),
    setFontAndSize(font.name, 12),
    setTextRenderingMode(TextRenderingMode.Invisible),
    moveText(72, 700),
    showText(font.encodeText(text)),
    endText(),
  );
}

async function addPage(document: PDFDocument, font: PDFFont, spec: PdfPageSpec, index: number) {
  if (spec.kind === 'huge') {
    const page = document.addPage([spec.points, spec.points]);
    page.drawText('A very large page', { x: 72, y: 72, size: 24, font });
    return;
  }
  const page = document.addPage([A4_POINTS.width, A4_POINTS.height]);
  if (spec.kind === 'text') {
    page.drawText(spec.text, { x: 72, y: 700, size: 24, font, color: rgb(0, 0, 0) });
    page.drawLine({ start: { x: 72, y: 690 }, end: { x: 520, y: 690 }, thickness: 2 });
    return;
  }
  const jpeg = await jpegOfScan(spec, index);
  const image = await document.embedJpg(jpeg);
  page.drawImage(image, { x: 0, y: 0, width: A4_POINTS.width, height: A4_POINTS.height });
  if (spec.ocrText) addInvisibleText(page, font, spec.ocrText);
  if (spec.rotate) page.setRotation(degrees(spec.rotate));
}

/** The JPEG a scan spec's page embeds (sharp writes the same bytes for the same input). */
export const jpegOfScan = (spec: Extract<PdfPageSpec, { kind: 'scan' }>, index: number) =>
  scanJpeg(spec.colour, `page ${index + 1}`, spec.width, spec.height);

/** A PDF of the given pages, in order (pdf-lib writes a cross-reference stream and object streams). */
export async function pdfOf(specs: readonly PdfPageSpec[]): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const [index, spec] of specs.entries()) await addPage(document, font, spec, index);
  return Buffer.from(await document.save());
}

/** `count` scanned pages cycling through PAGE_COLOURS. */
export const scanSpecs = (count: number, ocrText?: string): PdfPageSpec[] =>
  Array.from({ length: count }, (_, index) => ({
    kind: 'scan',
    colour: PAGE_COLOURS[index % PAGE_COLOURS.length] ?? [0, 0, 0],
    ocrText,
  }));

export async function writePdf(folder: string, name: string, specs: readonly PdfPageSpec[]): Promise<string> {
  const filePath = path.join(folder, name);
  await writeFile(filePath, await pdfOf(specs));
  return filePath;
}

/** Files that are not readable PDFs: garbage behind a PDF header, a PDF cut short, not a PDF at all. */
export async function writeUnreadablePdfs(folder: string) {
  const whole = await pdfOf(scanSpecs(2));
  const files = {
    garbage: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x5a)]),
    truncated: whole.subarray(0, Math.floor(whole.length / 3)),
    notPdf: await sharp({ create: { width: 50, height: 50, channels: 3, background: '#888' } })
      .png()
      .toBuffer(),
    empty: Buffer.alloc(0),
  };
  const paths: Record<keyof typeof files, string> = { garbage: '', truncated: '', notPdf: '', empty: '' };
  for (const [name, bytes] of Object.entries(files) as [keyof typeof files, Buffer][]) {
    paths[name] = path.join(folder, `${name}.pdf`);
    await writeFile(paths[name], bytes);
  }
  return paths;
}

/** A noisy scan (grain like paper's, so it compresses like a real one, about 0.3 MB): B14's pages. */
export async function grainyScanJpeg(colour: [number, number, number], label: string): Promise<Buffer> {
  const grain = await sharp({
    create: {
      width: SCAN_WIDTH,
      height: SCAN_HEIGHT,
      channels: 3,
      background: { r: colour[0], g: colour[1], b: colour[2] },
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .png()
    .toBuffer();
  const tint = await scanJpeg(colour, label);
  return sharp(tint)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

const pdfObject = (number: number, body: string) => Buffer.from(`${number} 0 obj\n${body}\nendobj\n`, 'latin1');

function pdfStreamObject(number: number, dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`${number} 0 obj\n<<${dictionary}/Length ${data.length}>>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
}

/** One scanned page's image as stored in the file: its dictionary entries and its stream. */
export interface StoredScan {
  /** `/Width 1240/Height 1754/ColorSpace/DeviceRGB/BitsPerComponent 8/Filter/DCTDecode` and so on. */
  dictionary: string;
  data: Buffer;
}

/** A JPEG stored as it is (DCTDecode), as scanners write colour and grey pages. */
export async function storedJpeg(jpeg: Buffer): Promise<StoredScan> {
  const { width, height, channels } = await sharp(jpeg).metadata();
  const colourSpace = channels === 1 ? '/DeviceGray' : '/DeviceRGB';
  return {
    dictionary: `/Width ${width}/Height ${height}/ColorSpace${colourSpace}/BitsPerComponent 8/Filter/DCTDecode`,
    data: jpeg,
  };
}

/**
 * A 1-bit page as fax-style scanners store it (here Flate-compressed): the top half black, the
 * bottom half white (PDF's 1-bit grey: 0 is black).
 */
export function storedBilevelScan(width: number, height: number): StoredScan {
  const rowBytes = Math.ceil(width / 8);
  const bits = Buffer.alloc(rowBytes * height, 0x00);
  bits.fill(0xff, rowBytes * Math.floor(height / 2));
  return {
    dictionary: `/Width ${width}/Height ${height}/ColorSpace/DeviceGray/BitsPerComponent 1/Filter/FlateDecode`,
    data: zlib.deflateSync(bits),
  };
}

/**
 * A scanned PDF of `pageCount` A4 pages written to disk page by page: each page one image
 * (`scanFor(index)`, stored as given) painted over the whole page (directly, or from a form
 * XObject with `inForm`), then a classic cross-reference table. Objects: 1 the catalogue, 2 the
 * page tree, then per page its page, content stream, image and form.
 */
export async function writeScannedPdf(
  filePath: string,
  pageCount: number,
  scanFor: (index: number) => StoredScan | Promise<StoredScan>,
  { inForm = false } = {},
) {
  const file = await open(filePath, 'w');
  const offsets: number[] = [];
  let position = 0;
  const write = async (bytes: Buffer, objectNumber?: number) => {
    if (objectNumber !== undefined) offsets[objectNumber] = position;
    await file.write(bytes);
    position += bytes.length;
  };
  try {
    await write(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
    await write(pdfObject(1, '<</Type/Catalog/Pages 2 0 R>>'), 1);
    const { width, height } = A4_POINTS;
    const kids: string[] = [];
    for (let index = 0; index < pageCount; index += 1) {
      const [page, contents, image, form] = [3 + index * 4, 4 + index * 4, 5 + index * 4, 6 + index * 4];
      kids.push(`${page} 0 R`);
      const scan = await scanFor(index);
      const imageResources = `/Resources<</XObject<</Scan ${image} 0 R>>>>`;
      const resources = inForm ? `/Resources<</XObject<</Form ${form} 0 R>>>>` : imageResources;
      const pageDictionary = `<</Type/Page/Parent 2 0 R/MediaBox[0 0 ${width} ${height}]${resources}/Contents ${contents} 0 R>>`;
      await write(pdfObject(page, pageDictionary), page);
      const paint = inForm ? 'q /Form Do Q' : `q ${width} 0 0 ${height} 0 0 cm /Scan Do Q`;
      await write(pdfStreamObject(contents, '', Buffer.from(paint)), contents);
      await write(pdfStreamObject(image, `/Type/XObject/Subtype/Image${scan.dictionary}`, scan.data), image);
      // Some producers paint the scan from a form whose matrix scales the unit square to the page.
      const formDictionary = `/Type/XObject/Subtype/Form/BBox[0 0 1 1]/Matrix[${width} 0 0 ${height} 0 0]${imageResources}`;
      await write(pdfStreamObject(form, formDictionary, Buffer.from('/Scan Do')), form);
    }
    await write(pdfObject(2, `<</Type/Pages/Kids[${kids.join(' ')}]/Count ${pageCount}>>`), 2);
    const startXref = position;
    const entries = offsets.slice(1).map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`);
    const table = `xref\n0 ${offsets.length}\n0000000000 65535 f \n${entries.join('')}`;
    await write(
      Buffer.from(
        `${table}trailer\n<</Size ${offsets.length}/Root 1 0 R>>\nstartxref\n${startXref}\n%%EOF\n`,
        'latin1',
      ),
    );
  } finally {
    await file.close();
  }
}
