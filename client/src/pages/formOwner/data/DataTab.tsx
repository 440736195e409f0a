import { css } from '@emotion/react';
import type { FormResponse } from '@formscribe/common/schemas/form';
import * as Tabs from '@radix-ui/react-tabs';
import { getRouteApi } from '@tanstack/react-router';
import { useSubmissionTotal } from '../../../api/formStats.ts';
import { segmentedTabTriggerStyles, tabPanelFocusStyles } from '../../../components/ui/segmentedTabsStyles.ts';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import { DATA_VIEWS, type DataTabView, DEFAULT_DATA_VIEW, FORM_OWNER_ROUTE_ID } from '../formOwnerSearch.ts';
import { ConsolidatedView } from './ConsolidatedView.tsx';
import { HistoryView } from './HistoryView.tsx';
import { SubmissionsView } from './SubmissionsView.tsx';

const routeApi = getRouteApi(FORM_OWNER_ROUTE_ID);

const listStyles = css`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  padding: 0.25rem;
  margin-bottom: 1.25rem;
  background: ${theme.colors.surfaceMuted};
  border-radius: ${theme.radii.small};
`;

const triggerStyles = [
  segmentedTabTriggerStyles,
  css`
    min-height: 2.25rem;
    padding: 0.375rem 0.875rem;
    font-size: ${theme.fontSizes.small};
    &:hover {
      color: ${theme.colors.text};
    }
    &[data-state='active'] {
      color: ${theme.colors.primary};
    }
  `,
];

const panelStyles = tabPanelFocusStyles;

const isDataTabView = (value: string): value is DataTabView => (DATA_VIEWS as readonly string[]).includes(value);

/** The Data tab: Consolidated, Submissions (N) and History; the chosen one lives in the URL (`view`). */
export function DataTab({ form }: { form: FormResponse }) {
  const { t } = useT();
  const view = routeApi.useSearch({ select: (search) => search.view }) ?? DEFAULT_DATA_VIEW;
  const navigate = routeApi.useNavigate();
  const submissionTotal = useSubmissionTotal(form.id);

  function selectView(value: string) {
    if (!isDataTabView(value)) return;
    void navigate({ search: (previous) => ({ ...previous, view: value }), replace: true });
  }

  return (
    <Tabs.Root value={view} onValueChange={selectView}>
      <Tabs.List aria-label={t('ownerTabs.data.views')} css={listStyles}>
        <Tabs.Trigger value="consolidated" css={triggerStyles}>
          {t('ownerTabs.data.consolidated')}
        </Tabs.Trigger>
        <Tabs.Trigger value="submissions" css={triggerStyles}>
          {t('ownerTabs.data.submissionsCount', { count: submissionTotal.data ?? 0 })}
        </Tabs.Trigger>
        <Tabs.Trigger value="history" css={triggerStyles}>
          {t('ownerTabs.data.history')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="consolidated" css={panelStyles}>
        <ConsolidatedView form={form} />
      </Tabs.Content>
      <Tabs.Content value="submissions" css={panelStyles}>
        <SubmissionsView formId={form.id} />
      </Tabs.Content>
      <Tabs.Content value="history" css={panelStyles}>
        <HistoryView form={form} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
