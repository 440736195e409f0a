/**
 * A IIIF manifest or collection as an import source: the document at the owner's URL is fetched
 * (through the guarded fetch, like every URL a user points the server at), collections are walked
 * depth-first in their order, and every canvas of every manifest becomes a page whose full-size
 * image is fetched just before it is yielded, so one image at a time is held. An image that
 * cannot be had (missing, refused address, too large, not an image) is a refusal of its canvas;
 * the owner's own URL failing fails the import with the fetch's reason.
 */
import { IMAGE_UPLOAD_FORMATS } from '@formscribe/common/imageFormats';
import { detectImageType } from '../images/detectImageType.ts';
import { MEGABYTE } from '../images/imageErrors.ts';
import { type GuardedFetchOptions, guardedFetch, OutboundFetchFailed } from '../outbound/guardedFetch.ts';
import { type IiifCanvas, type IiifCollection, type IiifManifest, parseIiifJson } from './iiifManifest.ts';
import { pageLabel, type RefusedPage, type SourceContext, type SourceItem } from './importSources.ts';

export const IIIF_LIMITS = {
  documentBytes: 20 * MEGABYTE,
  documentTimeoutMs: 30_000,
  imageTimeoutMs: 60_000,
  maxRedirects: 5,
  /** Collections inside collections: deeper ones are left out with a refusal. */
  maxNesting: 5,
  maxManifests: 1_000,
  /** A canvas label longer than this is cut (it becomes a file name). */
  nameLength: 80,
} as const;

export const iiifImageNotAnImage = `The canvas’s image address did not give an image (${IMAGE_UPLOAD_FORMATS})`;
export const IIIF_CANVAS_WITHOUT_IMAGE = 'The canvas has no image';
export const iiifImageTooLarge = (maxBytes: number) =>
  `The image is too large: images are limited to ${Math.floor(maxBytes / MEGABYTE)} MB`;
export const iiifTooManyPages = (maxPages: number) =>
  `An import takes at most ${maxPages.toLocaleString('en')} pages: the canvases after them were left out`;
export const iiifTooManyManifests = (maxManifests: number) =>
  `An import takes at most ${maxManifests.toLocaleString('en')} manifests: the rest of the collection was left out`;
export const iiifNestedTooDeep = (maxNesting: number) => `Collections nested more than ${maxNesting} deep are left out`;

const ACCEPT = 'application/ld+json;profile="http://iiif.io/api/presentation/3/context.json", application/json';

/** Where the walk is: shared by every manifest and collection of one import. */
interface Walk {
  context: SourceContext;
  fetchOptions: { allowLoopback: boolean };
  /** Documents already read (without their fragment): a collection listing itself ends there. */
  visited: Set<string>;
  manifests: number;
  pages: number;
  names: Set<string>;
  /** Set once a limit ended the walk: nothing more is fetched. */
  stopped: boolean;
}

export async function* iiifSource(
  url: string,
  context: SourceContext,
  fetchOptions: { allowLoopback: boolean },
): AsyncIterable<SourceItem> {
  const walk: Walk = {
    context,
    fetchOptions,
    visited: new Set(),
    manifests: 0,
    pages: 0,
    names: new Set(),
    stopped: false,
  };
  // The owner's own URL: any failure (refused address, loop, not IIIF) fails the import.
  const document = await fetchDocument(walk, url).catch((error: unknown) => {
    if (context.signal.aborted) return undefined;
    throw error;
  });
  if (!document) return;
  yield* documentItems(walk, document, url, 0);
}

async function fetchDocument(walk: Walk, url: string) {
  walk.visited.add(withoutFragment(url));
  const answer = await guardedFetch(url, {
    ...documentLimits(walk),
    headers: { accept: ACCEPT },
  });
  // Where a redirect led counts as read too: a collection listing itself by its final address ends.
  walk.visited.add(withoutFragment(answer.url.href));
  return parseIiifJson(answer.body.toString('utf8'));
}

const documentLimits = (walk: Walk): GuardedFetchOptions => ({
  allowLoopback: walk.fetchOptions.allowLoopback,
  maxRedirects: IIIF_LIMITS.maxRedirects,
  timeoutMs: IIIF_LIMITS.documentTimeoutMs,
  maxBytes: IIIF_LIMITS.documentBytes,
  signal: walk.context.signal,
});

