import './zodWithoutEval.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { mirrorCurrentUserIntoAuthStore } from './api/currentUser.ts';
import { createAppQueryClient } from './api/queryClient.ts';
import { whenPageSettles } from './api/whenPageSettles.ts';
import { applyAccountLocale, openInitialLocale } from './i18n/localePreference.ts';
import { loadServerWords } from './i18n/serverMessages.ts';
import { createAppRouter } from './router.tsx';
import { useAuthStore } from './stores/authStore.ts';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain <div id="root">');

// Evaluating the startup scripts is a long task at a phone's CPU speed; setting up the router and
// starting the page's loads come in the next task, so the main thread is not held for both at once
// (B13's total blocking time counts each task's time past 50 ms). Nothing waits for this: the
// first reads and the route's code are already downloading, named in the page's HTML.
await new Promise((resolve) => setTimeout(resolve, 0));

const queryClient = createAppQueryClient();
mirrorCurrentUserIntoAuthStore(queryClient);
const router = createAppRouter(queryClient);

// The first render waits for the page's code (the route's chunk and loaders). Rendered earlier,
// the page would suspend on it, and React holds the reveal of suspended content back until at
// least 300 ms after its fallback showed: the page would appear a third of a second late.
// The page's language (the startup parts of its catalogue, and the route's: chunks of their own)
// downloads alongside. The language is asked for first, so the route's parts come in it.
await Promise.all([openInitialLocale(), router.load().catch(() => {})]);
// A signed-in account's stored language follows its user to this device (issue 29).
useAuthStore.subscribe((state, previous) => {
  if (state.user?.locale && state.user.locale !== previous.user?.locale) void applyAccountLocale(state.user.locale);
});
// Known before the first render when the account is (the auth store mirrors it): no flash of
// another language on a new device.
await applyAccountLocale(useAuthStore.getState().user?.locale);

// The first render is a transition, so React renders the page in slices of a few milliseconds with
// the browser free in between, instead of in one task: at a phone's CPU speed that one task took
// 200–400 ms, most of the pages' total blocking time (B13). The page is still shown whole, once
// all of it has rendered.
const root = createRoot(rootElement);
startTransition(() => {
  root.render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
});

// The server's messages in the reader's language are not needed for the first paint: they load
// once the page has settled (or at once when one is shown earlier: serverMessages.ts).
whenPageSettles(queryClient, () => {
  loadServerWords().catch(() => {});
});
