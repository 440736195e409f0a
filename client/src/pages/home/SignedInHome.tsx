import { AppLayout } from '../../components/appLayout/AppLayout.tsx';
import { DashboardPage } from '../dashboard/DashboardPage.tsx';

/** "/" for a signed-in user: its own chunk, so visitors to the landing page never download it. */
export function SignedInHome() {
  return (
    <AppLayout>
      <DashboardPage />
    </AppLayout>
  );
}
