import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCurrentUser } from './api/currentUser.ts';
import { ConnectionIndicator } from './realtime/ConnectionIndicator.tsx';
import type { createAppRouter } from './router.tsx';

const RealtimeBridge = lazy(() =>
  import('./realtime/RealtimeBridge.tsx').then((module) => ({ default: module.RealtimeBridge })),
);

/**
 * Live updates are for signed-in users, so a visitor's page never downloads the socket client.
 * Once mounted the bridge stays, to close the socket at sign-out.
 */
function LiveUpdates() {
  const { data: user } = useCurrentUser();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (user) setWanted(true);
  }, [user]);
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
  return (
    <QueryClientProvider client={queryClient}>
      <LiveUpdates />
      <RouterProvider router={router} />
      <ConnectionIndicator />
    </QueryClientProvider>
  );
}
