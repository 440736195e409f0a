/**
 * What component tests need from the DOM beyond jsdom. Loaded by vite.config.ts (setupFiles)
 * and imported by each component test, so the tests also run from the repository root.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { switchLocale } from '../i18n/localeStore.ts';
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

// The router restores scroll positions; jsdom has no layout to scroll and logs every call.
window.scrollTo = () => {};

// Components speak through the English catalogue, as a first visit from an English browser would.
await switchLocale('en', 'browser');

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
