import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { ConnectionIndicator } from './realtime/ConnectionIndicator.tsx';
import { RealtimeBridge } from './realtime/RealtimeBridge.tsx';
import type { createAppRouter } from './router.tsx';

interface AppProps {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/** The whole app for one query client and router (the browser's in main.tsx, a fresh pair per test). */
export function App({ queryClient, router }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeBridge />
      <RouterProvider router={router} />
      <ConnectionIndicator />
    </QueryClientProvider>
  );
}
