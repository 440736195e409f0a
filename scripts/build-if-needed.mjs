#!/usr/bin/env node
/**
 * `npm start` and `npm run migrate` build only what is missing or older than its sources:
 * the server (dist/, see build-server.mjs) and, with `client`, the SPA (client/dist).
 * Where there are no sources (a production image holds only the build), nothing is built.
 *
 *   node scripts/build-if-needed.mjs server client
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const from = (...parts) => path.join(root, ...parts);

const targets = {
  server: {
    built: from('dist', 'src', 'index.js'),
    sources: [from('server', 'src'), from('server', 'migrations'), from('common', 'src'), from('package-lock.json')],
    command: ['node', [from('scripts', 'build-server.mjs')]],
  },
  client: {
    built: from('client', 'dist', 'index.html'),
    sources: [from('client'), from('common', 'src'), from('package-lock.json')],
    command: ['npm', ['run', 'build', '-w', 'client']],
  },
};

function newestMtime(file) {
  if (!fs.existsSync(file)) return 0;
  const stats = fs.statSync(file);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of fs.readdirSync(file, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(file, entry.name)));
  }
  return newest;
}

for (const name of process.argv.slice(2)) {
  const target = targets[name];
  if (!target) throw new Error(`Unknown build target ${name}: server or client`);
  const sourcesAt = Math.max(...target.sources.map(newestMtime));
  const builtAt = fs.existsSync(target.built) ? fs.statSync(target.built).mtimeMs : 0;
  if (sourcesAt === 0 || sourcesAt <= builtAt) continue;
  console.log(`Building the ${name}…`);
  const [command, args] = target.command;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
