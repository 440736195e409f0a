/**
 * The IIIF source against a real IIIF server on 127.0.0.1 (test/iiifStandIn.ts): manifests of
 * both versions and collections of every kind come out as pages in their order, with their
 * names, positions, metadata and real image bytes (told apart by colour); one bad image is one
 * refused canvas; a bad or refused manifest address fails the import with the fetch's reason;
 * and, without the test-only loopback switch, the local server is refused like any private one.
 */
import {
  OUTBOUND_ADDRESS_PRIVATE,
  outboundHttpStatus,
  outboundTooManyRedirects,
} from '@formscribe/common/outboundFetchMessages';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IiifStandIn } from '../../test/iiifStandIn.ts';
import { COLOURS } from '../../test/iiifStandInDocuments.ts';
import { MEGABYTE } from '../images/imageErrors.ts';
import {
  IIIF_CANVAS_WITHOUT_IMAGE,
  IIIF_LIMITS,
  iiifImageNotAnImage,
  iiifImageTooLarge,
  iiifNestedTooDeep,
  iiifSource,
  iiifTooManyManifests,
  iiifTooManyPages,
  uniqueName,
} from './iiifSource.ts';
import type { SourceContext, SourceItem } from './importSources.ts';

let standIn: IiifStandIn;
beforeAll(async () => {
  standIn = await IiifStandIn.start();
});
afterAll(() => standIn.stop());
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.bytesSent = 0;
});

interface Run {
  maxPages?: number;
  maxPageBytes?: number;
  allowLoopback?: boolean;
  signal?: AbortSignal;
}

/** Runs the source to its end the way the worker does: each page read before the next is asked for. */
async function importFrom(url: string, run: Run = {}) {
  let announced = 0;
  const context: SourceContext = {
    signal: run.signal ?? new AbortController().signal,
    maxPages: run.maxPages ?? 100,
    maxPageBytes: run.maxPageBytes ?? 5 * MEGABYTE,
    foundPages: (count) => {
      announced += count;
    },
    workDir: '/nonexistent',
  };
  const pages: { fileName: string; page: number | null; metadata?: Record<string, string>; colour: string }[] = [];
  const refused: { name: string; reason: string }[] = [];
  const items: SourceItem[] = [];
  for await (const item of iiifSource(url, context, { allowLoopback: run.allowLoopback ?? true })) {
    items.push(item);
    if ('refused' in item) refused.push(item.refused);
    else {
      const { fileName, page, metadata } = item.found;
      pages.push({ fileName, page, metadata, colour: await colourOf(await item.found.read()) });
    }
  }
  return { pages, refused, announced, items: items.length };
}

async function importFailure(url: string, run: Run = {}): Promise<string> {
  const error = await importFrom(url, run).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Error)) throw new Error(`${url} was imported`);
  return error.message;
}

/** The image's colour, read from its decoded pixels, as the nearest pure `#rrggbb` of the stand-in's palette. */
async function colourOf(jpeg: Buffer): Promise<string> {
  const { channels } = await sharp(jpeg).stats();
  const hex = channels
    .slice(0, 3)
    .map(({ mean }) => (Math.round(mean / 0x80) * 0x80).toString(16).padStart(2, '0').replace('100', 'ff'));
  return `#${hex.join('')}`;
}

const colours = (pages: { colour: string }[]) => pages.map(({ colour }) => colour);

