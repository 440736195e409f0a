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
          // Projects with their own worker count run as a separate group (vitest 4).
          sequence: { groupOrder: 1 },
        },
      },
      './client/vite.config.ts',
    ],
  },
});
