/**
 * The client build's chunk map (client/dist/.vite/manifest.json, written by Vite's `manifest`
 * option): which files a lazily loaded route module needs beyond what index.html already loads.
 * A page's HTML can then name them as module preloads, so they download with the startup scripts
 * instead of after those have run. Read again whenever the build rewrites it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), imports: z.array(z.string()).optional() }).loose(),
);
type Manifest = z.infer<typeof manifestSchema>;

const MANIFEST_PATH = path.join('.vite', 'manifest.json');
/** The module index.html loads; everything it imports is on every page already. */
const HTML_ENTRY = 'index.html';

/** A build's chunk map, with the chunks every page loads already (worked out once per build). */
interface ReadManifest {
  manifest: Manifest;
  onEveryPage: Set<string>;
}

let cached: (ReadManifest & { file: string; modifiedMs: number }) | undefined;

async function readManifest(distDir: string): Promise<ReadManifest | undefined> {
  const file = path.join(distDir, MANIFEST_PATH);
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat) return undefined;
  if (cached?.file === file && cached.modifiedMs === stat.mtimeMs) return cached;
  // A manifest being rewritten by a build reads as none: the page goes out without code hints.
  const parsed = manifestSchema.safeParse(parseJson(await fs.readFile(file, 'utf8')));
  if (!parsed.success) return undefined;
  cached = { file, modifiedMs: stat.mtimeMs, manifest: parsed.data, onEveryPage: withImports(parsed.data, HTML_ENTRY) };
  return cached;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `key` and every chunk it imports, directly or not. */
function withImports(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) withImports(manifest, imported, into);
  return into;
}

/**
 * The URLs of the files the module at `source` (its path in client/, as the router imports it)
 * needs that the startup scripts do not bring; none without a build or a manifest entry for it.
 */
export async function routeModuleFiles(distDir: string, source: string): Promise<string[]> {
  const read = await readManifest(distDir);
  if (!read?.manifest[source]) return [];
  const { manifest, onEveryPage } = read;
  return [...withImports(manifest, source)]
    .filter((key) => !onEveryPage.has(key))
    .flatMap((key) => {
      const file = manifest[key]?.file;
      return file ? [`/${file}`] : [];
    });
}
