/**
 * Writes `name.br` and `name.gz` beside every text file of the build, compressed once at the
 * highest levels, so the server sends compressed bytes without spending CPU on each request
 * (koa-send picks the variant the browser accepts). A variant that would not be smaller is left out.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT_FILE = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml|map)$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function textFilesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function precompress(file: string): Promise<void> {
  const original = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(original, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(original, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.length < original.length ? fs.writeFile(`${file}.br`, br) : undefined,
    gz.length < original.length ? fs.writeFile(`${file}.gz`, gz) : undefined,
  ]);
}

export function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'formscribe:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await Promise.all((await textFilesUnder(outDir)).map(precompress));
    },
  };
}
