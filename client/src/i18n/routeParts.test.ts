/**
 * Each page downloads only the catalogue parts it names (common/src/i18n/catalogueParts.ts), so a
 * word of a part nobody loaded would show as its key. This reads the client's code and proves
 * that cannot happen: the code the startup scripts run (and what they load later outside a route)
 * uses only the startup parts, and each route loaded through `withRouteParts(name, () =>
 * import(…))` uses only the startup parts and `ROUTE_PARTS[name]`, counting everything its module
 * imports, now or later (its tabs, its dialogs). Words are found as the keys written in the code
 * (`'entry.submit'`, `` `progress.status${…}` ``).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  CATALOGUE_PARTS,
  type CataloguePart,
  isCataloguePart,
  ROUTE_PARTS,
  type RouteParts,
  STARTUP_PARTS,
} from '@formscribe/common/i18n/catalogueParts';
import { describe, expect, it } from 'vitest';

const SOURCE_ROOT = path.resolve(import.meta.dirname, '..');

/** The server's messages (`errors`) are looked up by serverMessages.ts, never asked for by key. */
const ASKED_FOR_BY_KEY = CATALOGUE_PARTS.filter((part) => part !== 'errors');
const KEY_IN_CODE = new RegExp(`['"\`](${ASKED_FOR_BY_KEY.join('|')})\\.[A-Za-z]`, 'g');
/** `import … from './x'`, `export … from './x'`, `import './x'`, `import('./x')`; not `import type`. */
const IMPORT = /(?:import|export)\s+(?!type\s)[^'"`;]*?from\s*'([^']+)'|import\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g;
const ROUTE_WITH_PARTS = /withRouteParts\(\s*'(\w+)',\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g;

interface SourceFile {
  keys: CataloguePart[];
  imports: string[];
}

const sources = new Map<string, SourceFile>();

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const file = path.resolve(path.dirname(from), specifier);
  return ['', '.ts', '.tsx'].map((extension) => file + extension).find((candidate) => fs.existsSync(candidate));
}

function read(file: string): SourceFile {
  const known = sources.get(file);
  if (known) return known;
  const code = fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|\s)\/\/.*$/gm, '$1');
  const keys = [...new Set([...code.matchAll(KEY_IN_CODE)].map((match) => match[1] ?? ''))].filter(isCataloguePart);
  const imports = [...code.matchAll(IMPORT)]
    .map((match) => resolveImport(file, match[1] ?? match[2] ?? match[3] ?? ''))
    .filter((found): found is string => found !== undefined && /\.tsx?$/.test(found));
  const found = { keys, imports };
  sources.set(file, found);
  return found;
}

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'catalogues' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every `withRouteParts('name', () => import('./module'))` in the client: the module and its parts' name. */
const routesWithParts = new Map<string, RouteParts>();
const isRouteParts = (name: string): name is RouteParts => name in ROUTE_PARTS;
for (const file of sourceFiles(SOURCE_ROOT))
  for (const [, name = '', specifier = ''] of fs.readFileSync(file, 'utf8').matchAll(ROUTE_WITH_PARTS)) {
    const module = resolveImport(file, specifier);
    if (module && isRouteParts(name)) routesWithParts.set(module, name);
  }
const routes = [...routesWithParts.entries()].map(([module, parts]) => ({
  module: path.relative(SOURCE_ROOT, module),
  parts,
}));

/**
 * Each file reachable from `start` (stopping at other routes, which load their own parts) that
 * uses a part outside `allowed`, as `file: part`.
 */
function wordsOutside(start: string, allowed: readonly CataloguePart[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const pending = [start];
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const { keys, imports } = read(file);
    for (const part of keys) if (!allowed.includes(part)) problems.push(`${path.relative(SOURCE_ROOT, file)}: ${part}`);
    pending.push(...imports.filter((imported) => imported === start || !routesWithParts.has(imported)));
  }
  return problems;
}

describe('the catalogue parts each page loads', () => {
  it('finds the routes that load parts', () => {
    expect(routes.map(({ module, parts }) => `${module} ${parts}`)).toEqual(
      expect.arrayContaining([
        'pages/entry/EntryPage.tsx entry',
        'pages/formOwner/FormOwnerPage.tsx owner',
        'pages/home/HomePage.tsx account',
        'pages/home/SignedInHome.tsx account',
      ]),
    );
    expect(read(path.join(SOURCE_ROOT, 'pages/entry/EntryPage.tsx')).keys).toContain('entry');
  });

  it('the startup code, and what it loads outside a route, uses the startup parts only', () => {
    expect(wordsOutside(path.join(SOURCE_ROOT, 'main.tsx'), STARTUP_PARTS)).toEqual([]);
  });

  it.each(routes)('$module uses the startup parts and its own ($parts) only', ({ module, parts }) => {
    expect(wordsOutside(path.join(SOURCE_ROOT, module), [...STARTUP_PARTS, ...ROUTE_PARTS[parts]])).toEqual([]);
  });
});
