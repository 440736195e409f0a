import { useCurrentUser } from '../../api/currentUser.ts';
import { AppLayout } from '../../components/appLayout/AppLayout.tsx';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { DashboardPage } from '../dashboard/DashboardPage.tsx';
import { LandingPage } from '../landing/LandingPage.tsx';

/** "/" is the forms dashboard for a signed-in user and the landing view for everyone else. */
export function HomePage() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <CentredSpinner />;
  if (!user) return <LandingPage />;
  return (
    <AppLayout>
      <DashboardPage />
    </AppLayout>
  );
}
