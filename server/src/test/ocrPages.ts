/**
 * Generated pages for the machine reading language and orientation tests (no fixture files): a
 * French printed page laid out as bench/printedScans.ts's form (so READ_FIELDS' boxes fit it),
 * with French labels and accented values, and any printed page turned as a scanner might feed it.
 */
import sharp from 'sharp';
import { PRINTED_FIELDS, SCAN_HEIGHT, SCAN_WIDTH } from '../../bench/printedScans.ts';

/** The French page's labels, by field id (the first two are the boxes READ_FIELDS reads). */
const FRENCH_LABELS = ['Numéro de dossier', 'Élève', 'Né le', 'Lieu de naissance'];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A French form page with `values` typed into its boxes (f1, f2 …), as a JPEG. */
export async function renderFrenchPage(values: Record<string, string>): Promise<Buffer> {
  const parts = PRINTED_FIELDS.slice(0, FRENCH_LABELS.length).map(({ id, box }, index) => {
    const label = FRENCH_LABELS[index] ?? '';
    return `<text x="${box.left}" y="${box.top - 12}" font-family="DejaVu Sans" font-size="20">${escapeXml(label)}</text>
<rect x="${box.left}" y="${box.top}" width="${box.width}" height="${box.height}" fill="none" stroke="#000" stroke-width="3"/>
<text x="${box.left + 14}" y="${box.top + 42}" font-family="DejaVu Sans Mono" font-size="28">${escapeXml(values[id] ?? '')}</text>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SCAN_WIDTH}" height="${SCAN_HEIGHT}">
<rect width="100%" height="100%" fill="#fff"/>
<text x="70" y="90" font-family="DejaVu Serif" font-size="36" font-weight="bold">REGISTRE DES ÉLÈVES</text>
<line x1="70" y1="110" x2="780" y2="110" stroke="#000" stroke-width="4"/>
${parts.join('\n')}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** The page turned `degrees` clockwise, as a scan fed in sideways (or upside down) comes out. */
export function turnedPage(page: Buffer, degrees: 90 | 180 | 270): Promise<Buffer> {
  return sharp(page).rotate(degrees).jpeg({ quality: 90 }).toBuffer();
}
