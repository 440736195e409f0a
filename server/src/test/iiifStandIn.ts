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
import {
  COLLECTIONS,
  type CollectionSpec,
  DEEP,
  MANIFESTS,
  type ManifestSpec,
  type Member,
  type Painting,
  WIDE,
} from './iiifStandInDocuments.ts';
import { redirectTo, sendText, streamUntilHungUp, TEN_GIGABYTES } from './standInReplies.ts';

const ZEROS = Buffer.alloc(64 * 1024);

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
