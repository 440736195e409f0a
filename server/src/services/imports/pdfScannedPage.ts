/**
 * Tells a scanned page from a drawn one by what its operator list paints. A scan is one image
 * covering the page, perhaps with an invisible OCR text layer over it: such a page is worth the
 * image itself at the resolution it was scanned at, not a re-rendering of it at a fixed dpi.
 * Anything else that paints (visible text, paths, shadings, masks, annotations, a second image)
 * makes the page a drawn one, rendered whole.
 */
import { OPS, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The page's one image, as pdf.js names it in the page's (or the document's) object store. */
export interface ScannedImage {
  objId: string;
  /** The image's pixel size as the PDF declares it. */
  width: number;
  height: number;
}

/** An image covering this share of the page counts as the page (scanners leave thin margins). */
const MIN_COVERED_SHARE = 0.9;
/** Text render modes that paint nothing: 3 (invisible, the OCR layer) and 7 (clip only). */
const INVISIBLE_TEXT_MODES = new Set([3, 7]);

const SHOW_TEXT_OPS = new Set<number>([
  OPS.showText,
  OPS.showSpacedText,
  OPS.nextLineShowText,
  OPS.nextLineSetSpacingShowText,
]);

/** Operators that paint nothing themselves: state, colour, text positioning, marked content. */
const NON_PAINTING_OPS = new Set<number>([
  OPS.dependency,
  OPS.setLineWidth,
  OPS.setLineCap,
  OPS.setLineJoin,
  OPS.setMiterLimit,
  OPS.setDash,
  OPS.setRenderingIntent,
  OPS.setFlatness,
  OPS.setGState,
  OPS.beginText,
  OPS.endText,
  OPS.setCharSpacing,
  OPS.setWordSpacing,
  OPS.setHScale,
  OPS.setLeading,
  OPS.setFont,
  OPS.setTextRise,
  OPS.moveText,
  OPS.setLeadingMoveText,
  OPS.setTextMatrix,
  OPS.nextLine,
  OPS.setCharWidth,
  OPS.setCharWidthAndBounds,
  OPS.setStrokeColorSpace,
  OPS.setFillColorSpace,
  OPS.setStrokeColor,
  OPS.setStrokeColorN,
  OPS.setFillColor,
  OPS.setFillColorN,
  OPS.setStrokeGray,
  OPS.setFillGray,
  OPS.setStrokeRGBColor,
  OPS.setFillRGBColor,
  OPS.setStrokeCMYKColor,
  OPS.setFillCMYKColor,
  OPS.setStrokeTransparent,
  OPS.setFillTransparent,
  OPS.markPoint,
  OPS.markPointProps,
  OPS.beginMarkedContent,
  OPS.beginMarkedContentProps,
  OPS.endMarkedContent,
  OPS.beginCompat,
  OPS.endCompat,
  OPS.clip,
  OPS.eoClip,
]);

type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

/**
 * Whether the image, drawn with `ctm` (the unit square in user space), stands upright, unflipped
 * (PDF images have their first row at the top of the unit square) and covers the page.
 */
function coversPageUpright(ctm: Matrix, view: number[]): boolean {
  const [a, b, c, d, e, f] = ctm;
  if (Math.abs(b) > 1e-6 || Math.abs(c) > 1e-6 || a <= 0 || d <= 0) return false;
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = view;
  const overlapX = Math.max(0, Math.min(e + a, x1) - Math.max(e, x0));
  const overlapY = Math.max(0, Math.min(f + d, y1) - Math.max(f, y0));
  return overlapX * overlapY >= MIN_COVERED_SHARE * (x1 - x0) * (y1 - y0);
}

/** The page's scanned image, or null when the page must be rendered. */
export async function findScannedImage(page: PDFPageProxy): Promise<ScannedImage | null> {
  const { fnArray, argsArray } = await page.getOperatorList();
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const saved: Matrix[] = [];
  let textMode = 0;
  let image: ScannedImage | null = null;
  for (const [index, op] of fnArray.entries()) {
    const args = (argsArray[index] ?? []) as unknown[];
    if (op === OPS.save) saved.push(ctm);
    else if (op === OPS.restore) ctm = saved.pop() ?? ctm;
    else if (op === OPS.transform) ctm = multiply(ctm, args as Matrix);
    else if (op === OPS.paintFormXObjectBegin) {
      saved.push(ctm);
      // A form's matrix comes as a Float32Array (or null for the identity).
      const matrix = args[0];
      if (matrix instanceof Float32Array && matrix.length === 6) ctm = multiply(ctm, [...matrix] as Matrix);
    } else if (op === OPS.paintFormXObjectEnd) ctm = saved.pop() ?? ctm;
    else if (op === OPS.setTextRenderingMode) textMode = Number(args[0]);
    else if (op === OPS.constructPath) {
      // A path ended without painting (`re W n`: a clip, as some scanners set) draws nothing.
      if (args[0] !== OPS.endPath) return null;
    } else if (SHOW_TEXT_OPS.has(op)) {
      if (!INVISIBLE_TEXT_MODES.has(textMode)) return null;
    } else if (op === OPS.paintImageXObject) {
      if (image || !coversPageUpright(ctm, page.view)) return null;
      image = { objId: String(args[0]), width: Number(args[1]), height: Number(args[2]) };
    } else if (!NON_PAINTING_OPS.has(op)) return null;
  }
  return image;
}
