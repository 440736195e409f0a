/**
 * Reads a IIIF Presentation document (2.1 or 3.0) the owner pointed an import at: a Manifest
 * becomes its canvases in order, each with its label, metadata and the one image to fetch; a
 * Collection becomes the manifests and collections it lists (and, for a paged 2.1 collection,
 * where its next page is). Pure: no fetching here, so every shape seen in the wild can be tested
 * on its JSON alone. The JSON is checked by hand rather than with a schema because real manifests
 * vary in every field (a string, an array, a language map, an object with `@value`) and only the
 * few fields read here matter; anything unrecognisable is an owner-facing error.
 */

export interface IiifCanvas {
  label: string | null;
  metadata: Record<string, string>;
  /** The full-size image: the Image API's `full` request when there is a service, else the static file. */
  imageUrl: string | null;
}

export interface IiifManifest {
  kind: 'manifest';
  label: string | null;
  metadata: Record<string, string>;
  canvases: IiifCanvas[];
}

export interface IiifMember {
  kind: 'manifest' | 'collection';
  id: string;
  label: string | null;
}

export interface IiifCollection {
  kind: 'collection';
  label: string | null;
  metadata: Record<string, string>;
  members: IiifMember[];
  /** A paged 2.1 collection's first page (on the top document) or the next page (on a page). */
  first: string | null;
  next: string | null;
}

export type IiifDocument = IiifManifest | IiifCollection;

export const notIiif = (detail: string) => new Error(`This is not a IIIF manifest or collection: ${detail}`);

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const asString = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/** The JSON text of a fetched document, parsed, or an owner-facing error. */
export function parseIiifJson(text: string): IiifDocument {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw notIiif('the address did not answer with JSON');
  }
  return parseIiifDocument(json);
}

export function parseIiifDocument(json: unknown): IiifDocument {
  if (!isObject(json)) throw notIiif('the JSON is not an object');
  const type = documentType(json);
  if (type === 'v3 manifest') return v3Manifest(json);
  if (type === 'v2 manifest') return v2Manifest(json);
  if (type === 'v3 collection') return v3Collection(json);
  if (type === 'v2 collection') return v2Collection(json);
  throw notIiif('it has no IIIF Presentation 2.1 or 3.0 type (sc:Manifest, Manifest, sc:Collection or Collection)');
}

/** Version by the type's spelling (`Manifest` in 3.0, `sc:Manifest` in 2.x), which every manifest has. */
function documentType(json: Json) {
  const v3Type = asString(json.type);
  const v2Type = asString(json['@type']);
  if (v3Type === 'Manifest') return 'v3 manifest';
  if (v3Type === 'Collection') return 'v3 collection';
  if (v2Type === 'sc:Manifest' || v2Type === 'Manifest') return 'v2 manifest';
  if (v2Type === 'sc:Collection' || v2Type === 'Collection') return 'v2 collection';
  return undefined;
}

// ---- Text: labels and metadata values ----

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Metadata values may carry a little HTML (links, italics); the owner's fields hold plain text. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isSafeInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

const joined = (values: string[]) => {
  const text = values.map(plainText).filter(Boolean).join('; ');
  return text || null;
};

/** A 3.0 language map: `none` first (not a language), then English, then whatever language comes first. */
function v3Text(value: unknown): string | null {
  if (typeof value === 'string') return joined([value]);
  if (!isObject(value)) return null;
  const key = ['none', 'en', ...Object.keys(value)].find((k) => asArray(value[k]).some((v) => typeof v === 'string'));
  return key === undefined ? null : joined(asArray(value[key]).filter((v): v is string => typeof v === 'string'));
}

/** A 2.x value: a string, an `{ "@value", "@language" }` object, or an array of either (English preferred). */
function v2Text(value: unknown): string | null {
  const entries = asArray(value).flatMap((entry) => {
    if (typeof entry === 'string') return [{ text: entry, language: null }];
    if (isObject(entry) && typeof entry['@value'] === 'string') {
      return [{ text: entry['@value'], language: asString(entry['@language']) }];
    }
    return [];
  });
  const english = entries.filter(({ language }) => language?.toLowerCase().startsWith('en'));
  const chosen = english.length ? english : entries.some((e) => e.language) ? entries.slice(0, 1) : entries;
  return joined(chosen.map(({ text }) => text));
}

function metadataPairs(value: unknown, text: (value: unknown) => string | null): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const entry of asArray(value)) {
    if (!isObject(entry)) continue;
    const label = text(entry.label);
    const content = text(entry.value);
    if (label && content) pairs[label] = content;
  }
  return pairs;
}

// ---- Images ----

const idOf = (json: Json) => asString(json.id) ?? asString(json['@id']);

/** Which Image API a service speaks: 3 by its type, context or bare `levelN` profile; else 2 (or 1). */
function imageApiVersion(service: Json): 1 | 2 | 3 {
  const type = asString(service.type) ?? asString(service['@type']) ?? '';
  const contexts = asArray(service['@context']).filter((c): c is string => typeof c === 'string');
  const profiles = asArray(service.profile).filter((p): p is string => typeof p === 'string');
  if (type === 'ImageService3' || contexts.some((c) => c.includes('/image/3/'))) return 3;
  if (type === 'ImageService2' || contexts.some((c) => c.includes('/image/2/'))) return 2;
  if (profiles.some((p) => p.includes('/image/2/'))) return 2;
  if (profiles.some((p) => /^level[0-2]$/.test(p))) return 3;
  if (contexts.some((c) => c.includes('image-api/1')) || profiles.some((p) => p.includes('image-api/1'))) return 1;
  return 2;
}

