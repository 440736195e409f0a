// @vitest-environment jsdom
/**
 * The Insights tab follows the abilities the server sent with the user: without Insights, the
 * upgrade prompt and no request for figures; with it, the figures.
 */
import '../../../test/domTestSetup.ts';
import type { FormResponse } from '@formscribe/common/schemas/form';
import type { UserResponse } from '@formscribe/common/schemas/user';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, stubApi } from '../../../test/fakeApi.ts';
import { buildFormListItem, buildFormResponse } from '../../../test/formFixtures.ts';
import { renderApp } from '../../../test/renderApp.tsx';

/** The page and the tab are lazily loaded chunks; their first import in a run takes a while. */
const PAGE_LOAD = { timeout: 10000 };

function stubOwnerPage(form: FormResponse, user: UserResponse) {
  const empty = { computing: false };
  return stubApi({
    'GET /api/user': () => ({ status: 200, body: user }),
    'GET /api/forms': () => ({ status: 200, body: [buildFormListItem(form)] }),
    [`GET /api/forms/${form.id}`]: () => ({ status: 200, body: form }),
    [`GET /api/forms/${form.id}/images`]: () => ({ status: 200, body: { images: [], total: 0, totalPages: 0 } }),
    [`GET /api/forms/${form.id}/insights/agreement`]: () => ({ status: 200, body: { ...empty, contributors: [] } }),
    [`GET /api/forms/${form.id}/insights/field-difficulty`]: () => ({ status: 200, body: { ...empty, fields: [] } }),
  });
}

const insightsRequests = (requests: { path: string }[]) => requests.filter((r) => r.path.includes('/insights/'));

describe('Insights tab', () => {
  it('offers the upgrade without asking for figures when the abilities lack Insights', async () => {
    const form = buildFormResponse({ id: 4 });
    const { requests } = stubOwnerPage(form, buildUser({ subscriptionStatus: 'starter' }));
    renderApp('/forms/4?tab=insights');
    expect(await screen.findByText('Insights are part of the Professional plan', {}, PAGE_LOAD)).toBeTruthy();
    expect(insightsRequests(requests)).toEqual([]);
  });

  it('asks for the figures when the abilities include Insights', async () => {
    const form = buildFormResponse({ id: 4 });
    const { requests } = stubOwnerPage(form, buildUser({ subscriptionStatus: 'professional' }));
    renderApp('/forms/4?tab=insights');
    expect(await screen.findByRole('region', { name: 'Agreement by contributor' }, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByText('Insights are part of the Professional plan')).toBeNull();
    expect(insightsRequests(requests).map((r) => r.path)).toContain('/api/forms/4/insights/agreement');
  });
});
