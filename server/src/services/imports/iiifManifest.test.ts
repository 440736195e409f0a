/**
 * Reading IIIF documents shaped like the ones libraries publish: 2.1 manifests (language arrays,
 * HTML in metadata, Image API 2 services, Choices), 3.0 manifests (language maps, ImageService3
 * and older services, static bodies), both versions of collections (paged 2.1 ones included), and
 * what is not IIIF at all.
 */
import { describe, expect, it } from 'vitest';
import { type IiifCollection, type IiifManifest, parseIiifDocument, parseIiifJson, plainText } from './iiifManifest.ts';

const v2Manifest = {
  '@context': 'http://iiif.io/api/presentation/2/context.json',
  '@id': 'https://iiif.example.org/ms-1/manifest',
  '@type': 'sc:Manifest',
  label: [
    { '@value': 'Livre d’heures', '@language': 'fr' },
    { '@value': 'Book of Hours', '@language': 'en' },
  ],
  metadata: [
    { label: 'Date', value: 'ca. 1450' },
    { label: 'Shelfmark', value: [{ '@value': 'MS 1', '@language': 'en' }] },
    {
      label: 'Source',
      value: '<span>Digitised by <a href="https://lib.example">the <i>Library</i></a> &amp; friends</span>',
    },
    { label: 'Empty', value: '' },
  ],
  sequences: [
    {
      '@type': 'sc:Sequence',
      canvases: [
        {
          '@id': 'https://iiif.example.org/ms-1/canvas/c1',
          '@type': 'sc:Canvas',
          label: 'f. 1r',
          metadata: [{ label: 'Folio', value: '1r' }],
          images: [
            {
              '@type': 'oa:Annotation',
              motivation: 'sc:painting',
              resource: {
                '@id': 'https://images.example.org/iiif/ms1-001/full/600,/0/default.jpg',
                '@type': 'dctypes:Image',
                service: {
                  '@context': 'http://iiif.io/api/image/2/context.json',
                  '@id': 'https://images.example.org/iiif/ms1-001/',
                  profile: 'http://iiif.io/api/image/2/level2.json',
                },
              },
            },
          ],
        },
        {
          '@type': 'sc:Canvas',
          label: 'f. 1v',
          images: [{ resource: { '@id': 'https://static.example.org/ms1-002.jpg', '@type': 'dctypes:Image' } }],
        },
        {
          '@type': 'sc:Canvas',
          label: 'f. 2r (two photographs)',
          images: [
            {
              resource: {
                '@type': 'oa:Choice',
                default: { '@id': 'https://static.example.org/ms1-003-natural.jpg', '@type': 'dctypes:Image' },
                item: [{ '@id': 'https://static.example.org/ms1-003-uv.jpg', '@type': 'dctypes:Image' }],
              },
            },
          ],
        },
        { '@type': 'sc:Canvas', label: 'missing leaf', images: [] },
      ],
    },
  ],
};

const v3Manifest = {
  '@context': 'http://iiif.io/api/presentation/3/context.json',
  id: 'https://iiif.example.org/letters/manifest.json',
  type: 'Manifest',
  label: { de: ['Briefe'], en: ['Letters'] },
  metadata: [
    { label: { en: ['Writer'] }, value: { none: ['A. <b>Smith</b>'] } },
    { label: { en: ['Language'] }, value: { de: ['Deutsch'], fr: ['allemand'] } },
  ],
  items: [
    {
      id: 'https://iiif.example.org/letters/canvas/1',
      type: 'Canvas',
      label: { none: ['p. 1'] },
      items: [
        {
          type: 'AnnotationPage',
          items: [
            {
              type: 'Annotation',
              motivation: 'painting',
              body: {
                id: 'https://images.example.org/iiif3/l1/full/max/0/default.jpg',
                type: 'Image',
                service: [{ id: 'https://images.example.org/iiif3/l1', type: 'ImageService3', profile: 'level1' }],
              },
            },
          ],
        },
      ],
    },
    {
      type: 'Canvas',
      label: { en: ['p. 2'] },
      items: [
        {
          type: 'AnnotationPage',
          items: [
            {
              type: 'Annotation',
              motivation: 'painting',
              body: {
                id: 'https://images.example.org/iiif2/l2/full/full/0/default.jpg',
                type: 'Image',
                service: [
                  { id: 'https://auth.example.org/login', type: 'AuthCookieService1' },
                  {
                    '@id': 'https://images.example.org/iiif2/l2',
                    '@type': 'ImageService2',
                    profile: 'http://iiif.io/api/image/2/level2.json',
                  },
                ],
              },
            },
          ],
        },
      ],
    },
    {
      type: 'Canvas',
      items: [
        {
          type: 'AnnotationPage',
          items: [
            { type: 'Annotation', motivation: 'commenting', body: { type: 'TextualBody', value: 'a note' } },
            {
              type: 'Annotation',
              motivation: 'painting',
              body: { id: 'https://static.example.org/envelope.png', type: 'Image', format: 'image/png' },
            },
          ],
        },
      ],
    },
    { type: 'Range', id: 'https://iiif.example.org/letters/range/1' },
  ],
};

