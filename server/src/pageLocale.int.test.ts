/**
 * Every page's HTML is in its reader's language (issue 29), as the whole app serves it over HTTP:
 * `<html lang>` names the language (with `dir="rtl"` for Arabic) and the page names the chunks of the
 * catalogue parts it needs in that language as module preloads: the startup parts on every page,
 * and the route's own on the landing page (or dashboard), the owner page and the entry page. The
 * language is the picker's cookie, else the signed-in user's stored choice, else Accept-Language,
 * else English. The app serves a client/dist of the test's own: index.html as the build writes it,
 * and the chunk map naming each catalogue part's chunk.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { CATALOGUE_PARTS } from '@formscribe/common/i18n/catalogueParts';
import { LOCALES } from '@formscribe/common/i18n/locales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Form, User } from './models/index.ts';
import { type AppWithClientDist, startAppWithClientDist } from './test/appWithClientDist.ts';
import { censusForm } from './test/entryFixtures.ts';
import { createUser, grantAccess, signIn } from './test/factories.ts';
import { TestClient } from './test/testClient.ts';
import type { TestServer } from './test/testServer.ts';

const indexHtml =
  '<!doctype html>\n<html lang="en">\n<head><meta charset="UTF-8" /><title>Formscribe</title></head><body><div id="root"></div></body></html>';

/** As Vite writes it: each part of each catalogue is a dynamic import of the startup code, a chunk of its own. */
const manifest = {
  'index.html': { file: 'assets/index-a1.js', isEntry: true, dynamicImports: ['src/i18n/catalogues/fr/common.json'] },
  ...Object.fromEntries(
    LOCALES.flatMap((locale) =>
      CATALOGUE_PARTS.map((part) => [
        `src/i18n/catalogues/${locale}/${part}.json`,
        { file: `assets/${part}-${locale}9.js`, isDynamicEntry: true },
      ]),
    ),
  ),
};

/** The chunks of the startup parts and `parts` in `locale`, as the page names them. */
const partFiles = (locale: string, ...parts: string[]) =>
  ['common', 'app', ...parts].map((part) => `/assets/${part}-${locale}9.js`);

let server: TestServer;
let origin: string;
let app: AppWithClientDist;

beforeAll(async () => {
  app = await startAppWithClientDist(indexHtml, manifest);
  ({ server, origin } = app);
});

afterAll(() => app.stop());

/** The `<html …>` tag of a page. */
const htmlTag = (text: string) => /<html\b[^>]*>/.exec(text)?.[0];

/** The code the page asks the browser to preload. */
const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((match) => match[1]);

function page(address: string, headers: Record<string, string>, client = new TestClient(origin)) {
  return client.get(address, { headers });
}

describe('the page’s language', () => {
  it('follows Accept-Language: French is lang="fr", with the French catalogue preloaded', async () => {
    const french = await page('/forms/3/entry', { 'accept-language': 'de-DE, fr-CA;q=0.8, en;q=0.5' });
    expect(french.status).toBe(200);
    expect(htmlTag(french.text)).toBe('<html lang="fr">');
    expect(modulePreloads(french.text)).toEqual(partFiles('fr', 'entry'));
    expect(french.text).toContain('<div id="root"></div>');
    expect(french.headers.get('vary')).toMatch(/Cookie/);
    expect(french.headers.get('vary')).toMatch(/Accept-Language/);
    expect(french.headers.get('cache-control')).toBe('no-cache');
    const owner = await page('/forms/3', { 'accept-language': 'fr' });
    expect(modulePreloads(owner.text)).toEqual(partFiles('fr', 'owner', 'ownerTabs', 'progress'));
  });

  it('Arabic is lang="ar" dir="rtl", and goes out compressed like the built page', async () => {
    const arabic = await page('/', { 'accept-language': 'ar-EG' });
    expect(htmlTag(arabic.text)).toBe('<html lang="ar" dir="rtl">');
    expect(modulePreloads(arabic.text)).toEqual(partFiles('ar', 'account'));

    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      http
        .get(`${origin}/profile`, { headers: { 'accept-language': 'ar', 'accept-encoding': 'br, gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(raw.encoding).toBe('br');
    expect(htmlTag(zlib.brotliDecompressSync(raw.body).toString())).toBe('<html lang="ar" dir="rtl">');
  });

  it('the language chosen with the picker (its cookie) beats Accept-Language; a cookie we do not know does not', async () => {
    const chosen = await page('/', { cookie: 'formscribe_locale=es', 'accept-language': 'ar, fr' });
    expect(htmlTag(chosen.text)).toBe('<html lang="es">');
    expect(modulePreloads(chosen.text)).toEqual(partFiles('es', 'account'));
    const unknown = await page('/', { cookie: 'formscribe_locale=de', 'accept-language': 'pt-BR' });
    expect(htmlTag(unknown.text)).toBe('<html lang="pt">');
  });

  it('a language we do not have, or none, is English', async () => {
    const noneOfOurs: Record<string, string>[] = [{ 'accept-language': 'de, ja;q=0.9, fr;q=0' }, {}];
    for (const headers of noneOfOurs) {
      const english = await page('/', headers);
      expect(htmlTag(english.text)).toBe('<html lang="en">');
      expect(english.text).not.toContain('dir=');
      expect(modulePreloads(english.text)).toEqual(partFiles('en', 'account'));
    }
  });

  it('a signed-in user’s stored language beats the browser’s, privately; the picker’s cookie beats both', async () => {
    const user = await createUser();
    await User.query().findById(user.id).patch({ locale: 'pt' });
    const client = new TestClient(origin);
    await signIn(client, user);
    const stored = await page('/profile', { 'accept-language': 'fr' }, client);
    expect(htmlTag(stored.text)).toBe('<html lang="pt">');
    // A page the address does not name a route for: the startup parts only.
    expect(modulePreloads(stored.text)).toEqual(partFiles('pt'));
    expect(stored.headers.get('cache-control')).toBe('private, no-cache');

    client.setCookie('formscribe_locale', 'ar');
    const chosen = await page('/profile', { 'accept-language': 'fr' }, client);
    expect(htmlTag(chosen.text)).toBe('<html lang="ar" dir="rtl">');
  });

  it('on a form’s entry page, the owner’s language for the form beats the browser’s, not a person’s own choice', async () => {
    const { form } = await censusForm(server, { images: 1 });
    await Form.query().findById(form.id).patch({ language: 'es' });
    const contributor = await createUser();
    await grantAccess(contributor, form);
    const client = new TestClient(origin);
    await signIn(client, contributor);

    const entry = await page(`/forms/${form.id}/entry`, { 'accept-language': 'fr' }, client);
    expect(htmlTag(entry.text)).toBe('<html lang="es">');
    expect(modulePreloads(entry.text)).toEqual(expect.arrayContaining(partFiles('es', 'entry')));
    expect(entry.headers.get('cache-control')).toBe('private, no-cache');
    // Elsewhere the form says nothing; a stranger to the form gets the browser's language.
    expect(htmlTag((await page('/profile', { 'accept-language': 'fr' }, client)).text)).toBe('<html lang="fr">');
    const stranger = new TestClient(origin);
    await signIn(stranger, await createUser());
    expect(htmlTag((await page(`/forms/${form.id}/entry`, { 'accept-language': 'fr' }, stranger)).text)).toBe(
      '<html lang="fr">',
    );

    client.setCookie('formscribe_locale', 'pt');
    expect(htmlTag((await page(`/forms/${form.id}/entry`, { 'accept-language': 'fr' }, client)).text)).toBe(
      '<html lang="pt">',
    );
  });
});
