/**
 * The built client over real HTTP: a client/dist laid out as the build leaves it (hashed assets
 * with their .br and .gz copies, index.html with its own) is served compressed as each request
 * accepts, with the caching each kind of file needs. Raw node:http, because fetch would decompress
 * the bytes and choose the Accept-Encoding itself.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContextExtras, AppState } from './appTypes.ts';
import { spaMiddleware } from './spaFallback.ts';

const script = `export function greet(name) {\n${'  console.log("hello", name);\n'.repeat(400)}}\n`;
const indexHtml = `<!doctype html><html><head><title>Formscribe</title><script type="module" src="/assets/app-3f9a1c.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(50)}</body></html>`;
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

let dist: string;
let server: http.Server;
let origin: string;

/** Writes a file and the two compressed copies the client build writes beside it. */
async function writeWithCopies(file: string, content: string) {
  await fs.writeFile(file, content);
  await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(content));
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(content));
}

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await writeWithCopies(path.join(dist, 'index.html'), indexHtml);
  await writeWithCopies(path.join(dist, 'assets', 'app-3f9a1c.js'), script);
  await fs.writeFile(path.join(dist, 'assets', 'logo-77aa01.png'), png);
  const app = new Koa<AppState, AppContextExtras>();
  app.use(spaMiddleware(dist));
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await fs.rm(dist, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(urlPath: string, acceptEncoding?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    http
      .get(`${origin}${urlPath}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const varies = (response: RawResponse) => String(response.headers.vary ?? '').toLowerCase();

describe('hashed assets', () => {
  it('a browser that accepts brotli gets brotli bytes of the same script, cached for a year', async () => {
    const response = await get('/assets/app-3f9a1c.js', 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body.length).toBeLessThan(script.length / 5);
    expect(zlib.brotliDecompressSync(response.body).toString()).toBe(script);
    expect(varies(response)).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('one that accepts gzip only (or refuses brotli) gets gzip bytes of the same script', async () => {
    for (const accepted of ['gzip', 'br;q=0, gzip']) {
      const response = await get('/assets/app-3f9a1c.js', accepted);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(response.body).toString()).toBe(script);
      expect(varies(response)).toContain('accept-encoding');
    }
  });

  it('one that asks for no encoding gets the file as it is, still marked as varying', async () => {
    for (const accepted of [undefined, 'identity']) {
      const response = await get('/assets/app-3f9a1c.js', accepted);
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body.toString()).toBe(script);
      expect(varies(response)).toContain('accept-encoding');
    }
  });

  it('a file the build did not compress (an image) is sent as it is', async () => {
    const response = await get('/assets/logo-77aa01.png', 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.equals(png)).toBe(true);
  });
});

describe('index.html', () => {
  it('every page path gets index.html compressed as accepted, never cached without asking again', async () => {
    for (const urlPath of ['/', '/forms/12/entry?imageId=4']) {
      const brotli = await get(urlPath, 'gzip, br');
      expect(brotli.status).toBe(200);
      expect(brotli.headers['content-type']).toMatch(/text\/html/);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(indexHtml);
      expect(brotli.headers['cache-control']).toBe('no-cache');
      expect(varies(brotli)).toContain('accept-encoding');

      const gzip = await get(urlPath, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.body).toString()).toBe(indexHtml);

      const plain = await get(urlPath);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(indexHtml);
      expect(varies(plain)).toContain('accept-encoding');
    }
  });
});
