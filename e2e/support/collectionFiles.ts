/**
 * An archive's files for the import journey, made here: a PDF of scanned pages (each page one
 * JPEG, as a scanner writes them), a ZIP of boxed folders of JPEGs (written by the server tests'
 * ZIP helper), and a catalogue CSV naming them. Distinct colours keep the pages apart (the server
 * skips a page whose bytes the form already holds).
 */
import sharp from 'sharp';
import { writeZip } from '../../server/src/test/zipFixtures.ts';

export interface DroppedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A scanned page: one colour, so each is a different file. */
export const scan = (red: number, green: number) =>
  sharp({ create: { width: 400, height: 560, channels: 3, background: { r: red, g: green, b: 200 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** A PDF whose every page is one full-page JPEG (DCTDecode), the shape of a scanned book. */
export function scannedPdf(jpegs: readonly { data: Buffer; width: number; height: number }[]): Buffer {
  const objects: Buffer[] = [];
  const pageIds: number[] = [];
  // 1: catalog, 2: page tree; then per page: page, content, image.
  const at = (index: number) => 3 + index * 3;
  jpegs.forEach((jpeg, index) => {
    const [pageId, contentId, imageId] = [at(index), at(index) + 1, at(index) + 2];
    pageIds.push(pageId);
    const content = `q ${jpeg.width} 0 0 ${jpeg.height} 0 0 cm /Scan Do Q`;
    objects[pageId] = Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${jpeg.width} ${jpeg.height}] /Resources << /XObject << /Scan ${imageId} 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    objects[contentId] = Buffer.from(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    objects[imageId] = Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${jpeg.width} /Height ${jpeg.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.data.length} >>\nstream\n`,
      ),
      jpeg.data,
      Buffer.from('\nendstream'),
    ]);
  });
  objects[1] = Buffer.from('<< /Type /Catalog /Pages 2 0 R >>');
  objects[2] = Buffer.from(
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
  );

  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  for (let id = 1; id < objects.length; id++) {
    const body = Buffer.concat([
      Buffer.from(`${id} 0 obj\n`),
      objects[id] ?? Buffer.alloc(0),
      Buffer.from('\nendobj\n'),
    ]);
    offsets[id] = length;
    parts.push(body);
    length += body.length;
  }
  const xref = [
    'xref',
    `0 ${objects.length}`,
    '0000000000 65535 f ',
    ...offsets.slice(1).map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
  ].join('\n');
  parts.push(Buffer.from(`${xref}\n`));
  return Buffer.concat(parts);
}

export const ZIP_PAGES = ['box1/page_9.jpg', 'box1/page_10.jpg', 'box2/page_9.jpg', 'box2/page_10.jpg'];

/** The catalogue rows: file (and page for the PDF) → box and folder. */
export const CATALOGUE: { fileName: string; page: number | null; box: string; folder: string }[] = [
  { fileName: 'harbour-ledger.pdf', page: 1, box: '7', folder: 'Ledger A' },
  { fileName: 'harbour-ledger.pdf', page: 2, box: '7', folder: 'Ledger A' },
  { fileName: 'harbour-ledger.pdf', page: 3, box: '7', folder: 'Ledger B' },
  { fileName: 'box1/page_9.jpg', page: null, box: '1', folder: 'Letters' },
  { fileName: 'box1/page_10.jpg', page: null, box: '1', folder: 'Letters' },
  { fileName: 'box2/page_9.jpg', page: null, box: '2', folder: 'Deeds' },
  { fileName: 'box2/page_10.jpg', page: null, box: '2', folder: 'Deeds' },
];

export async function makeCollectionFiles(): Promise<{ pdf: DroppedFile; zip: DroppedFile; catalogue: DroppedFile }> {
  const pdfPages = await Promise.all(
    [0, 1, 2].map(async (index) => ({ data: await scan(60 + index * 40, 90), width: 400, height: 560 })),
  );
  const zipParts = await Promise.all(
    ZIP_PAGES.map(async (name, index) => ({ name, data: await scan(90, 60 + index * 40), store: true })),
  );
  const csv = [
    'fileName,page,box,folder',
    ...CATALOGUE.map((row) => `${row.fileName},${row.page ?? ''},${row.box},${row.folder}`),
  ].join('\n');
  return {
    pdf: { name: 'harbour-ledger.pdf', mimeType: 'application/pdf', buffer: scannedPdf(pdfPages) },
    zip: { name: 'boxes.zip', mimeType: 'application/zip', buffer: writeZip(zipParts) },
    catalogue: { name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\n`) },
  };
}
