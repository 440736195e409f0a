/**
 * Rendering one piece of the owner page's tabs in a component test: a fresh query cache (the
 * app's own rules) and the toasts, without the router. Only `fetch` is stubbed (test/fakeApi).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createAppQueryClient } from '../api/queryClient.ts';
import { Toaster } from '../components/toasts/Toaster.tsx';

// Radix Toast reads pointer capture on pointerup (swipe handling); jsdom has none of it.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

/** The first answer can be slow while the whole suite runs in parallel. */
export const FIRST_ANSWER = { timeout: 5000 };

export function renderWithQueries(ui: ReactNode) {
  const queryClient = createAppQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