const manifest = (json: unknown) => parseIiifDocument(json) as IiifManifest;
const collection = (json: unknown) => parseIiifDocument(json) as IiifCollection;

describe('Presentation 2.1 manifests', () => {
  it('gives the canvases of the first sequence in order, with the full image of each', () => {
    const parsed = manifest(v2Manifest);
    expect(parsed.kind).toBe('manifest');
    expect(parsed.canvases.map(({ label, imageUrl }) => [label, imageUrl])).toEqual([
      ['f. 1r', 'https://images.example.org/iiif/ms1-001/full/full/0/default.jpg'],
      ['f. 1v', 'https://static.example.org/ms1-002.jpg'],
      ['f. 2r (two photographs)', 'https://static.example.org/ms1-003-natural.jpg'],
      ['missing leaf', null],
    ]);
  });

  it('reads labels and metadata: English preferred, HTML stripped, empty values dropped', () => {
    const parsed = manifest(v2Manifest);
    expect(parsed.label).toBe('Book of Hours');
    expect(parsed.metadata).toEqual({
      Date: 'ca. 1450',
      Shelfmark: 'MS 1',
      Source: 'Digitised by the Library & friends',
    });
    expect(parsed.canvases[0]?.metadata).toEqual({ Folio: '1r' });
  });

  it('refuses a manifest without a sequence of canvases', () => {
    expect(() => parseIiifDocument({ ...v2Manifest, sequences: [] })).toThrow(
      'This is not a IIIF manifest or collection: the manifest has no sequence of canvases',
    );
  });
});

describe('Presentation 3.0 manifests', () => {
  it('gives the canvases in order: ImageService3, an older ImageService2 beside an auth service, a static body', () => {
    const parsed = manifest(v3Manifest);
    expect(parsed.canvases.map(({ label, imageUrl }) => [label, imageUrl])).toEqual([
      ['p. 1', 'https://images.example.org/iiif3/l1/full/max/0/default.jpg'],
      ['p. 2', 'https://images.example.org/iiif2/l2/full/full/0/default.jpg'],
      [null, 'https://static.example.org/envelope.png'],
    ]);
  });

  it('picks from language maps: `none`, else English, else the first language', () => {
    const parsed = manifest(v3Manifest);
    expect(parsed.label).toBe('Letters');
    expect(parsed.metadata).toEqual({ Writer: 'A. Smith', Language: 'Deutsch' });
  });

  it('tells Image API 3 from 2 by the service’s context or bare profile when it has no type', () => {
    const withService = (service: unknown) =>
      manifest({
        type: 'Manifest',
        items: [
          {
            type: 'Canvas',
            items: [{ items: [{ motivation: 'painting', body: { id: 'https://x.example/a', service } }] }],
          },
        ],
      }).canvases[0]?.imageUrl;
    expect(withService({ id: 'https://s.example/a', '@context': 'http://iiif.io/api/image/3/context.json' })).toBe(
      'https://s.example/a/full/max/0/default.jpg',
    );
    expect(withService([{ id: 'https://s.example/b', profile: 'level0' }])).toBe(
      'https://s.example/b/full/max/0/default.jpg',
    );
    expect(withService({ '@id': 'https://s.example/c', '@context': 'http://iiif.io/api/image/2/context.json' })).toBe(
      'https://s.example/c/full/full/0/default.jpg',
    );
    expect(
      withService({ '@id': 'https://s.example/d/info.json', profile: 'http://iiif.io/api/image/2/level1.json' }),
    ).toBe('https://s.example/d/full/full/0/default.jpg');
    // A service that is not an Image API one (authentication) is passed over for the static body.
    expect(withService({ id: 'https://auth.example/login', type: 'AuthCookieService1' })).toBe('https://x.example/a');
  });
});

