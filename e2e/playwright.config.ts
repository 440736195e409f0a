/**
 * Browser journeys in Debian's Chromium against the real app (built client, embedded
 * PostgreSQL, mail written to the data folder) on a free port.
 */
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Set once in the main process; workers inherit the environment, so all agree on them.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'formscribe-e2e-'));
  // Readable by the `postgres` user the embedded database runs as when we are root.
  chmodSync(process.env.E2E_DATA_DIR, 0o755);
}
export const baseURL = `http://localhost:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Files are shared between two workers (a file's tests stay in order, in one worker) against the
  // one server: every journey makes its own users and forms and finds its mail by its own address,
  // so none waits on another's. One worker kept one core about three quarters idle (about 240 s of
  // CPU in a 460 s run); two took a shared, overloaded 2-core machine's run from 893 s to 694 s.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json']],
  globalTeardown: './support/globalTeardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'npx tsx server/src/index.ts',
    cwd: '..',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL: 'admin@formscribe.test',
      ADMIN_PASSWORD: 'admin-password',
      LOG_LEVEL: 'warn',
      JOB_POLL_SECONDS: '0.5',
    },
  },
});
