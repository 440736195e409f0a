/**
 * A form as a IIIF Presentation 3 manifest (manifestParts.ts says what each piece holds), written
 * as a stream: a form may hold 100,000 images, so the JSON is built incrementally, one page of
 * image rows at a time in upload order (keyset by id), and memory stays bounded by the page
 * whatever the form's size. Values come from each image's stored state (`field_status`), never
 * from its entries. Pages are read one after another without a transaction: an image deleted
 * while the manifest streams is left out if its page was not read yet.
 *
 * The first page is read before the stream is handed out, so a database failure is still a 500
 * rather than a manifest cut short; a failure later ends the stream with an error (the client
 * sees a truncated body, never a complete-looking one).
 */
import { Readable } from 'node:stream';
import { iiifApi } from '@formscribe/common/api/iiif';
import { urlOf } from '@formscribe/common/api/routeContract';
import { v1Api } from '@formscribe/common/api/v1';
import type { AppDeps } from '../../appTypes.ts';
import { type Form, FormImage } from '../../models/index.ts';
import { imageProxyUrl } from '../images/imageUrls.ts';
import { fillMissingSizes } from './imageDimensions.ts';
import { type CanvasSource, canvasOf, type ManifestAddresses, manifestHead } from './manifestParts.ts';

/** Image rows read per query: a few hundred canvases of JSON at a time. */
const PAGE_SIZE = 250;

/** Which twin asks: the session's route (images by the browser's proxy) or /api/v1 (images by token). */
export type ManifestAudience = 'session' | 'token';

export function manifestAddresses(publicUrl: string, formId: number, audience: ManifestAudience): ManifestAddresses {
  const sessionManifest = urlOf(iiifApi.formManifest.path, { id: formId });
  const manifestPath = audience === 'session' ? sessionManifest : urlOf(v1Api.iiifManifest.path, { id: formId });
  return {
    manifestUrl: `${publicUrl}${manifestPath}`,
    canvasBase: `${publicUrl}${sessionManifest.replace(/\/manifest\.json$/, '')}`,
    imageUrl: (image) =>
      `${publicUrl}${audience === 'session' ? imageProxyUrl(image.filename) : urlOf(v1Api.imageFile.path, { id: image.id })}`,
  };
}

const CANVAS_COLUMNS = ['id', 'filename', 'originalName', 'mimeType', 'width', 'height', 'fieldStatus', 'metadata'];

async function imagePage(deps: AppDeps, formId: number, afterId: number): Promise<FormImage[]> {
  const images = await FormImage.query(deps.knex)
    .select(CANVAS_COLUMNS)
    .where({ formId })
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(PAGE_SIZE);
  await fillMissingSizes(deps, images);
  return images;
}

interface ShiftRow {
  imageId: number;
  dx: number;
  dy: number;
}

/** The region shifts of the page's images, read only when a field has a region to shift. */
async function shiftsOf(deps: AppDeps, images: readonly FormImage[], form: Form) {
  if (!form.fields.some((field) => field.region)) return new Map<number, ShiftRow>();
  const rows: ShiftRow[] = await deps
    .knex('image_region_shifts')
    .whereIn(
      'image_id',
      images.map((image) => image.id),
    )
    .select('image_id', 'dx', 'dy');
  return new Map(rows.map((row) => [row.imageId, row]));
}

/** The page's canvases as JSON, each preceded by a comma except the manifest's very first. */
async function canvasesJson(
  deps: AppDeps,
  form: Form,
  images: FormImage[],
  addresses: ManifestAddresses,
  first: boolean,
) {
  const shifts = await shiftsOf(deps, images, form);
  let json = '';
  for (const image of images) {
    if (image.width === null || image.height === null) {
      deps.logger.warn({ imageId: image.id }, 'IIIF manifest: an image without a readable file is left out');
      continue;
    }
    const shift = shifts.get(image.id);
    const source: CanvasSource = {
      ...image,
      size: { width: image.width, height: image.height },
      shift: shift ? { dx: shift.dx, dy: shift.dy } : null,
    };
    json += (first && json === '' ? '' : ',') + JSON.stringify(canvasOf(source, form.fields, addresses));
  }
  return json;
}

/** The form's manifest as a stream of JSON text; resolves once the first page is read. */
export async function streamFormManifest(deps: AppDeps, form: Form, audience: ManifestAudience): Promise<Readable> {
  const addresses = manifestAddresses(deps.config.publicUrl, form.id, audience);
  const head = JSON.stringify(manifestHead(form, addresses.manifestUrl));
  const firstPage = await imagePage(deps, form.id, 0);

  async function* manifestText(): AsyncGenerator<string> {
    // The head's closing brace gives way to the canvases' list.
    yield `${head.slice(0, -1)},"items":[`;
    let page = firstPage;
    let written = false;
    while (page.length > 0) {
      const json = await canvasesJson(deps, form, page, addresses, !written);
      if (json) written = true;
      yield json;
      const last = page.at(-1);
      page = page.length < PAGE_SIZE || !last ? [] : await imagePage(deps, form.id, last.id);
    }
    yield ']}';
  }
  return Readable.from(manifestText());
}
