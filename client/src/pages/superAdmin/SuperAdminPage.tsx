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
import { useT } from '../../i18n/useT.ts';
import { AdminFormsTab } from './AdminFormsTab.tsx';
import { AdminStatCards } from './AdminStatCards.tsx';
import { AdminUsersTab } from './AdminUsersTab.tsx';
import { SystemTab } from './SystemTab.tsx';

const pageStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
`;

export function SuperAdminPage() {
  const { t } = useT();
  const { data: user } = useCurrentUser();
  const isAdmin = user?.isAdmin === true;
  const stats = useAdminStats(isAdmin);
  if (!user) return null;
  if (!isAdmin) {
    return (
      <div css={pageStyles}>
        <PageTitle>{t('progress.admin.title')}</PageTitle>
        <InlineAlert tone="error">{t('progress.admin.accessDenied')}</InlineAlert>
      </div>
    );
  }
  return (
    <div css={pageStyles}>
      <PageTitle>{t('progress.admin.title')}</PageTitle>
      {stats.isError && <InlineAlert tone="error">{t('progress.admin.statsFailed')}</InlineAlert>}
      <AdminStatCards stats={stats.data} />
      <Tabs.Root defaultValue="users">
        <TabStrip
          label={t('progress.admin.sections')}
          tabs={[
            { value: 'users', label: t('progress.admin.tabUsers') },
            { value: 'forms', label: t('progress.admin.tabForms') },
            { value: 'system', label: t('progress.admin.tabSystem') },
          ]}
        />
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
