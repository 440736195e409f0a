import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The API server (see server/) listens here in development; the built client is served by it in production. */
const apiTarget = process.env.FORMSCRIBE_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  // Emotion's JSX runtime lets components take a `css` prop.
  plugins: [react({ jsxImportSource: '@emotion/react' })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
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