describe('manifests', () => {
  it('imports a 2.1 manifest’s canvases in order, with their labels, positions and metadata', async () => {
    const result = await importFrom(standIn.manifestUrl('v2-ledger'));
    expect(result.refused).toEqual([]);
    expect(colours(result.pages)).toEqual(COLOURS.ledger);
    expect(result.pages.map(({ fileName, page }) => [fileName, page])).toEqual([
      ['f. 1r', 1],
      ['f. 1v', 2],
      ['f. 2r', 3],
    ]);
    expect(result.pages[0]?.metadata).toEqual({
      manifest: 'Ledger 1871',
      label: 'f. 1r',
      Date: '1871',
      Source: 'County Archive & Library',
    });
    expect(result.announced).toBe(3);
    // The Image API's full-size request for the service canvases, the static file for the last.
    expect(standIn.requests.filter((path) => !path.endsWith('.json'))).toEqual([
      '/iiif2/ff0000/full/full/0/default.jpg',
      '/iiif2/00ff00/full/full/0/default.jpg',
      '/static/0000ff.jpg',
    ]);
  });

  it('imports a 3.0 manifest: Image API 3 and 2 services and a static body, names made unique and slash-free', async () => {
    const result = await importFrom(standIn.manifestUrl('v3-letters'));
    expect(colours(result.pages)).toEqual(COLOURS.letters);
    expect(result.pages.map(({ fileName, page }) => [fileName, page])).toEqual([
      ['p. 1', 1],
      ['p. 1 (2)', 2],
      ['envelope-back', 3],
      ['canvas-4', 4],
    ]);
    expect(result.pages[3]?.metadata).toEqual({ manifest: 'Letters home', Writer: 'A. Smith' });
    expect(standIn.requests).toContain('/iiif3/ffff00/full/max/0/default.jpg');
    expect(standIn.requests).toContain('/iiif2/ffffff/full/full/0/default.jpg');
  });

  it('refuses each canvas whose image cannot be had, with its reason, and imports the rest', async () => {
    const maxPageBytes = 2 * MEGABYTE;
    const heapBefore = process.memoryUsage().heapUsed;
    const result = await importFrom(standIn.manifestUrl('troubled'), { maxPageBytes });
    expect(result.pages.map(({ fileName, colour }) => [fileName, colour])).toEqual([
      ['fine first', '#ff0000'],
      ['fine last', '#0000ff'],
    ]);
    expect(result.refused).toEqual([
      { name: 'missing, page 2', reason: outboundHttpStatus(404) },
      { name: 'ten gigabytes, page 3', reason: iiifImageTooLarge(maxPageBytes) },
      { name: 'never ends, page 4', reason: iiifImageTooLarge(maxPageBytes) },
      { name: 'text, page 5', reason: iiifImageNotAnImage },
      { name: 'private, page 6', reason: OUTBOUND_ADDRESS_PRIVATE },
      { name: 'blank, page 7', reason: IIIF_CANVAS_WITHOUT_IMAGE },
    ]);
    expect(iiifImageTooLarge(maxPageBytes)).toContain('2 MB');
    expect(result.announced).toBe(result.items);
    // The endless images were cut off near the limit, not read on (socket buffers aside).
    expect(standIn.bytesSent).toBeLessThan(maxPageBytes + 16 * MEGABYTE);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * MEGABYTE);
  });

  it('imports at most maxPages canvases and refuses the rest in one summary', async () => {
    const result = await importFrom(standIn.manifestUrl('v3-letters'), { maxPages: 2 });
    expect(colours(result.pages)).toEqual(COLOURS.letters.slice(0, 2));
    expect(result.refused).toEqual([{ name: 'Letters home', reason: iiifTooManyPages(2) }]);
    expect(result.announced).toBe(3);
    // The images past the limit were never fetched.
    expect(standIn.requests.filter((path) => path.includes('00ffff'))).toEqual([]);
  });
});

describe('collections', () => {
  it('stops the whole walk at maxPages: later manifests are not even fetched', async () => {
    const result = await importFrom(standIn.collectionUrl('v3-root'), { maxPages: 5 });
    expect(colours(result.pages)).toEqual([...COLOURS.letters, COLOURS.alpha[0]]);
    expect(result.refused).toEqual([{ name: 'Alpha', reason: iiifTooManyPages(5) }]);
    expect(result.announced).toBe(result.items);
    expect(standIn.requests).not.toContain('/manifests/v2-ledger.json');
  });

  it('walks a collection of collections depth-first, in order, each document once though it lists itself', async () => {
    const result = await importFrom(standIn.collectionUrl('v3-root'));
    expect(colours(result.pages)).toEqual([...COLOURS.letters, ...COLOURS.alpha, ...COLOURS.ledger, ...COLOURS.beta]);
    expect(result.pages.map(({ metadata }) => metadata?.manifest)).toEqual([
      ...Array(4).fill('Letters home'),
      'Alpha',
      'Alpha',
      ...Array(3).fill('Ledger 1871'),
      'Beta',
    ]);
    // Positions count from 1 in each manifest.
    expect(result.pages.map(({ page }) => page)).toEqual([1, 2, 3, 4, 1, 2, 1, 2, 3, 1]);
    expect(result.refused).toEqual([]);
    expect(result.announced).toBe(10);
    expect(standIn.requests.filter((path) => path === '/collections/v3-root.json')).toHaveLength(1);
  });

  it('reads a paged 2.1 collection page after page, and stops where `next` leads back', async () => {
    const result = await importFrom(standIn.collectionUrl('v2-paged'));
    // Page 2 lists a nested collection (delta) and a manifest (gamma): 2.1's collections come first.
    expect(colours(result.pages)).toEqual([...COLOURS.beta, ...COLOURS.delta, ...COLOURS.gamma]);
    expect(standIn.requests.filter((path) => path.startsWith('/collections/'))).toEqual([
      '/collections/v2-paged.json',
      '/collections/v2-paged-1.json',
      '/collections/v2-paged-2.json',
      '/collections/v2-nested.json',
    ]);
    expect(result.refused).toEqual([]);
  });

  it('refuses a member manifest that cannot be fetched and imports the others', async () => {
    const result = await importFrom(standIn.collectionUrl('with-missing'));
    expect(result.refused).toEqual([{ name: 'nowhere', reason: outboundHttpStatus(404) }]);
    expect(colours(result.pages)).toEqual(COLOURS.beta);
    expect(result.announced).toBe(2);
  });

  it(`leaves out collections nested more than ${IIIF_LIMITS.maxNesting} deep`, async () => {
    const result = await importFrom(standIn.collectionUrl('deep-0'));
    expect(colours(result.pages)).toEqual([...COLOURS.beta, ...COLOURS.gamma, ...COLOURS.delta]);
    expect(result.refused).toEqual([
      { name: `deep-${IIIF_LIMITS.maxNesting + 1}`, reason: iiifNestedTooDeep(IIIF_LIMITS.maxNesting) },
    ]);
    expect(standIn.requests).not.toContain(`/collections/deep-${IIIF_LIMITS.maxNesting + 1}.json`);
  });

  it(`reads at most ${IIIF_LIMITS.maxManifests} manifests`, async () => {
    const count = IIIF_LIMITS.maxManifests + 2;
    const result = await importFrom(standIn.collectionUrl(`wide-${count}`));
    expect(result.refused).toEqual([
      { name: `empty-${IIIF_LIMITS.maxManifests + 1}`, reason: iiifTooManyManifests(IIIF_LIMITS.maxManifests) },
    ]);
    expect(standIn.requests).toHaveLength(1 + IIIF_LIMITS.maxManifests);
  });
});

