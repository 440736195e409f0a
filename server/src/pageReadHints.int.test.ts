/**
 * The entry and owner pages' HTML, as the whole app serves it over HTTP with a real session: a
 * contributor who may enter data, or a user who may see the form, gets the page's first reads
 * named as preloads (so the browser starts them with the scripts); a stranger, a signed-out
 * visitor and a contributor the form is closed to get the plain page. The entry page also names
 * its code. The app is the real one, serving a client/dist of the test's own: an index.html and
 * the chunk map a Vite build writes beside it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { DISPLAY_WIDTHS } from '@formscribe/common/displayCopies';
import { displayCopyMediaQueries, displayCopyUrl, ZOOM_COOKIE } from '@formscribe/common/entryDisplayCopies';
import type { NextImageResponse } from '@formscribe/common/schemas/submission';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormUserBlock } from './models/index.ts';
import { type AppWithClientDist, startAppWithClientDist } from './test/appWithClientDist.ts';
import { censusForm, createUser } from './test/entryFixtures.ts';
import { createForm, grantAccess, signIn } from './test/factories.ts';
import { TestClient } from './test/testClient.ts';
import type { TestServer } from './test/testServer.ts';

const indexHtml =
  '<!doctype html><html><head><title>Formscribe</title></head><body><div id="root"></div></body></html>';

/** As Vite writes it: the startup chunks, and the entry route's chunks, some shared with them. */
const manifest = {
  'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_shell-b2.js'] },
  '_shell-b2.js': { file: 'assets/shell-b2.js', imports: ['_react-c3.js'] },
  '_react-c3.js': { file: 'assets/react-c3.js' },
  'src/pages/entry/EntryPage.tsx': {
    file: 'assets/EntryPage-d4.js',
    isDynamicEntry: true,
    imports: ['_shell-b2.js', '_useMoveOn-e5.js'],
  },
  '_useMoveOn-e5.js': { file: 'assets/useMoveOn-e5.js', imports: ['_react-c3.js', '_Tooltip-f6.js'] },
  '_Tooltip-f6.js': { file: 'assets/Tooltip-f6.js', imports: ['_shell-b2.js'] },
  'src/pages/home/HomePage.tsx': { file: 'assets/HomePage-g7.js', imports: ['_shell-b2.js'] },
  'src/components/appLayout/SignedInLayout.tsx': {
    file: 'assets/SignedInLayout-h8.js',
    isDynamicEntry: true,
    imports: ['_shell-b2.js', '_dist-j0.js'],
  },
  'src/pages/formOwner/FormOwnerPage.tsx': {
    file: 'assets/FormOwnerPage-i9.js',
    isDynamicEntry: true,
    imports: ['_shell-b2.js', '_dist-j0.js', '_Tooltip-f6.js'],
  },
  '_dist-j0.js': { file: 'assets/dist-j0.js' },
};
const ENTRY_CHUNKS = ['/assets/EntryPage-d4.js', '/assets/useMoveOn-e5.js', '/assets/Tooltip-f6.js'];
/** The owner page's layout and page, with what they import, each once. */
const OWNER_CHUNKS = [
  '/assets/SignedInLayout-h8.js',
  '/assets/dist-j0.js',
  '/assets/FormOwnerPage-i9.js',
  '/assets/Tooltip-f6.js',
];

let server: TestServer;
let dist: string;
let origin: string;
let app: AppWithClientDist;

beforeAll(async () => {
  app = await startAppWithClientDist(indexHtml, manifest);
  ({ server, dist, origin } = app);
});

afterAll(() => app.stop());

async function signedInClient(user?: Awaited<ReturnType<typeof createUser>>): Promise<TestClient> {
  const client = new TestClient(origin);
  if (user) await signIn(client, user);
  return client;
}

/** The API reads the page asks the browser to preload. */
function preloads(html: string): string[] {
  return [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous" \/>/g)].map(
    (match) => match[1] ?? '',
  );
}

/** The display copies of the scan the page asks the browser to preload, each with its media query. */
function imagePreloads(html: string): { url: string; media: string }[] {
  return [
    ...html.matchAll(/<link rel="preload" href="([^"]+)" as="image" media="([^"]+)" fetchpriority="high" \/>/g),
  ].map((match) => ({ url: unescapeHtml(match[1] ?? ''), media: match[2] ?? '' }));
}

