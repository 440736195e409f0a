import { dataFields } from '@formscribe/common/fields';
import type { FormResponse } from '@formscribe/common/schemas/form';
import * as Tabs from '@radix-ui/react-tabs';
import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useUserCount } from '../../api/formStats.ts';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { TabPanel, TabStrip } from '../../components/ui/TabStrip.tsx';
import { useT } from '../../i18n/useT.ts';
import { DashboardTab } from './dashboard/DashboardTab.tsx';
import { FORM_OWNER_ROUTE_ID, OWNER_TABS, type OwnerTab } from './formOwnerSearch.ts';
import { AVAILABLE_OWNER_TABS, resolveOwnerTab } from './ownerTabs.ts';
import { useFormProgress } from './useFormProgress.ts';

// Only the Dashboard tab, which the page opens on, comes with the page; every other tab loads on
// first use (the Fields tab's builder and the Data tab's table are the heaviest).
const ImagesTab = lazy(() => import('./images/ImagesTab.tsx').then((module) => ({ default: module.ImagesTab })));
const UsersTab = lazy(() => import('./users/UsersTab.tsx').then((module) => ({ default: module.UsersTab })));
const FieldsTab = lazy(() => import('./fields/FieldsTab.tsx').then((module) => ({ default: module.FieldsTab })));
const DataTab = lazy(() => import('./data/DataTab.tsx').then((module) => ({ default: module.DataTab })));
// Insights (Professional) loads only when opened.
const InsightsTab = lazy(() =>
  import('./insights/InsightsTab.tsx').then((module) => ({ default: module.InsightsTab })),
);

const routeApi = getRouteApi(FORM_OWNER_ROUTE_ID);

const isOwnerTab = (value: string): value is OwnerTab => (OWNER_TABS as readonly string[]).includes(value);

/** The page's tabs; the chosen one lives in the URL (`tab`), replaced in place on change. */
export function OwnerTabs({ form }: { form: FormResponse }) {
  const { t } = useT();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const activeTab = resolveOwnerTab(search.tab);
  const { imageTotal } = useFormProgress(form);
  const userCount = useUserCount(form.id);

  const labels: Record<OwnerTab, string> = {
    dashboard: t('owner.tabs.dashboard'),
    // Spacers and line breaks lay the form out; they are not fields anyone fills in.
    fields: t('owner.tabs.fields', { count: dataFields(form.fields).length }),
    images: t('owner.tabs.images', { count: imageTotal ?? 0 }),
    users: t('owner.tabs.users', { count: userCount.data ?? 0 }),
    data: t('owner.tabs.data'),
    insights: t('owner.tabs.insights'),
  };

  function selectTab(value: string) {
    if (!isOwnerTab(value)) return;
    void navigate({
      // `subtab` belongs to the Fields tab only, `view` to the Data tab.
      search: (previous) => ({
        tab: value,
        subtab: value === 'fields' ? previous.subtab : undefined,
        view: value === 'data' ? previous.view : undefined,
      }),
      replace: true,
    });
  }

  return (
    <Tabs.Root value={activeTab} onValueChange={selectTab}>
      <TabStrip
        label={t('owner.tabs.label')}
        tabs={AVAILABLE_OWNER_TABS.map((tab) => ({ value: tab, label: labels[tab] }))}
      />
      <TabPanel value="dashboard">
        <DashboardTab form={form} />
      </TabPanel>
      <TabPanel value="fields">
        <Suspense fallback={<CentredSpinner label={t('owner.tabs.loadingFields')} />}>
          <FieldsTab form={form} />
        </Suspense>
      </TabPanel>
      <TabPanel value="images">
        <Suspense fallback={<CentredSpinner label={t('owner.tabs.loadingImages')} />}>
          <ImagesTab form={form} />
        </Suspense>
      </TabPanel>
      <TabPanel value="users">
        <Suspense fallback={<CentredSpinner label={t('owner.tabs.loadingUsers')} />}>
          <UsersTab form={form} />
        </Suspense>
      </TabPanel>
      <TabPanel value="data">
        <Suspense fallback={<CentredSpinner label={t('owner.tabs.loadingData')} />}>
          <DataTab form={form} />
        </Suspense>
      </TabPanel>
      <TabPanel value="insights">
        <Suspense fallback={<CentredSpinner label={t('owner.tabs.loadingInsights')} />}>
          <InsightsTab form={form} />
        </Suspense>
      </TabPanel>
    </Tabs.Root>
  );
}
