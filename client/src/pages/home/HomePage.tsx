import { lazy, Suspense, useState } from 'react';
import { useCurrentUser } from '../../api/currentUser.ts';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { LandingPage } from '../landing/LandingPage.tsx';
import { loadedSignedInHome, loadSignedInHome } from './loadSignedInHome.ts';

const SignedInHome = lazy(loadSignedInHome);

/** "/" is the forms dashboard for a signed-in user and the landing view for everyone else. */
export function HomePage() {
  const { data: user, isPending } = useCurrentUser();
  // Fixed for this mount, so the tree never changes shape under the dashboard. When the route's
  // loader has brought the chunk (the usual case), no Suspense fallback delays its first paint.
  const [Dashboard] = useState(loadedSignedInHome);
  if (isPending) return <CentredSpinner />;
  if (!user) return <LandingPage />;
  if (Dashboard) return <Dashboard />;
  return (
    <Suspense fallback={<CentredSpinner />}>
      <SignedInHome />
    </Suspense>
  );
}
