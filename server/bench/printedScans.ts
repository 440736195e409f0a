/**
 * Generated scans of one printed paper form (12 labelled boxes with typed values), each placed on
 * the page with a small random offset, as a scanner would. Drawn as SVG and rasterised with sharp,
 * so the benchmarks and tests need no fixture files, and every scan comes with its ground truth:
 * the values typed in each box, the page offset in pixels, and the boxes as field regions (page
 * fractions on the unshifted layout, which is what an owner draws on the sample image).
 */
import sharp from 'sharp';

export const SCAN_WIDTH = 850;
export const SCAN_HEIGHT = 1100;

export interface PrintedField {
  id: string;
  label: string;
  /** The box on the unshifted page, in pixels. */
  box: { left: number; top: number; width: number; height: number };
}

export interface PrintedScan {
  jpeg: Buffer;
  /** What is typed in each box, by field id. */
  values: Record<string, string>;
  /** How far the printed page sits from the unshifted layout, in pixels. */
  offset: { x: number; y: number };
}

const LABELS = [
  'Surname',
  'Given names',
  'Date of birth',
  'Place of birth',
  'Occupation',
  'Street',
  'Town',
  'County',
  'Father',
  'Mother',
  'Religion',
  'Registered by',
];

/** Two columns of six boxes, label above each box. */
export const PRINTED_FIELDS: PrintedField[] = LABELS.map((label, index) => ({
  id: `f${index + 1}`,
  label,
  box: { left: 70 + (index % 2) * 370, top: 190 + Math.floor(index / 2) * 140, width: 340, height: 60 },
}));

/** The printed form's fields as the builder stores them, each with its box as a region. */
export function printedFormFields(withRegions: boolean) {
  return PRINTED_FIELDS.map((field, order) => ({
    id: field.id,
    type: 'text' as const,
    label: field.label,
    order,
    required: false,
    ...(withRegions ? { region: regionOf(field) } : {}),
  }));
}

export function regionOf(field: PrintedField) {
  const { left, top, width, height } = field.box;
  return { x: left / SCAN_WIDTH, y: top / SCAN_HEIGHT, w: width / SCAN_WIDTH, h: height / SCAN_HEIGHT };
}

/** A small seeded generator (mulberry32), so a benchmark run draws the same scans every time. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['Smith', 'Jones', 'Miller', 'Baker', 'Clark', 'Hughes', 'Ward', 'Turner', 'Hill', 'Cooper', 'Brook'];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function pageSvg(values: Record<string, string>, offset: { x: number; y: number }): string {
  const parts = PRINTED_FIELDS.map(({ id, label, box }) => {
    const value = escapeXml(values[id] ?? '');
    return `<text x="${box.left}" y="${box.top - 12}" font-family="DejaVu Sans" font-size="20">${escapeXml(label)}</text>
<rect x="${box.left}" y="${box.top}" width="${box.width}" height="${box.height}" fill="none" stroke="#000" stroke-width="3"/>
<text x="${box.left + 14}" y="${box.top + 42}" font-family="DejaVu Sans Mono" font-size="28">${value}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SCAN_WIDTH}" height="${SCAN_HEIGHT}">
<rect width="100%" height="100%" fill="#fff"/>
<g transform="translate(${offset.x} ${offset.y})">
<text x="70" y="90" font-family="DejaVu Serif" font-size="40" font-weight="bold">REGISTER OF BIRTHS</text>
<line x1="70" y1="110" x2="780" y2="110" stroke="#000" stroke-width="4"/>
${parts.join('\n')}
</g></svg>`;
}

/** One scan: `values` typed into the boxes, the page moved by `offset` pixels. */
export async function renderPrintedScan(values: Record<string, string>, offset = { x: 0, y: 0 }): Promise<Buffer> {
  return sharp(Buffer.from(pageSvg(values, offset)))
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** `count` scans with random values and offsets of up to `maxOffset` pixels each way, drawn from `seed`. */
export async function generatePrintedScans(count: number, seed = 17, maxOffset = 24): Promise<PrintedScan[]> {
  const random = seededRandom(seed);
  const pick = () => WORDS[Math.floor(random() * WORDS.length)] ?? 'Smith';
  const scans: PrintedScan[] = [];
  for (let i = 0; i < count; i += 1) {
    const values = Object.fromEntries(PRINTED_FIELDS.map((f, index) => [f.id, `${pick()} ${index + i}`]));
    const offset = {
      x: Math.round((random() * 2 - 1) * maxOffset),
      y: Math.round((random() * 2 - 1) * maxOffset),
    };
    scans.push({ jpeg: await renderPrintedScan(values, offset), values, offset });
  }
  return scans;
}
