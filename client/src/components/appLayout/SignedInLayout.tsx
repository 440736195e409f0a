import { Outlet } from '@tanstack/react-router';
import { GuardedRoute } from '../GuardedRoute.tsx';
import { AppLayout } from './AppLayout.tsx';

/** The parent of every page that needs a signed-in user. */
export function SignedInLayout() {
  return (
    <GuardedRoute>
      <AppLayout>
        <Outlet />
      </AppLayout>
    </GuardedRoute>
  );
}
