#!/usr/bin/env node
/**
 * `npm test`: every suite, on a fresh machine too. Installs what is missing (npm packages,
 * Debian's chromium, redis-server and postgresql), checks that package-lock.json matches the
 * package.json files, then runs lint, typecheck, vitest (common, server, client; the server's
 * include the production build and the backup restore) and the Playwright browser journeys,
 * and ends with one line of totals.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
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

function countVitest(file) {
  const report = readJson(file);
  if (!report) return false;
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  if (report.numFailedTests) failures.push(`vitest: ${report.numFailedTests} failed`);
  // A file that failed to load has no tests counted: still a failure.
  const brokenFiles = (report.testResults ?? []).filter((r) => r.status === 'failed' && !r.assertionResults?.length);
  if (brokenFiles.length) step(`vitest: ${brokenFiles.length} file(s) failed to run`, false);
  return report.success;
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

ensureSystemPackages();
ensureNodeModules();

step('package-lock.json in sync (npm ci --dry-run)', lockFileInSync());

step('lint', run('npx', ['biome', 'ci', '.']));
step('typecheck', run('npm', ['run', '--silent', 'typecheck']));

const vitestJson = path.join(resultsDir, 'vitest.json');
fs.rmSync(vitestJson, { force: true });
const vitestOk = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (!countVitest(vitestJson) && vitestOk) step('vitest report', false);
if (!vitestOk && !failures.some((f) => f.startsWith('vitest'))) step('vitest', false);

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