describe('page names', () => {
  it('are short, slash-free and unique, and fall back to the canvas’s position', () => {
    const taken = new Set<string>();
    const long = `${'Folio '.repeat(30)}end`;
    expect(uniqueName(taken, long, 1)).toBe('Folio '.repeat(30).slice(0, IIIF_LIMITS.nameLength).trim());
    expect(uniqueName(taken, 'a\\b/c\nd', 2)).toBe('a-b-c-d');
    expect(uniqueName(taken, '..', 3)).toBe('canvas-3');
    expect(uniqueName(taken, null, 3)).toBe('canvas-3 (2)');
    expect(uniqueName(taken, 'a-b-c-d', 5)).toBe('a-b-c-d (2)');
  });
});

describe('the manifest address', () => {
  it('fails the import when it redirects in a loop', async () => {
    expect(await importFailure(standIn.url('/loop.json'))).toBe(outboundTooManyRedirects(IIIF_LIMITS.maxRedirects));
    expect(standIn.requests).toHaveLength(IIIF_LIMITS.maxRedirects + 1);
  });

  it.each([
    ['a page of HTML', '/page.html', 'This is not a IIIF manifest or collection: the address did not answer with JSON'],
    ['JSON that is not IIIF', '/not-iiif.json', 'This is not a IIIF manifest or collection: it has no IIIF'],
    ['a missing manifest', '/manifests/nowhere.json', outboundHttpStatus(404)],
  ])('fails the import on %s', async (_, path, message) => {
    expect(await importFailure(standIn.url(path))).toContain(message);
  });

  it.each([
    ['a private network', 'http://10.0.0.1/manifest.json'],
    ['the cloud metadata service', 'http://169.254.169.254/latest/meta-data/'],
    ['a redirect to the metadata service', 'REDIRECT'],
  ])('is refused when it points at %s, whatever the loopback switch', async (_, url) => {
    const target =
      url === 'REDIRECT' ? standIn.url(`/redirect?to=${encodeURIComponent('http://169.254.169.254/iiif.json')}`) : url;
    expect(await importFailure(target)).toBe(OUTBOUND_ADDRESS_PRIVATE);
  });

  it('refuses the local server without the test-only loopback switch, never connecting to it', async () => {
    expect(await importFailure(standIn.manifestUrl('v2-ledger'), { allowLoopback: false })).toBe(
      OUTBOUND_ADDRESS_PRIVATE,
    );
    expect(standIn.requests).toEqual([]);
  });

  it('stops quietly when the import is cancelled', async () => {
    const controller = new AbortController();
    const seen: SourceItem[] = [];
    const context: SourceContext = {
      signal: controller.signal,
      maxPages: 100,
      maxPageBytes: 5 * MEGABYTE,
      foundPages: () => {},
      workDir: '/nonexistent',
    };
    for await (const item of iiifSource(standIn.collectionUrl('v3-root'), context, { allowLoopback: true })) {
      seen.push(item);
      controller.abort();
    }
    expect(seen).toHaveLength(1);
  });
});
