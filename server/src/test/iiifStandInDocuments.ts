/**
 * What the IIIF stand-in (iiifStandIn.ts) serves: its manifests and collections, described once
 * here and written out as Presentation 2.1 or 3.0 JSON by the server, and the colours of their
 * canvases, which tests check the imported pages' order against.
 */
/** How a canvas paints its image: through an Image API (2 or 3), a static file, or a given URL. */
export type Painting = { colour: string; via: 'image-api-2' | 'image-api-3' | 'static' } | { url: string } | 'none';

export interface CanvasSpec {
  label?: string;
  painting: Painting;
}

export interface ManifestSpec {
  version: 2 | 3;
  label: string;
  metadata?: [string, string][];
  canvases: CanvasSpec[];
}

/** The canvases' colours, in order, by manifest: what the tests check the pages against. */
export const COLOURS = {
  ledger: ['#ff0000', '#00ff00', '#0000ff'],
  letters: ['#ffff00', '#ff00ff', '#00ffff', '#ffffff'],
  alpha: ['#800000', '#008000'],
  beta: ['#000080'],
  gamma: ['#808000'],
  delta: ['#008080'],
} as const;

export const MANIFESTS: Record<string, ManifestSpec> = {
  'v2-ledger': {
    version: 2,
    label: 'Ledger 1871',
    metadata: [
      ['Date', '1871'],
      ['Source', '<a href="https://archive.example/ledgers">County <i>Archive</i> &amp; Library</a>'],
    ],
    canvases: [
      { label: 'f. 1r', painting: { colour: COLOURS.ledger[0], via: 'image-api-2' } },
      { label: 'f. 1v', painting: { colour: COLOURS.ledger[1], via: 'image-api-2' } },
      { label: 'f. 2r', painting: { colour: COLOURS.ledger[2], via: 'static' } },
    ],
  },
  'v3-letters': {
    version: 3,
    label: 'Letters home',
    metadata: [['Writer', 'A. <b>Smith</b>']],
    canvases: [
      { label: 'p. 1', painting: { colour: COLOURS.letters[0], via: 'image-api-3' } },
      { label: 'p. 1', painting: { colour: COLOURS.letters[1], via: 'image-api-3' } },
      { label: 'envelope/back', painting: { colour: COLOURS.letters[2], via: 'static' } },
      { painting: { colour: COLOURS.letters[3], via: 'image-api-2' } },
    ],
  },
  alpha: {
    version: 3,
    label: 'Alpha',
    canvases: COLOURS.alpha.map((colour, i) => ({ label: `alpha ${i + 1}`, painting: { colour, via: 'image-api-3' } })),
  },
  beta: {
    version: 2,
    label: 'Beta',
    canvases: [{ label: 'beta 1', painting: { colour: COLOURS.beta[0], via: 'image-api-2' } }],
  },
  gamma: {
    version: 2,
    label: 'Gamma',
    canvases: [{ label: 'gamma 1', painting: { colour: COLOURS.gamma[0], via: 'static' } }],
  },
  delta: {
    version: 3,
    label: 'Delta',
    canvases: [{ label: 'delta 1', painting: { colour: COLOURS.delta[0], via: 'static' } }],
  },
  troubled: {
    version: 3,
    label: 'Troubled',
    canvases: [
      { label: 'fine first', painting: { colour: '#ff0000', via: 'image-api-3' } },
      { label: 'missing', painting: { url: '/missing.jpg' } },
      { label: 'ten gigabytes', painting: { url: '/huge/claimed.jpg' } },
      { label: 'never ends', painting: { url: '/huge/unclaimed.jpg' } },
      { label: 'text', painting: { url: '/text.jpg' } },
      { label: 'private', painting: { url: 'http://10.0.0.1/secret.jpg' } },
      { label: 'blank', painting: 'none' },
      { label: 'fine last', painting: { colour: '#0000ff', via: 'static' } },
    ],
  },
};

/** Collections: members as [kind, name]; `self` lists the collection itself. */
export type Member = ['manifest' | 'collection', string];
export interface CollectionSpec {
  version: 2 | 3;
  label: string;
  members: Member[];
  first?: string;
  next?: string;
}

export const COLLECTIONS: Record<string, CollectionSpec> = {
  'v3-root': {
    version: 3,
    label: 'Everything',
    members: [
      ['collection', 'v3-letters-and-alpha'],
      ['manifest', 'v2-ledger'],
      ['collection', 'v3-root'],
      ['collection', 'v3-beta'],
    ],
  },
  'v3-letters-and-alpha': {
    version: 3,
    label: 'Letters and Alpha',
    members: [
      ['manifest', 'v3-letters'],
      ['collection', 'v3-root'],
      ['manifest', 'alpha'],
    ],
  },
  'v3-beta': { version: 3, label: 'Beta only', members: [['manifest', 'beta']] },
  'v2-paged': { version: 2, label: 'Paged', members: [], first: 'v2-paged-1' },
  'v2-paged-1': { version: 2, label: 'Paged, page 1', members: [['manifest', 'beta']], next: 'v2-paged-2' },
  'v2-paged-2': {
    version: 2,
    label: 'Paged, page 2',
    members: [
      ['manifest', 'gamma'],
      ['collection', 'v2-nested'],
    ],
    next: 'v2-paged-1',
  },
  'with-missing': {
    version: 3,
    label: 'One missing',
    members: [
      ['manifest', 'nowhere'],
      ['manifest', 'beta'],
    ],
  },
  'v2-nested': { version: 2, label: 'Nested', members: [['manifest', 'delta']] },
};

/** `deep-<n>` holds a manifest and `deep-<n+1>`, without end: nesting limits are reached. */
export const DEEP = /^deep-(\d+)$/;
/** `wide-<n>` lists n empty manifests. */
export const WIDE = /^wide-(\d+)$/;
