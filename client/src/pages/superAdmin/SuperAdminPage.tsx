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
import { theme } from '../../theme/theme.ts';
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

const listStyles = css`
  display: flex;
  gap: 0.25rem;
  overflow-x: auto;
  border-bottom: 1px solid ${theme.colors.border};
`;

const triggerStyles = css`
  flex: none;
  min-height: 2.75rem;
  padding: 0.5rem 1rem;
  border: none;
  border-bottom: 3px solid transparent;
  background: transparent;
  color: ${theme.colors.textMuted};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &[data-state='active'] {
    color: ${theme.colors.primary};
    border-bottom-color: ${theme.colors.primary};
  }
  &:focus-visible {
    outline: none;
    box-shadow: inset ${theme.focusRing};
  }
`;

const panelStyles = css`
  padding-top: 1.25rem;
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;

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
        <Tabs.List aria-label="Super admin sections" css={listStyles}>
          <Tabs.Trigger value="users" css={triggerStyles}>
            Users
          </Tabs.Trigger>
          <Tabs.Trigger value="forms" css={triggerStyles}>
            Forms
          </Tabs.Trigger>
          <Tabs.Trigger value="system" css={triggerStyles}>
            System
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="users" css={panelStyles}>
          <AdminUsersTab />
        </Tabs.Content>
        <Tabs.Content value="forms" css={panelStyles}>
          <AdminFormsTab />
        </Tabs.Content>
        <Tabs.Content value="system" css={panelStyles}>
          <SystemTab stats={stats.data} checking={stats.isFetching} onCheckAgain={() => void stats.refetch()} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
