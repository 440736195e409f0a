import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../../api/currentUser.ts';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { LandingPage } from '../landing/LandingPage.tsx';
import { loadSignedInHome } from './loadSignedInHome.ts';

const SignedInHome = lazy(loadSignedInHome);

/** "/" is the forms dashboard for a signed-in user and the landing view for everyone else. */
export function HomePage() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <CentredSpinner />;
  if (!user) return <LandingPage />;
  return (
    <Suspense fallback={<CentredSpinner />}>
      <SignedInHome />
    </Suspense>
  );
}
