#!/usr/bin/env node
/**
 * The import boundaries of docs/architecture.md, checked on every lint (`npm run lint`, and the
 * lint step of `npm test`): services never import routes, policies never import services, common
 * imports neither the server nor the client, and the client never imports the server. A
 * violation prints the file, the import and the rule, and exits 1.
 *
 * A short reader of import statements rather than a library: dependency-cruiser and its kind
 * parse TypeScript through the `typescript` package's JavaScript API, which TypeScript 7 (the
 * native compiler this repository uses) no longer ships. Imports here are plain ES module
 * statements with literal paths, so reading them needs no parser: static `import`/`export … from`
 * at the start of a line (also across lines), side-effect imports and `import('…')`.
 *
 * Usage: node scripts/check-import-boundaries.mjs [root]   (root: the repository, by default)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each rule: files under `from` may not import a module under `to` (a folder, or a package name). */
export const RULES = [
  {
    from: 'server/src/services',
    to: ['server/src/routes'],
    why: 'services never import routes (a route calls a service, not the other way round)',
  },
  { from: 'server/src/policies', to: ['server/src/services'], why: 'policies never import services' },
  {
    from: 'common',
    to: ['server', 'client', '@formscribe/server', '@formscribe/client'],
    why: 'common is shared by both sides and imports neither',
  },
  { from: 'client', to: ['server', '@formscribe/server'], why: 'the client never imports the server' },
];

/**
 * Crossings that were there when this check came, left to the change that owns those files (the
 * policies are being reworked in issue 26): listed so that the check guards everything else now.
 * An entry that no longer occurs is named on every run, to be taken out of this list.
 */
export const KNOWN_CROSSINGS = [];

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', '.git']);

/** `import … from '…'` and `export … from '…'` at a line's start (a comment's line starts otherwise). */
const STATIC_IMPORT = /^[ \t]*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm;
const SIDE_EFFECT_IMPORT = /^[ \t]*import\s*['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importsOf(text) {
  const found = [];
  for (const pattern of [STATIC_IMPORT, SIDE_EFFECT_IMPORT, DYNAMIC_IMPORT]) {
    for (const match of text.matchAll(pattern)) found.push(match[1]);
  }
  return found;
}

function* sourceFiles(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* sourceFiles(path.join(dir, entry.name));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      yield path.join(dir, entry.name);
    }
  }
}

const isUnder = (file, folder) => file === folder || file.startsWith(`${folder}/`);

/** What a specifier names, for matching against rules: a repository path, or the package name. */
function target(root, file, specifier) {
  if (specifier.startsWith('.')) return path.relative(root, path.resolve(path.dirname(file), specifier));
  return specifier;
}

/** Every import that breaks a rule, as { file, specifier, why }, file relative to `root`. */
export function findViolations(root) {
  const violations = [];
  for (const rule of RULES) {
    for (const file of sourceFiles(path.join(root, rule.from))) {
      for (const specifier of importsOf(fs.readFileSync(file, 'utf8'))) {
        const to = target(root, file, specifier).split(path.sep).join('/');
        if (rule.to.some((folder) => isUnder(to, folder))) {
          violations.push({ file: path.relative(root, file), specifier, why: rule.why });
        }
      }
    }
  }
  return violations;
}

const isKnown = (violation) =>
  KNOWN_CROSSINGS.some((known) => known.file === violation.file && known.specifier === violation.specifier);

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const found = findViolations(root);
  for (const known of KNOWN_CROSSINGS) {
    if (!found.some((violation) => known.file === violation.file && known.specifier === violation.specifier))
      console.warn(`${known.file} no longer imports '${known.specifier}': take it out of KNOWN_CROSSINGS`);
  }
  const violations = found.filter((violation) => !isKnown(violation));
  for (const { file, specifier, why } of violations) console.error(`${file}: imports '${specifier}': ${why}`);
  if (violations.length) {
    console.error(`${violations.length} import${violations.length === 1 ? '' : 's'} across a boundary`);
    process.exit(1);
  }
  console.log('Import boundaries: no file crosses one');
}
