import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App } from '../App.tsx';
import { mirrorCurrentUserIntoAuthStore } from '../api/currentUser.ts';
import { createAppQueryClient } from '../api/queryClient.ts';
import { createAppRouter } from '../router.tsx';

/** The real app (routes, queries, stores) at `path`, with a fresh cache and in-memory history. */
export function renderApp(path: string) {
  const queryClient = createAppQueryClient();
  const stopMirroring = mirrorCurrentUserIntoAuthStore(queryClient);
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  const view = render(<App queryClient={queryClient} router={router} />);
  return {
    ...view,
    router,
    queryClient,
    unmount: () => {
      view.unmount();
      stopMirroring();
    },
  };
}
