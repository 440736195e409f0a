/**
 * The client calls the API through `apiFor(<area>Api, …)` (typedApi.ts), each module naming the
 * areas it calls, so a page's scripts build only those areas' zod schemas. The full list of
 * contracts (common/src/api/index.ts) would put all of them, 60 kB, on every page's startup path
 * (issue 29, B13). This reads the client's code, and the common modules it imports, and fails if
 * any of it imports that list at run time (`import type` is erased by the build and allowed).
 * It also checks what apiFor does with the areas it is given.
 */
import fs from 'node:fs';
import path from 'node:path';
import { formsApi } from '@formscribe/common/api/forms';
import { imagesApi } from '@formscribe/common/api/images';
import { describe, expect, it } from 'vitest';
import { apiFor } from './typedApi.ts';

const CLIENT_ROOT = path.resolve(import.meta.dirname, '..');
const COMMON_ROOT = path.resolve(import.meta.dirname, '../../../common/src');
const EVERY_CONTRACT = path.join(COMMON_ROOT, 'api', 'index.ts');

/** `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import('x')`; not `import type` / `export type`. */
const RUN_TIME_IMPORT =
  /(?:import|export)\s+(?!type\s)[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveImport(from: string, specifier: string): string | undefined {
  const common = /^@formscribe\/common\/(.+)$/.exec(specifier)?.[1];
  if (!common && !specifier.startsWith('.')) return undefined;
  const file = common ? path.join(COMMON_ROOT, common) : path.resolve(path.dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts']
    .map((ending) => file + ending)
    .find((found) => fs.statSync(found, { throwIfNoEntry: false })?.isFile());
}

function runTimeImports(file: string): string[] {
  const code = fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|\s)\/\/.*$/gm, '$1');
  return [...code.matchAll(RUN_TIME_IMPORT)]
    .map((match) => resolveImport(file, match[1] ?? match[2] ?? match[3] ?? ''))
    .filter((found): found is string => found !== undefined);
}

function clientFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return clientFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each client or common module, reached from the client's code, that imports every contract at run time. */
function importersOfEveryContract(): string[] {
  const importers: string[] = [];
  const seen = new Set<string>();
  const pending = clientFiles(CLIENT_ROOT);
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    const imports = runTimeImports(file);
    if (imports.includes(EVERY_CONTRACT)) importers.push(path.relative(path.join(CLIENT_ROOT, '../..'), file));
    pending.push(...imports);
  }
  return importers;
}

describe('the contracts the client loads', () => {
  it('reads the typed calls of the client (a run-time import of the areas is found)', () => {
    expect(runTimeImports(path.join(CLIENT_ROOT, 'api', 'forms.ts'))).toContain(
      path.join(COMMON_ROOT, 'api', 'forms.ts'),
    );
  });

  it('no module of the client, nor a common one it imports, imports every contract at run time', () => {
    expect(importersOfEveryContract()).toEqual([]);
  });
});

describe('apiFor', () => {
  it("builds URLs from the contracts of the areas given, and refuses another area's path", () => {
    const api = apiFor(formsApi, imagesApi);
    expect(api.url('get', '/api/forms/{id}', { params: { id: 7 } })).toBe('/api/forms/7');
    expect(api.url('get', '/api/forms/{id}/images', { params: { id: 7 }, query: { page: 2, limit: 12 } })).toBe(
      '/api/forms/7/images?page=2&limit=12',
    );
    const formsOnly = apiFor(formsApi);
    // @ts-expect-error the images' path is not a forms contract, which the compiler says first
    expect(() => formsOnly.url('get', '/api/forms/{id}/images', { params: { id: 7 } })).toThrow(
      'No route GET /api/forms/{id}/images',
    );
  });
});
