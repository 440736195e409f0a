/**
 * B10: the JavaScript the SPA ships, from client/dist after the project's own build. The entry
 * page's JS is the entry script plus the chunks index.html modulepreloads (Vite's static import
 * graph, fetched before the first render); lazily imported route chunks come later and are not
 * counted. Sizes are gzip at zlib's default level, as a typical server sends them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROUTE_PARTS, STARTUP_PARTS } from '@formscribe/common/i18n/catalogueParts';
import { repoRoot } from '../src/config.ts';
import { round } from './measure.ts';

const dist = path.join(repoRoot, 'client', 'dist');
const kB = (bytes: number) => round(bytes / 1000, 1);

export interface B10Result {
  figure: string;
  built: boolean;
  entryFiles: string[];
  entryGzipKb: number;
  entryTargetKb: number;
  largestChunk: string;
  largestChunkKb: number;
  largestChunkGzipKb: number;
  chunkTargetKb: number;
  totalJsGzipKb: number;
  chunks: number;
  /**
   * The startup scripts plus each language's catalogue parts the entry page loads before its first
   * render (issue 29: the startup parts and the entry route's, which the server names in its HTML),
   * held to the same budget.
   */
  entryWithCatalogueGzipKb: Record<string, number>;
}

/** The entry page's catalogue parts (common/src/i18n/catalogueParts.ts). */
const ENTRY_PAGE_PARTS: readonly string[] = [...STARTUP_PARTS, ...ROUTE_PARTS.entry];

/** The catalogue chunks the entry page's language brings (client/src/i18n/loadCatalogue.ts), by locale. */
async function catalogueChunks(entryFiles: string[]): Promise<Record<string, string[]>> {
  const manifest = JSON.parse(await fs.readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const chunks: Record<string, string[]> = {};
  for (const [source, chunk] of Object.entries(manifest)) {
    const [, locale, part] = /^src\/i18n\/catalogues\/(\w+)\/(\w+)\.json$/.exec(source) ?? [];
    if (!locale || !part || !ENTRY_PAGE_PARTS.includes(part)) continue;
    const files = [chunk.file, ...(chunk.imports ?? []).map((key) => manifest[key]?.file ?? '')];
    chunks[locale] = [...new Set([...(chunks[locale] ?? []), ...files])].filter(
      (file) => file && !entryFiles.includes(file),
    );
  }
  return chunks;
}

/** The project's own production build of the client into client/dist (B10 and B13 measure it). */
export function buildClient(): void {
  const result = spawnSync('npm', ['run', 'build', '-w', 'client'], {
    cwd: repoRoot,
    stdio: 'ignore',
    timeout: 300_000,
  });
  if (result.status !== 0) throw new Error(`client build failed (${result.status ?? result.signal})`);
}

export async function runB10(build: boolean): Promise<B10Result> {
  if (build) buildClient();
  const html = await fs.readFile(path.join(dist, 'index.html'), 'utf8');
  const entryFiles = [
    ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/?([^"]+\.js)"/g),
  ]
    .map((match) => match[1])
    .filter((file): file is string => file !== undefined);
  const gzipSize = async (file: string) => gzipSync(await fs.readFile(path.join(dist, file))).length;
  const entryGzip = (await Promise.all(entryFiles.map(gzipSize))).reduce((a, b) => a + b, 0);
  const assets = (await fs.readdir(path.join(dist, 'assets'))).filter((f) => f.endsWith('.js'));
  const sized = await Promise.all(
    assets.map(async (f) => {
      const file = path.join('assets', f);
      return { file, bytes: (await fs.stat(path.join(dist, file))).size, gzip: await gzipSize(file) };
    }),
  );
  const byLocale = await catalogueChunks(entryFiles);
  const entryWithCatalogueGzipKb: Record<string, number> = {};
  for (const [locale, files] of Object.entries(byLocale)) {
    const extra = (await Promise.all(files.map(gzipSize))).reduce((a, b) => a + b, 0);
    entryWithCatalogueGzipKb[locale] = kB(entryGzip + extra);
  }
  const largest = sized.reduce((a, b) => (b.bytes > a.bytes ? b : a), { file: '', bytes: 0, gzip: 0 });
  return {
    figure: 'SPA JS: entry page (gzip) and largest chunk',
    built: build,
    entryFiles,
    entryGzipKb: kB(entryGzip),
    entryTargetKb: 250,
    largestChunk: largest.file,
    largestChunkKb: kB(largest.bytes),
    largestChunkGzipKb: kB(largest.gzip),
    chunkTargetKb: 500,
    totalJsGzipKb: kB(sized.reduce((sum, s) => sum + s.gzip, 0)),
    chunks: sized.length,
    entryWithCatalogueGzipKb,
  };
}
