import { textDirection } from '@formscribe/common/i18n/locales';
import { DirectionProvider } from '@radix-ui/react-direction';
import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCurrentUser } from './api/currentUser.ts';
import { whenPageSettles } from './api/whenPageSettles.ts';
import { useLocaleStore } from './i18n/localeStore.ts';
import { ConnectionIndicator } from './realtime/ConnectionIndicator.tsx';
import type { createAppRouter } from './router.tsx';

const RealtimeBridge = lazy(() =>
  import('./realtime/RealtimeBridge.tsx').then((module) => ({ default: module.RealtimeBridge })),
);

/**
 * Live updates are for signed-in users, so a visitor's page never downloads the socket client.
 * The socket connects once the page's first reads have landed (each watch then refetches what it
 * watches, so nothing published meanwhile is missed). Once mounted the bridge stays, to close
 * the socket at sign-out.
 */
function LiveUpdates() {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const signedIn = Boolean(user);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (signedIn && !wanted) return whenPageSettles(queryClient, () => setWanted(true));
  }, [signedIn, wanted, queryClient]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <RealtimeBridge />
    </Suspense>
  );
}

interface AppProps {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/** The whole app for one query client and router (the browser's in main.tsx, a fresh pair per test). */
export function App({ queryClient, router }: AppProps) {
  // Radix's tabs, menus and sliders read the direction from here, not from <html dir>: in Arabic
  // the arrow keys and a menu's alignment follow the right-to-left page.
  const direction = useLocaleStore((state) => textDirection(state.locale));
  return (
    <DirectionProvider dir={direction}>
      <QueryClientProvider client={queryClient}>
        <LiveUpdates />
        <RouterProvider router={router} />
        <ConnectionIndicator />
      </QueryClientProvider>
    </DirectionProvider>
  );
}
