/**
 * What component tests need from the DOM beyond jsdom. Loaded by vite.config.ts (setupFiles)
 * and imported by each component test, so the tests also run from the repository root.
 */

import { CATALOGUE_PARTS } from '@formscribe/common/i18n/catalogueParts';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadParts, switchLocale } from '../i18n/localeStore.ts';
import { loadServerWords } from '../i18n/serverMessages.ts';
import { useAuthStore } from '../stores/authStore.ts';
import { useToastStore } from '../stores/toastStore.ts';

// Radix measures some controls (the checkbox's hidden form input) with ResizeObserver,
// which jsdom does not implement; nothing in these tests depends on real sizes.
class NoopResizeObserver implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= NoopResizeObserver;

// jsdom never downloads pictures, so an <img> with a src would stay incomplete for ever and a
// page would never settle (api/whenPageSettles.ts) before its 4 s limit: here every picture is
// as a browser's is once it has arrived. A test of a picture's own load fires `load` itself.
Object.defineProperty(HTMLImageElement.prototype, 'complete', { configurable: true, get: () => true });

// The router restores scroll positions; jsdom has no layout to scroll and logs every call.
window.scrollTo = () => {};

// Components speak through the English catalogue, as a first visit from an English browser would.
// A component rendered alone has no route to load its catalogue parts: every part is loaded here
// (routeParts.test.ts checks that each route names the parts its code uses).
await switchLocale('en', 'browser');
await loadParts(CATALOGUE_PARTS);
await loadServerWords();

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  useAuthStore.getState().clear();
  useToastStore.setState({ toasts: [] });
  await switchLocale('en', 'browser');
});
