/**
 * B11's OCR figure: the app's own machine reading (services/ocr/: the crop of each field's box
 * moved by the image's shift, and the tesseract reader in worker threads, offline) run on the
 * generated printed scans, against the values typed into them. A field counts as read when the
 * text equals the typed value exactly (before any normalisation consensus would apply).
 */
import { ocrReader } from '../src/services/ocr/ocrReader.ts';
import { cropForOcr, pageSize, readBoxOf } from '../src/services/ocr/regionCrops.ts';
import { PRINTED_FIELDS, type PrintedScan, regionOf } from './printedScans.ts';

export interface OcrAgreement {
  /** Share of fields whose reading equals the typed value exactly (0..1). */
  ocrAgreement: number;
  /** Mean of tesseract's confidence over every field read (0–100). */
  ocrMeanConfidence: number;
  /** Mean milliseconds to crop and read one field, on one reader. */
  ocrMsPerField: number;
}

const OCR_SETTINGS = { ocr: { langPath: undefined, concurrency: 1 } };

/** Reads every field of every scan, each with its shift (page fractions; none means as drawn). */
export async function measureOcrAgreement(
  scans: readonly PrintedScan[],
  shifts: ReadonlyArray<{ dx: number; dy: number } | undefined>,
): Promise<OcrAgreement> {
  const reader = ocrReader(OCR_SETTINGS);
  let exact = 0;
  let confidence = 0;
  let fields = 0;
  const started = performance.now();
  try {
    for (const [index, scan] of scans.entries()) {
      const page = await pageSize(scan.jpeg);
      for (const field of PRINTED_FIELDS) {
        const crop = await cropForOcr(scan.jpeg, page, readBoxOf(regionOf(field), shifts[index] ?? null));
        const reading = crop ? await reader.read(crop) : { text: '', confidence: 0 };
        if (reading.text === scan.values[field.id]) exact += 1;
        confidence += reading.confidence;
        fields += 1;
      }
    }
  } finally {
    await reader.close();
  }
  return {
    ocrAgreement: Math.round((exact / Math.max(1, fields)) * 1000) / 1000,
    ocrMeanConfidence: Math.round((confidence / Math.max(1, fields)) * 10) / 10,
    ocrMsPerField: Math.round(((performance.now() - started) / Math.max(1, fields)) * 10) / 10,
  };
}
