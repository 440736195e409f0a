import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { compileMessages } from './vite/compileMessages.ts';
import { precompressAssets } from './vite/precompressAssets.ts';

/** The API server (see server/) listens here in development; the built client is served by it in production. */
const apiTarget = process.env.FORMSCRIBE_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  // Emotion's JSX runtime lets components take a `css` prop.
  // Brotli and gzip copies of every text file are written at build time for the server to send.
  // The catalogue's messages are compiled to ASTs, and the build leaves FormatJS's parser out.
  plugins: [react({ jsxImportSource: '@emotion/react' }), compileMessages(), precompressAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route's module needs, so the server can name
    // them in the HTML of a page it knows is the entry page (server/src/clientManifest.ts).
    manifest: true,
    rolldownOptions: {
      // Required by experimentalInlineCommonChunks below; the app's entry exports nothing.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Small pieces shared by a few pages (an alert, a page header) are copied into each page's
          // chunk rather than sent as a dozen 1 kB files: a page then needs a few requests, not
          // thirty, which on a phone's connection (six at a time, a round trip each) is the
          // difference between one wave of requests and five (B11).
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
          // What the first render needs (React, the other libraries, the app's shell) in a few
          // files instead of twenty small ones: on a phone's connection each extra request costs
          // a round trip. Not one, so none passes Vite's 500 kB chunk warning (B10). Route chunks
          // stay apart, each loaded by its page.
          groups: [
            {
              name: 'react',
              tags: ['$initial'],
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 2,
            },
            { name: 'libraries', tags: ['$initial'], test: /[\\/]node_modules[\\/]/, priority: 1 },
            { name: 'shell', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // changeOrigin stays off: the server's same-origin check compares Origin with the Host it
    // was addressed to, and both then say localhost:5173.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  test: {
    name: 'client',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/domTestSetup.ts'],
    // Component tests that type through whole dialogs run slowly while the server suites share the 2 cores.
    testTimeout: 20_000,
  },
});