describe('collections', () => {
  it('lists a 3.0 collection’s manifests and collections in order, and nothing else', () => {
    const parsed = collection({
      '@context': 'http://iiif.io/api/presentation/3/context.json',
      id: 'https://iiif.example.org/collection/top',
      type: 'Collection',
      label: { en: ['Top'] },
      items: [
        { id: 'https://iiif.example.org/collection/sub', type: 'Collection', label: { en: ['Sub'] } },
        { id: 'https://iiif.example.org/m1', type: 'Manifest', label: { none: ['One'] } },
        { id: 'https://iiif.example.org/canvas/odd', type: 'Canvas' },
        { type: 'Manifest', label: { none: ['no id'] } },
      ],
    });
    expect(parsed).toMatchObject({ kind: 'collection', label: 'Top', first: null, next: null });
    expect(parsed.members).toEqual([
      { kind: 'collection', id: 'https://iiif.example.org/collection/sub', label: 'Sub' },
      { kind: 'manifest', id: 'https://iiif.example.org/m1', label: 'One' },
    ]);
  });

  it('lists a 2.1 collection’s `members`, or its collections then its manifests', () => {
    const fromMembers = collection({
      '@type': 'sc:Collection',
      members: [
        { '@id': 'https://a.example/m', '@type': 'sc:Manifest', label: 'M' },
        { '@id': 'https://a.example/c', '@type': 'sc:Collection', label: 'C' },
      ],
    });
    expect(fromMembers.members.map(({ kind, id }) => [kind, id])).toEqual([
      ['manifest', 'https://a.example/m'],
      ['collection', 'https://a.example/c'],
    ]);
    const fromLists = collection({
      '@type': 'sc:Collection',
      manifests: [{ '@id': 'https://a.example/m1', '@type': 'sc:Manifest' }, 'https://a.example/m2'],
      collections: [{ '@id': 'https://a.example/c1', '@type': 'sc:Collection' }],
    });
    expect(fromLists.members.map(({ kind, id }) => [kind, id])).toEqual([
      ['collection', 'https://a.example/c1'],
      ['manifest', 'https://a.example/m1'],
      ['manifest', 'https://a.example/m2'],
    ]);
  });

  it('finds a paged 2.1 collection’s first page and a page’s next', () => {
    const top = collection({
      '@context': 'http://iiif.io/api/presentation/2/context.json',
      '@id': 'https://a.example/top',
      '@type': 'sc:Collection',
      total: 2000,
      first: { '@id': 'https://a.example/top?page=1', '@type': 'sc:Collection' },
      last: 'https://a.example/top?page=20',
    });
    expect(top).toMatchObject({ members: [], first: 'https://a.example/top?page=1', next: null });
    const page = collection({
      '@id': 'https://a.example/top?page=1',
      '@type': 'sc:Collection',
      within: 'https://a.example/top',
      next: 'https://a.example/top?page=2',
      manifests: [{ '@id': 'https://a.example/m1', '@type': 'sc:Manifest', label: 'm1' }],
    });
    expect(page).toMatchObject({ first: null, next: 'https://a.example/top?page=2' });
    expect(page.members).toEqual([{ kind: 'manifest', id: 'https://a.example/m1', label: 'm1' }]);
  });
});

describe('what is not IIIF', () => {
  it.each([
    ['<html><body>Our collections</body></html>', 'the address did not answer with JSON'],
    ['[1, 2]', 'the JSON is not an object'],
    ['{"hello": "world"}', 'it has no IIIF Presentation 2.1 or 3.0 type'],
    ['{"type": "Manifest", "items": "none"}', 'the manifest has no list of canvases (items)'],
    ['{"@type": "sc:Collection"}', 'the collection lists no manifests, collections or pages'],
  ])('%s is refused with a message the owner can read', (text, detail) => {
    expect(() => parseIiifJson(text)).toThrow(`This is not a IIIF manifest or collection: ${detail}`);
  });
});

describe('plainText', () => {
  it('removes tags, decodes entities and collapses white space', () => {
    expect(plainText('<p>Line one<br/>line&nbsp;two &#8211; &#x41;&lt;B&gt;</p>')).toBe('Line one line two – A<B>');
  });
});
