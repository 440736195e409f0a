/**
 * /super-admin (spec section 2): stat cards with a measured System Status, and tabs Users,
 * Forms and System. Only the administrator sees it; anyone else gets the spec's Access Denied
 * text (the server refuses them the admin API anyway).
 */
import { css } from '@emotion/react';
import * as Tabs from '@radix-ui/react-tabs';
import { useAdminStats } from '../../api/admin.ts';
import { useCurrentUser } from '../../api/currentUser.ts';
import { PageTitle } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { TabPanel, TabStrip } from '../../components/ui/TabStrip.tsx';
import { AdminFormsTab } from './AdminFormsTab.tsx';
import { AdminStatCards } from './AdminStatCards.tsx';
import { AdminUsersTab } from './AdminUsersTab.tsx';
import { SystemTab } from './SystemTab.tsx';
import { ACCESS_DENIED_TEXT } from './superAdminDefaults.ts';

const pageStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
`;

const ADMIN_TABS = [
  { value: 'users', label: 'Users' },
  { value: 'forms', label: 'Forms' },
  { value: 'system', label: 'System' },
] as const;

export function SuperAdminPage() {
  const { data: user } = useCurrentUser();
  const isAdmin = user?.isAdmin === true;
  const stats = useAdminStats(isAdmin);
  if (!user) return null;
  if (!isAdmin) {
    return (
      <div css={pageStyles}>
        <PageTitle>Super Admin</PageTitle>
        <InlineAlert tone="error">{ACCESS_DENIED_TEXT}</InlineAlert>
      </div>
    );
  }
  return (
    <div css={pageStyles}>
      <PageTitle>Super Admin</PageTitle>
      {stats.isError && <InlineAlert tone="error">Failed to load statistics</InlineAlert>}
      <AdminStatCards stats={stats.data} />
      <Tabs.Root defaultValue="users">
        <TabStrip label="Super admin sections" tabs={ADMIN_TABS} />
        <TabPanel value="users">
          <AdminUsersTab />
        </TabPanel>
        <TabPanel value="forms">
          <AdminFormsTab />
        </TabPanel>
        <TabPanel value="system">
          <SystemTab stats={stats.data} checking={stats.isFetching} onCheckAgain={() => void stats.refetch()} />
        </TabPanel>
      </Tabs.Root>
    </div>
  );
}
