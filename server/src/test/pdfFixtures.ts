/**
 * Real PDFs for tests and the B14 benchmark, written with pdf-lib: scanned pages (a JPEG made by
 * sharp painted over the whole page, its bytes embedded as they are, optionally under an invisible
 * OCR text layer), drawn pages (visible text and lines), a page too large to render, and files
 * pdf.js cannot open. Each scan has its own colour so a test can tell the pages' order.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  beginText,
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
  | { kind: 'scan'; colour: [number, number, number]; width?: number; height?: number; ocrText?: string }
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
  const jpeg = await scanJpeg(spec.colour, `page ${index + 1}`, spec.width, spec.height);
  const image = await document.embedJpg(jpeg);
  page.drawImage(image, { x: 0, y: 0, width: A4_POINTS.width, height: A4_POINTS.height });
  if (spec.ocrText) addInvisibleText(page, font, spec.ocrText);
}

/** A PDF of the given pages, in order. */
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