function withoutFragment(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

async function* documentItems(walk: Walk, document: IiifManifest | IiifCollection, url: string, depth: number) {
  if (document.kind === 'manifest') yield* manifestItems(walk, document, url);
  else yield* collectionItems(walk, document, depth);
}

/** A refusal that was not announced with a manifest's canvases is announced on its own. */
function refusal(walk: Walk, name: string, reason: string): { refused: RefusedPage } {
  walk.context.foundPages(1);
  return { refused: { name, reason } };
}

async function* collectionItems(walk: Walk, collection: IiifCollection, depth: number): AsyncGenerator<SourceItem> {
  yield* memberItems(walk, collection, depth);
  // A paged 2.1 collection: its pages are read one after another (a `next` loop ends at a page seen).
  let page = collection.first ?? collection.next;
  while (page && !walk.stopped && !walk.visited.has(withoutFragment(page))) {
    const pageUrl = page;
    const document = await memberDocument(walk, pageUrl, pageUrl);
    if (!document) return;
    if ('refused' in document) {
      yield document;
      return;
    }
    if (document.kind !== 'collection') {
      yield* manifestItems(walk, document, pageUrl);
      return;
    }
    yield* memberItems(walk, document, depth);
    page = document.next;
  }
}

async function* memberItems(walk: Walk, collection: IiifCollection, depth: number): AsyncGenerator<SourceItem> {
  for (const member of collection.members) {
    if (walk.stopped || walk.context.signal.aborted) return;
    if (walk.visited.has(withoutFragment(member.id))) continue;
    const name = member.label ?? member.id;
    if (member.kind === 'collection' && depth + 1 > IIIF_LIMITS.maxNesting) {
      yield refusal(walk, name, iiifNestedTooDeep(IIIF_LIMITS.maxNesting));
      continue;
    }
    if (member.kind === 'manifest' && walk.manifests >= IIIF_LIMITS.maxManifests) {
      walk.stopped = true;
      yield refusal(walk, name, iiifTooManyManifests(IIIF_LIMITS.maxManifests));
      return;
    }
    const document = await memberDocument(walk, member.id, name);
    if (!document) return;
    if ('refused' in document) yield document;
    else yield* documentItems(walk, document, member.id, depth + 1);
  }
}

/** A member's document; its failure is a refusal of that member, the rest of the collection goes on. */
async function memberDocument(
  walk: Walk,
  url: string,
  name: string,
): Promise<IiifManifest | IiifCollection | { refused: RefusedPage } | null> {
  try {
    return await fetchDocument(walk, url);
  } catch (error) {
    if (walk.context.signal.aborted) return null;
    return refusal(walk, name, error instanceof Error ? error.message : String(error));
  }
}

async function* manifestItems(walk: Walk, manifest: IiifManifest, url: string): AsyncGenerator<SourceItem> {
  if (walk.manifests >= IIIF_LIMITS.maxManifests) {
    walk.stopped = true;
    yield refusal(walk, manifest.label ?? url, iiifTooManyManifests(IIIF_LIMITS.maxManifests));
    return;
  }
  walk.manifests++;
  const { context } = walk;
  const room = Math.max(0, context.maxPages - walk.pages);
  const taken = manifest.canvases.slice(0, room);
  const overflow = manifest.canvases.length > room;
  context.foundPages(taken.length + (overflow ? 1 : 0));
  for (const [index, canvas] of taken.entries()) {
    if (context.signal.aborted) return;
    walk.pages++;
    yield await canvasItem(walk, manifest, canvas, index + 1);
  }
  if (overflow) {
    walk.stopped = true;
    yield { refused: { name: manifest.label ?? url, reason: iiifTooManyPages(context.maxPages) } };
  }
}

/** The canvas's image, fetched now: a failure is this canvas's refusal with the fetch's reason. */
async function canvasItem(walk: Walk, manifest: IiifManifest, canvas: IiifCanvas, page: number): Promise<SourceItem> {
  const fileName = uniqueName(walk.names, canvas.label, page);
  const name = pageLabel(fileName, page);
  if (!canvas.imageUrl) return { refused: { name, reason: IIIF_CANVAS_WITHOUT_IMAGE } };
  const { context } = walk;
  let bytes: Buffer;
  try {
    const answer = await guardedFetch(canvas.imageUrl, {
      allowLoopback: walk.fetchOptions.allowLoopback,
      maxRedirects: IIIF_LIMITS.maxRedirects,
      timeoutMs: IIIF_LIMITS.imageTimeoutMs,
      maxBytes: context.maxPageBytes,
      signal: context.signal,
    });
    bytes = answer.body;
  } catch (error) {
    const reason =
      error instanceof OutboundFetchFailed && error.reason === 'too-large'
        ? iiifImageTooLarge(context.maxPageBytes)
        : error instanceof Error
          ? error.message
          : String(error);
    return { refused: { name, reason } };
  }
  if (!detectImageType(bytes)) return { refused: { name, reason: iiifImageNotAnImage } };
  const metadata: Record<string, string> = {
    ...(manifest.label ? { manifest: manifest.label } : {}),
    ...(canvas.label ? { label: canvas.label } : {}),
    ...manifest.metadata,
    ...canvas.metadata,
  };
  return { found: { fileName, page, metadata, read: async () => bytes } };
}

/** A short, slash-free name from the canvas label (else `canvas-<n>`), made unique in the import. */
export function uniqueName(taken: Set<string>, label: string | null, position: number): string {
  const cleaned = (label ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f/\\]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, IIIF_LIMITS.nameLength)
    .trim();
  const base = cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : `canvas-${position}`;
  let name = base;
  for (let copy = 2; taken.has(name); copy++) name = `${base} (${copy})`;
  taken.add(name);
  return name;
}
