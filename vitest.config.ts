import { defineConfig } from 'vitest/config';

/** One vitest run covers every workspace: pure units, server integration, client components. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'common',
          root: './common',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/test/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database; two at a time suits a 2-core machine.
          maxWorkers: 2,
          // A worker keeps the modules it loaded for its next file: each file starts its own app
          // (startTestServer) with its own database and binds the models to it, so nothing a file
          // relies on lives in a module. Loading the app's graph afresh per file cost about 400 s
          // of summed import time; kept, it costs 15 s, and the project runs in about 5 minutes.
          isolate: false,
          // Projects with their own worker count run as a separate group (vitest 4).
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The storage-related suites again with files in an S3-compatible bucket (a local s3rver
        // per test file): the same promises must hold for both drivers.
        test: {
          name: 'server-s3',
          root: './server',
          include: [
            'src/services/storage/storageSweeper.int.test.ts',
            'src/services/images/unreadableUploads.int.test.ts',
            'src/routes/images/fileProxies.int.test.ts',
            'src/routes/images/formLogo.int.test.ts',
            'src/routes/images/imageUploads.int.test.ts',
            'src/routes/images/webpAvifUploads.int.test.ts',
            'src/routes/images/imageActions.int.test.ts',
            'src/routes/images/imageLimits.int.test.ts',
            'src/routes/images/formImports.int.test.ts',
          ],
          env: { TEST_STORAGE_DRIVER: 's3' },
          isolate: false,
          environment: 'node',
          globalSetup: ['src/test/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      './client/vite.config.ts',
    ],
  },
});