/** An attribute's text as the browser reads it (the escapes htmlEscape.ts writes). */
function unescapeHtml(text: string): string {
  return text.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));
}

/** What the page shows: the display copies of the image next-image hands out, under each width's query. */
function copiesOf(image: NextImageResponse['image'], zoom: number) {
  const queries = displayCopyMediaQueries(zoom);
  return DISPLAY_WIDTHS.map((width) => ({ url: displayCopyUrl(image.publicUrl, width), media: queries[width] }));
}

/** The code the page asks the browser to preload. */
function modulePreloads(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((match) => match[1] ?? '');
}

describe('the entry page HTML', () => {
  it('names the entry read, the next image and the page code for a contributor, privately, and the page gets the same image', async () => {
    const { form } = await censusForm(server, { images: 3 });
    const contributor = await createUser();
    await grantAccess(contributor, form);
    const client = await signedInClient(contributor);

    const page = await client.get(`/forms/${form.id}/entry`);
    expect(page.status).toBe(200);
    expect(preloads(page.text)).toEqual([`/api/forms/${form.id}/entry`, `/api/forms/${form.id}/next-image`]);
    // The route's own chunks, not those the startup scripts already load.
    expect(modulePreloads(page.text).sort()).toEqual([...ENTRY_CHUNKS].sort());
    expect(page.text).toContain('<div id="root"></div>');
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    expect(page.headers.get('vary')).toContain('Cookie');

    // The browser answers the preload; should the page's own fetch miss it, it is handed the same image.
    const preloaded = await client.get<NextImageResponse>(`/api/forms/${form.id}/next-image`);
    const asked = await client.get<NextImageResponse>(`/api/forms/${form.id}/next-image`);
    expect(preloaded.status).toBe(200);
    expect(asked.body.image.id).toBe(preloaded.body.image.id);
    // The scan the page opens on is named too, the copy for each screen under its media query.
    expect(imagePreloads(page.text)).toEqual(copiesOf(preloaded.body.image, 150));
    expect(imagePreloads(page.text)[0]?.url).toMatch(/^\/api\/display-proxy\/[\w-]+\.jpg\?w=800$/);
  });

  it('names the copies for the zoom the contributor left the viewer at, and no scan when none is left', async () => {
    const { form } = await censusForm(server, { images: 1 });
    const contributor = await createUser();
    await grantAccess(contributor, form);
    const client = await signedInClient(contributor);
    client.setCookie(ZOOM_COOKIE, '250');
    const zoomed = await client.get(`/forms/${form.id}/entry`);
    const next = await client.get<NextImageResponse>(`/api/forms/${form.id}/next-image`);
    expect(imagePreloads(zoomed.text)).toEqual(copiesOf(next.body.image, 250));
    expect(displayCopyMediaQueries(250)[800]).not.toBe(displayCopyMediaQueries(150)[800]);

    // Not a number: the opening zoom.
    client.setCookie(ZOOM_COOKIE, 'wide');
    expect(imagePreloads((await client.get(`/forms/${form.id}/entry`)).text)).toEqual(copiesOf(next.body.image, 150));

    // The only image is entered: the page names its reads, and no scan.
    const submitted = await client.post(`/api/forms/${form.id}/submissions`, {
      imageId: next.body.image.id,
      data: { name: 'Ada' },
    });
    expect(submitted.status).toBe(201);
    const done = await client.get(`/forms/${form.id}/entry`);
    expect(preloads(done.text)).toEqual([`/api/forms/${form.id}/entry`, `/api/forms/${form.id}/next-image`]);
    expect(imagePreloads(done.text)).toEqual([]);
  });

  it('names only the entry read when the address names the image', async () => {
    const { form, owner } = await censusForm(server, { images: 2 });
    const client = await signedInClient(owner.user);
    const page = await client.get(`/forms/${form.id}/entry?imageId=1`);
    expect(preloads(page.text)).toEqual([`/api/forms/${form.id}/entry`]);
    expect(imagePreloads(page.text)).toEqual([]);
    expect(modulePreloads(page.text)).toHaveLength(ENTRY_CHUNKS.length);
  });

  it('still serves the page, with its reads and without code hints, while the build rewrites its chunk map', async () => {
    const { form, owner } = await censusForm(server, { images: 1 });
    const client = await signedInClient(owner.user);
    const manifestFile = path.join(dist, '.vite', 'manifest.json');
    await fs.writeFile(manifestFile, '{"index.html": {"file": "assets/in');
    try {
      const page = await client.get(`/forms/${form.id}/entry`);
      expect(page.status).toBe(200);
      expect(preloads(page.text)).toEqual([`/api/forms/${form.id}/entry`, `/api/forms/${form.id}/next-image`]);
      expect(modulePreloads(page.text)).toEqual([]);
    } finally {
      await fs.writeFile(manifestFile, JSON.stringify(manifest));
    }
    const again = await client.get(`/forms/${form.id}/entry`);
    expect(modulePreloads(again.text).sort()).toEqual([...ENTRY_CHUNKS].sort());
  });

  it('is the plain page for a stranger, a signed-out visitor and a contributor the form is closed to', async () => {
    const { form, owner } = await censusForm(server, { images: 1 });
    const stranger = await signedInClient(await createUser());
    const signedOut = await signedInClient();
    const blocked = await createUser();
    await grantAccess(blocked, form);
    await FormUserBlock.query().insert({ formId: form.id, userId: blocked.id, blockedById: owner.user.id });
    const closedForm = await createForm(await createUser(), { dataEntryActive: false });
    const paused = await createUser();
    await grantAccess(paused, closedForm);

    const pages = [
      await stranger.get(`/forms/${form.id}/entry`),
      await signedOut.get(`/forms/${form.id}/entry`),
      await (await signedInClient(blocked)).get(`/forms/${form.id}/entry`),
      await (await signedInClient(paused)).get(`/forms/${closedForm.id}/entry`),
    ];
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.text).toBe(indexHtml);
      expect(page.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('is the plain page on every other address, signed in or not', async () => {
    const { form, owner } = await censusForm(server, { images: 1 });
    const client = await signedInClient(owner.user);
    for (const address of [
      `/forms/${form.id}/entry-v1`,
      '/forms/99999999999/entry',
      '/forms/99999999999',
      '/profile',
    ]) {
      expect((await client.get(address)).text).toBe(indexHtml);
    }
  });
});

describe('the owner page HTML', () => {
  it('names the forms list, the form and the page code for its owner, on every tab, privately', async () => {
    const { form, owner } = await censusForm(server, { images: 1 });
    const client = await signedInClient(owner.user);
    for (const address of [`/forms/${form.id}`, `/forms/${form.id}?tab=images`]) {
      const page = await client.get(address);
      expect(page.status).toBe(200);
      expect(preloads(page.text)).toEqual(['/api/forms', `/api/forms/${form.id}`]);
      // Its layout's and page's code, which would otherwise wait for the startup scripts to run.
      expect(modulePreloads(page.text).sort()).toEqual([...OWNER_CHUNKS].sort());
      expect(page.headers.get('cache-control')).toBe('private, no-cache');
    }
  });

  it('is the plain page for a stranger and a signed-out visitor, whom the form read refuses too', async () => {
    const { form } = await censusForm(server, { images: 1 });
    for (const visitor of [await signedInClient(await createUser()), await signedInClient()]) {
      expect((await visitor.get(`/api/forms/${form.id}`)).status).not.toBe(200);
      const page = await visitor.get(`/forms/${form.id}`);
      expect(page.text).toBe(indexHtml);
      expect(page.headers.get('cache-control')).toBe('no-cache');
    }
  });
});

describe('the dashboard HTML', () => {
  it('names the forms list for a signed-in user, and nothing on the landing page a visitor gets', async () => {
    const { owner } = await censusForm(server, { images: 1 });
    const dashboard = await (await signedInClient(owner.user)).get('/');
    expect(preloads(dashboard.text)).toEqual(['/api/forms']);
    expect(dashboard.headers.get('cache-control')).toBe('private, no-cache');
    const landing = await (await signedInClient()).get('/');
    expect(landing.text).toBe(indexHtml);
  });
});
