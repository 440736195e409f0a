/**
 * A IIIF server for import tests: a real HTTP server on 127.0.0.1 serving Presentation 2.1 and
 * 3.0 manifests, a 3.0 collection of collections (one listing itself), a paged 2.1 collection
 * whose last page points back at its first, collections nested too deep, and the images their
 * canvases paint: Image API 2 and 3 endpoints and static files that answer with real JPEGs of one
 * colour each (so a test can tell the pages' order from their pixels), plus the troublemakers: a
 * missing image, text posing as an image, an image whose Content-Length claims 10 GB and one that
 * never ends (zeros streamed until the client hangs up, never held), and a redirect loop.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { redirectTo, sendText, streamUntilHungUp, TEN_GIGABYTES } from './standInReplies.ts';

const ZEROS = Buffer.alloc(64 * 1024);

/** How a canvas paints its image: through an Image API (2 or 3), a static file, or a given URL. */
type Painting = { colour: string; via: 'image-api-2' | 'image-api-3' | 'static' } | { url: string } | 'none';

interface CanvasSpec {
  label?: string;
  painting: Painting;
}

interface ManifestSpec {
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

const MANIFESTS: Record<string, ManifestSpec> = {
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
type Member = ['manifest' | 'collection', string];
interface CollectionSpec {
  version: 2 | 3;
  label: string;
  members: Member[];
  first?: string;
  next?: string;
}

const COLLECTIONS: Record<string, CollectionSpec> = {
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
const DEEP = /^deep-(\d+)$/;
/** `wide-<n>` lists n empty manifests. */
const WIDE = /^wide-(\d+)$/;

export class IiifStandIn {
  /** Paths asked for, in order. */
  readonly requests: string[] = [];
  /** Body bytes written by the endless image routes before the client hung up. */
  bytesSent = 0;
  private readonly jpegs = new Map<string, Promise<Buffer>>();

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<IiifStandIn> {
    const server = http.createServer();
    const standIn = new IiifStandIn(server);
    server.on('request', (req, res) => {
      standIn.handle(req, res).catch((error: unknown) => {
        res.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get base(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  url(path: string): string {
    return `${this.base}${path}`;
  }

  manifestUrl(name: string): string {
    return this.url(`/manifests/${name}.json`);
  }

  collectionUrl(name: string): string {
    return this.url(`/collections/${name}.json`);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    this.requests.push(`${path}${url.search}`);
    const parts = path.split('/').filter(Boolean);
    const named = (prefix: string) =>
      parts[0] === prefix && parts.length === 2 ? parts[1]?.replace(/\.json$/, '') : undefined;
    const manifestName = named('manifests');
    const collectionName = named('collections');
    if (manifestName !== undefined) return this.json(res, this.manifest(manifestName));
    if (collectionName !== undefined) return this.json(res, this.collection(collectionName));
    // Image API requests: /iiif2/<hex>/full/full/0/default.jpg and /iiif3/<hex>/full/max/0/default.jpg.
    if (
      path.match(/^\/iiif2\/[0-9a-f]{6}\/full\/full\/0\/default\.jpg$/) ||
      path.match(/^\/iiif3\/[0-9a-f]{6}\/full\/max\/0\/default\.jpg$/)
    ) {
      return this.image(res, `#${parts[1]}`);
    }
    const staticFile = path.match(/^\/static\/([0-9a-f]{6})\.jpg$/);
    if (staticFile) return this.image(res, `#${staticFile[1]}`);
    if (path === '/huge/claimed.jpg') return this.zeros(res, { 'content-length': String(TEN_GIGABYTES) });
    if (path === '/huge/unclaimed.jpg') return this.zeros(res, {});
    if (path === '/text.jpg') return sendText(res, 200, 'this is not a picture', 'image/jpeg');
    if (path === '/loop.json') return redirectTo(res, '/loop.json');
    if (path === '/redirect') return redirectTo(res, url.searchParams.get('to') ?? '/');
    if (path === '/not-iiif.json') return this.json(res, { hello: 'world' });
    if (path === '/page.html') return sendText(res, 200, '<html><body>Our collections</body></html>', 'text/html');
    sendText(res, 404, 'not here');
  }

  // ---- Documents ----

  private manifest(name: string): unknown {
    const wide = name.match(/^empty-(\d+)$/);
    const spec = wide ? { version: 3 as const, label: name, canvases: [] } : MANIFESTS[name];
    if (!spec) return undefined;
    const id = this.manifestUrl(name);
    return spec.version === 2 ? this.v2Manifest(id, spec) : this.v3Manifest(id, spec);
  }

  private collection(name: string): unknown {
    const deep = name.match(DEEP);
    const wide = name.match(WIDE);
    let spec = COLLECTIONS[name];
    if (deep) {
      const n = Number(deep[1]);
      spec = {
        version: 3,
        label: `Level ${n}`,
        members: [
          ['manifest', n === 0 ? 'beta' : n === 1 ? 'gamma' : 'delta'],
          ['collection', `deep-${n + 1}`],
        ],
      };
    }
    if (wide) {
      const count = Number(wide[1]);
      spec = {
        version: 3,
        label: `${count} manifests`,
        members: Array.from({ length: count }, (_, i): Member => ['manifest', `empty-${i + 1}`]),
      };
    }
    if (!spec) return undefined;
    const id = this.collectionUrl(name);
    return spec.version === 2 ? this.v2Collection(id, spec) : this.v3Collection(id, spec);
  }

  private memberUrl([kind, name]: Member) {
    return kind === 'manifest' ? this.manifestUrl(name) : this.collectionUrl(name);
  }

  private v2Collection(id: string, spec: CollectionSpec) {
    const ref = (member: Member) => ({
      '@id': this.memberUrl(member),
      '@type': member[0] === 'manifest' ? 'sc:Manifest' : 'sc:Collection',
      label: member[1],
    });
    return {
      '@context': 'http://iiif.io/api/presentation/2/context.json',
      '@id': id,
      '@type': 'sc:Collection',
      label: spec.label,
      ...(spec.first ? { total: 2, first: { '@id': this.collectionUrl(spec.first), '@type': 'sc:Collection' } } : {}),
      ...(spec.next ? { next: this.collectionUrl(spec.next) } : {}),
      collections: spec.members.filter(([kind]) => kind === 'collection').map(ref),
      manifests: spec.members.filter(([kind]) => kind === 'manifest').map(ref),
    };
  }

  private v3Collection(id: string, spec: CollectionSpec) {
    return {
      '@context': 'http://iiif.io/api/presentation/3/context.json',
      id,
      type: 'Collection',
      label: { en: [spec.label] },
      items: spec.members.map((member) => ({
        id: this.memberUrl(member),
        type: member[0] === 'manifest' ? 'Manifest' : 'Collection',
        label: { none: [member[1]] },
      })),
    };
  }

  /** The shape of a 2.1 manifest as libraries publish it (e-codices, Bodleian, Internet Archive). */
  private v2Manifest(id: string, spec: ManifestSpec) {
    return {
      '@context': 'http://iiif.io/api/presentation/2/context.json',
      '@id': id,
      '@type': 'sc:Manifest',
      label: spec.label,
      metadata: (spec.metadata ?? []).map(([label, value]) => ({ label, value })),
      sequences: [
        {
          '@id': `${id}/sequence/normal`,
          '@type': 'sc:Sequence',
          canvases: spec.canvases.map((canvas, i) => {
            const canvasId = `${id}/canvas/${i + 1}`;
            const resource = this.v2Resource(canvas.painting);
            return {
              '@id': canvasId,
              '@type': 'sc:Canvas',
              ...(canvas.label
                ? {
                    label: [
                      { '@value': canvas.label, '@language': 'en' },
                      { '@value': 'ignored', '@language': 'fr' },
                    ],
                  }
                : {}),
              height: 48,
              width: 64,
              images: resource ? [{ '@type': 'oa:Annotation', motivation: 'sc:painting', on: canvasId, resource }] : [],
            };
          }),
        },
      ],
    };
  }

  private v2Resource(painting: Painting) {
    if (painting === 'none') return undefined;
    if ('url' in painting)
      return { '@id': this.absolute(painting.url), '@type': 'dctypes:Image', format: 'image/jpeg' };
    const hex = painting.colour.slice(1);
    if (painting.via === 'static') return { '@id': this.url(`/static/${hex}.jpg`), '@type': 'dctypes:Image' };
    return {
      // The resource's own id is a sized derivative; the service is what gives the full image.
      '@id': this.url(`/iiif2/${hex}/full/32,/0/default.jpg`),
      '@type': 'dctypes:Image',
      format: 'image/jpeg',
      service: {
        '@context': 'http://iiif.io/api/image/2/context.json',
        '@id': this.url(`/iiif2/${hex}`),
        profile: 'http://iiif.io/api/image/2/level1.json',
      },
    };
  }

  private v3Manifest(id: string, spec: ManifestSpec) {
    return {
      '@context': 'http://iiif.io/api/presentation/3/context.json',
      id,
      type: 'Manifest',
      label: { en: [spec.label] },
      metadata: (spec.metadata ?? []).map(([label, value]) => ({ label: { en: [label] }, value: { none: [value] } })),
      items: spec.canvases.map((canvas, i) => {
        const canvasId = `${id}/canvas/${i + 1}`;
        const body = this.v3Body(canvas.painting);
        return {
          id: canvasId,
          type: 'Canvas',
          ...(canvas.label ? { label: { none: [canvas.label] } } : {}),
          height: 48,
          width: 64,
          items: [
            {
              id: `${canvasId}/page`,
              type: 'AnnotationPage',
              items: body
                ? [{ id: `${canvasId}/painting`, type: 'Annotation', motivation: 'painting', body, target: canvasId }]
                : [],
            },
          ],
        };
      }),
    };
  }

  private v3Body(painting: Painting) {
    if (painting === 'none') return undefined;
    if ('url' in painting) return { id: this.absolute(painting.url), type: 'Image', format: 'image/jpeg' };
    const hex = painting.colour.slice(1);
    if (painting.via === 'static') return { id: this.url(`/static/${hex}.jpg`), type: 'Image', format: 'image/jpeg' };
    const service =
      painting.via === 'image-api-3'
        ? { id: this.url(`/iiif3/${hex}`), type: 'ImageService3', profile: 'level1' }
        : {
            '@id': this.url(`/iiif2/${hex}`),
            '@type': 'ImageService2',
            profile: 'http://iiif.io/api/image/2/level1.json',
          };
    // The body's own id is a small derivative; the service is what gives the full image.
    return {
      id: this.url(`/iiif3/${hex}/full/32,/0/default.jpg`),
      type: 'Image',
      format: 'image/jpeg',
      service: [service],
    };
  }

  private absolute(url: string) {
    return url.startsWith('/') ? this.url(url) : url;
  }

  // ---- Answers ----

  private json(res: http.ServerResponse, document: unknown): void {
    if (document === undefined) sendText(res, 404, 'not here');
    else sendText(res, 200, JSON.stringify(document), 'application/ld+json');
  }

  private async image(res: http.ServerResponse, colour: string): Promise<void> {
    let jpeg = this.jpegs.get(colour);
    if (!jpeg) {
      jpeg = sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
      this.jpegs.set(colour, jpeg);
    }
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': (await jpeg).length });
    res.end(await jpeg);
  }

  /** Writes 64 KB of zeros at a time, as fast as the client takes them, until it hangs up. */
  private zeros(res: http.ServerResponse, headers: http.OutgoingHttpHeaders): void {
    streamUntilHungUp(res, { 'content-type': 'image/jpeg', ...headers }, ZEROS, (bytes) => {
      this.bytesSent += bytes;
    });
  }
}
