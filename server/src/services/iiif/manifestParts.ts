/**
 * The pieces of a form's IIIF Presentation 3 manifest, as plain objects: the manifest's own
 * properties, and one canvas per image with its painting annotation (the image) and its verified
 * values as W3C Web Annotations. Pure, so formManifest.ts can write them one canvas at a time.
 *
 * Each value is a `tagging` annotation whose body is a `describing` TextualBody: IIIF viewers
 * (Mirador's default filter keeps commenting and tagging, not describing) show it, and the body's
 * purpose says what it is. The value is exactly the verified one; the field's label rides beside
 * it as the annotation's and the body's `label`, so the text stays the data.
 */
import { IIIF_PRESENTATION_CONTEXT } from '@formscribe/common/api/iiif';
import { dataFields, type FieldRegion, type FormField } from '@formscribe/common/fields';
import type { StoredFieldStatus } from '../../models/FormImage.ts';
import type { PixelSize } from '../images/imageWork.ts';

export type LanguageMap = { none: string[] };

const inAnyLanguage = (text: string): LanguageMap => ({ none: [text] });

/** Where the manifest lives and where its images are fetched (session routes or /api/v1's). */
export interface ManifestAddresses {
  /** The manifest's own absolute URL, its `id`. */
  manifestUrl: string;
  /** Canvas ids start here (the form's IIIF base, the same in both twins). */
  canvasBase: string;
  /** The absolute URL the app serves an image's file at. */
  imageUrl: (image: { id: number; filename: string }) => string;
}

export interface ManifestHead {
  '@context': string;
  id: string;
  type: 'Manifest';
  label: LanguageMap;
  summary?: LanguageMap;
}

export function manifestHead(form: { name: string; description: string | null }, manifestUrl: string): ManifestHead {
  const description = form.description?.trim();
  return {
    '@context': IIIF_PRESENTATION_CONTEXT,
    id: manifestUrl,
    type: 'Manifest',
    label: inAnyLanguage(form.name),
    ...(description ? { summary: inAnyLanguage(description) } : {}),
  };
}

/** What a canvas is made from: the image row's parts the manifest reads, and its region shift. */
export interface CanvasSource {
  id: number;
  filename: string;
  originalName: string;
  mimeType: string;
  size: PixelSize;
  fieldStatus: Record<string, StoredFieldStatus>;
  metadata: Record<string, string>;
  shift: { dx: number; dy: number } | null;
}

/** The field's box moved by the image's shift and kept on the page (as the entry page shows it). */
function shiftedRegion(region: FieldRegion, shift: CanvasSource['shift']): FieldRegion {
  if (!shift) return region;
  return {
    ...region,
    x: Math.min(1 - region.w, Math.max(0, region.x + shift.dx)),
    y: Math.min(1 - region.h, Math.max(0, region.y + shift.dy)),
  };
}

/** A media fragment in canvas pixels: the box's page fractions on this image, inside it. */
export function xywhOf(region: FieldRegion, shift: CanvasSource['shift'], size: PixelSize): string {
  const box = shiftedRegion(region, shift);
  const x = Math.min(size.width - 1, Math.max(0, Math.round(box.x * size.width)));
  const y = Math.min(size.height - 1, Math.max(0, Math.round(box.y * size.height)));
  const w = Math.max(1, Math.min(size.width - x, Math.round(box.w * size.width)));
  const h = Math.max(1, Math.min(size.height - y, Math.round(box.h * size.height)));
  return `xywh=${x},${y},${w},${h}`;
}

function valueAnnotation(
  canvasId: string,
  field: FormField,
  value: string,
  shift: CanvasSource['shift'],
  size: PixelSize,
) {
  const label = inAnyLanguage(field.label);
  return {
    id: `${canvasId}/annotation/${encodeURIComponent(field.id)}`,
    type: 'Annotation',
    motivation: 'tagging',
    label,
    body: { type: 'TextualBody', value, format: 'text/plain', purpose: 'describing', label },
    target: field.region ? `${canvasId}#${xywhOf(field.region, shift, size)}` : canvasId,
  };
}

/** One canvas: the image painted at its full size, then the verified values of the form's data fields. */
export function canvasOf(image: CanvasSource, fields: readonly FormField[], addresses: ManifestAddresses) {
  const canvasId = `${addresses.canvasBase}/canvas/${image.id}`;
  const { width, height } = image.size;
  const values = dataFields(fields).flatMap((field) => {
    const status = image.fieldStatus[field.id];
    if (!status?.isVerified || status.verifiedValue === null) return [];
    return [valueAnnotation(canvasId, field, status.verifiedValue, image.shift, image.size)];
  });
  const metadata = Object.entries(image.metadata).map(([column, text]) => ({
    label: inAnyLanguage(column),
    value: inAnyLanguage(text),
  }));
  return {
    id: canvasId,
    type: 'Canvas',
    label: inAnyLanguage(image.originalName),
    width,
    height,
    ...(metadata.length > 0 ? { metadata } : {}),
    items: [
      {
        id: `${canvasId}/page`,
        type: 'AnnotationPage',
        items: [
          {
            id: `${canvasId}/page/image`,
            type: 'Annotation',
            motivation: 'painting',
            body: { id: addresses.imageUrl(image), type: 'Image', format: image.mimeType, width, height },
            target: canvasId,
          },
        ],
      },
    ],
    ...(values.length > 0
      ? { annotations: [{ id: `${canvasId}/annotations`, type: 'AnnotationPage', items: values }] }
      : {}),
  };
}