const FULL_IMAGE: Record<1 | 2 | 3, string> = {
  1: 'full/full/0/native.jpg',
  2: 'full/full/0/default.jpg',
  3: 'full/max/0/default.jpg',
};

/** The first Image API service on a resource, as its full-size image request. */
function serviceImage(resource: Json): string | null {
  for (const service of asArray(resource.service)) {
    if (!isObject(service)) continue;
    const id = idOf(service);
    const type = asString(service.type) ?? asString(service['@type']) ?? '';
    // Other services (authentication, search) sit in the same list.
    const isImageService =
      type.startsWith('ImageService') ||
      type === 'iiif:ImageProfile' ||
      [...asArray(service['@context']), ...asArray(service.profile)].some(
        (v) =>
          typeof v === 'string' && (/\/image\/[23]\//.test(v) || v.includes('image-api') || /^level[0-2]$/.test(v)),
      );
    // Some publishers give the info.json's address as the service's id.
    const base = id?.replace(/\/info\.json$/, '').replace(/\/+$/, '');
    if (base && isImageService) return `${base}/${FULL_IMAGE[imageApiVersion(service)]}`;
  }
  return null;
}

/** A painted resource, or a Choice's default (first) option. */
function chosenResource(resource: unknown): Json | null {
  if (!isObject(resource)) return null;
  const type = asString(resource.type) ?? asString(resource['@type']);
  if (type === 'oa:Choice') return chosenResource(resource.default ?? asArray(resource.item)[0]);
  if (type === 'Choice') return chosenResource(asArray(resource.items)[0]);
  return resource;
}

const imageOf = (resource: Json | null) => (resource ? (serviceImage(resource) ?? idOf(resource)) : null);

// ---- Manifests ----

function v2Manifest(json: Json): IiifManifest {
  const sequence = asArray(json.sequences)[0];
  if (!isObject(sequence)) throw notIiif('the manifest has no sequence of canvases');
  if (!Array.isArray(sequence.canvases)) throw notIiif('the manifest’s sequence has no list of canvases');
  const canvases = sequence.canvases.filter(isObject).map((canvas) => {
    const annotation = asArray(canvas.images).find(isObject);
    return {
      label: v2Text(canvas.label),
      metadata: metadataPairs(canvas.metadata, v2Text),
      imageUrl: imageOf(annotation ? chosenResource(annotation.resource) : null),
    };
  });
  return { kind: 'manifest', label: v2Text(json.label), metadata: metadataPairs(json.metadata, v2Text), canvases };
}

function v3Manifest(json: Json): IiifManifest {
  if (!Array.isArray(json.items)) throw notIiif('the manifest has no list of canvases (items)');
  const canvases = json.items
    .filter((item): item is Json => isObject(item) && (item.type === undefined || item.type === 'Canvas'))
    .map((canvas) => ({
      label: v3Text(canvas.label),
      metadata: metadataPairs(canvas.metadata, v3Text),
      imageUrl: imageOf(paintedBody(canvas)),
    }));
  return { kind: 'manifest', label: v3Text(json.label), metadata: metadataPairs(json.metadata, v3Text), canvases };
}

/** The first painting annotation's body on a 3.0 canvas (its items are annotation pages). */
function paintedBody(canvas: Json): Json | null {
  for (const page of asArray(canvas.items)) {
    if (!isObject(page)) continue;
    for (const annotation of asArray(page.items)) {
      if (!isObject(annotation)) continue;
      if (annotation.motivation !== undefined && annotation.motivation !== 'painting') continue;
      const body = chosenResource(asArray(annotation.body)[0]);
      if (body) return body;
    }
  }
  return null;
}

// ---- Collections ----

const KINDS: Record<string, IiifMember['kind']> = {
  Manifest: 'manifest',
  'sc:Manifest': 'manifest',
  Collection: 'collection',
  'sc:Collection': 'collection',
};

function member(entry: unknown, text: (value: unknown) => string | null, fallback?: IiifMember['kind']) {
  if (typeof entry === 'string' && fallback) return [{ kind: fallback, id: entry, label: null }];
  if (!isObject(entry)) return [];
  const id = idOf(entry);
  const kind = KINDS[asString(entry.type) ?? asString(entry['@type']) ?? ''] ?? fallback;
  return id && kind ? [{ kind, id, label: text(entry.label) }] : [];
}

/** A page link: a URL, or an object with its id. */
const link = (value: unknown) => asString(value) ?? (isObject(value) ? idOf(value) : null);

function v3Collection(json: Json): IiifCollection {
  if (!Array.isArray(json.items)) throw notIiif('the collection has no list of members (items)');
  return {
    kind: 'collection',
    label: v3Text(json.label),
    metadata: metadataPairs(json.metadata, v3Text),
    members: json.items.flatMap((entry) => member(entry, v3Text)),
    first: link(json.first),
    next: link(json.next),
  };
}

/** 2.1 lists members in `members`, or in `collections` then `manifests` (the order the spec shows them). */
function v2Collection(json: Json): IiifCollection {
  const members = Array.isArray(json.members)
    ? json.members.flatMap((entry) => member(entry, v2Text))
    : [
        ...asArray(json.collections).flatMap((entry) => member(entry, v2Text, 'collection')),
        ...asArray(json.manifests).flatMap((entry) => member(entry, v2Text, 'manifest')),
      ];
  const first = link(json.first);
  const next = link(json.next);
  if (!members.length && !first && !next && !('manifests' in json || 'collections' in json || 'members' in json)) {
    throw notIiif('the collection lists no manifests, collections or pages');
  }
  return {
    kind: 'collection',
    label: v2Text(json.label),
    metadata: metadataPairs(json.metadata, v2Text),
    members,
    first,
    next,
  };
}
