#!/usr/bin/env node
/**
 * Compiles the server and the common package to JavaScript in dist/, which production runs on
 * plain `node` (no TypeScript loader, no development dependencies):
 *
 *   dist/src/index.js                        the entry (dist/src/db/migrateCli.js migrates)
 *   dist/migrations/*.js                     the static migration list, compiled with it
 *   dist/node_modules/@formscribe/common/    common compiled, found by Node's package lookup
 *
 * The compiled common sits in dist/node_modules so that `@formscribe/common/...` imports from
 * dist/ resolve to JavaScript, while tsx, vitest and vite keep reading common's TypeScript
 * sources through the workspace link (common/package.json's exports), unchanged.
 * dist/src/config.js stays two levels below the repository root, as config.ts expects.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const compiledCommon = path.join(dist, 'node_modules', '@formscribe', 'common');

function compile(project) {
  const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
  const result = spawnSync(tsc, ['-p', project], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Compiling ${project} failed`);
    process.exit(result.status ?? 1);
  }
}

/** Plain JavaScript files the server loads by URL (worker threads), which tsc does not emit. */
function copyJavaScriptAssets(fromDir, toDir) {
  for (const entry of fs.readdirSync(fromDir, { withFileTypes: true })) {
    const from = path.join(fromDir, entry.name);
    if (entry.isDirectory()) copyJavaScriptAssets(from, path.join(toDir, entry.name));
    else if (entry.name.endsWith('.mjs') && !entry.name.includes('.test.')) {
      fs.mkdirSync(toDir, { recursive: true });
      fs.copyFileSync(from, path.join(toDir, entry.name));
    }
  }
}

// A clean output: a module deleted from the sources must not linger in the build.
fs.rmSync(dist, { recursive: true, force: true });
compile('common/tsconfig.build.json');
compile('server/tsconfig.build.json');
copyJavaScriptAssets(path.join(root, 'server', 'src'), path.join(dist, 'src'));
const commonManifest = {
  name: '@formscribe/common',
  private: true,
  type: 'module',
  exports: { './*': './*.js' },
};
fs.writeFileSync(path.join(compiledCommon, 'package.json'), `${JSON.stringify(commonManifest, null, 2)}\n`);
console.log(`Server built in ${path.relative(root, dist)}/ (run: node dist/src/index.js)`);
