// @vitest-environment jsdom
/**
 * The super admin page in Arabic (issue 29): its own words from the Arabic catalogue, counts with
 * Arabic plurals, days written as Arabic writes them, and the page laid out right to left.
 */
import '../../test/domTestSetup.ts';
import type { AdminStats, AdminUser } from '@formscribe/common/schemas/admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { switchLocale } from '../../i18n/localeStore.ts';
import { buildUser, stubApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

/** The first render loads the page's lazy chunk, which is slow while other test files run alongside. */
const PAGE_LOAD = { timeout: 5000 };

const ADMIN = buildUser({ id: 1, username: 'admin@formscribe.test', name: 'Administrator', isAdmin: true });

const GRACE: AdminUser = {
  ...buildUser({ id: 8, username: 'grace@example.org', name: 'Grace', createdAt: '2025-02-01T10:00:00.000Z' }),
  activeFormLimit: 1,
  imageCountLimitPerForm: 2,
  imageSizeLimitMB: 3,
  formCount: 2,
  limitOverrides: { activeFormLimit: null, imageCountLimitPerForm: null, imageSizeLimitMB: null },
};

const STATS: AdminStats = {
  totalUsers: 1234,
  totalForms: 56,
  activeForms: 40,
  systemStatus: 'Healthy',
  healthy: true,
  checks: [],
  checkedAt: '2025-02-03T10:00:00.000Z',
};

const page = { page: 1, limit: 20, total: 1, totalIsCapped: false, totalPages: 1 };

describe('/super-admin in Arabic', () => {
  it('lists the accounts in Arabic words, plurals and dates, right to left', async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: ADMIN }),
      'GET /api/admin/stats': () => ({ status: 200, body: STATS }),
      'GET /api/admin/users': () => ({ status: 200, body: { users: [GRACE], ...page } }),
    });
    await switchLocale('ar', 'chosen');
    renderApp('/super-admin');

    expect(await screen.findByRole('heading', { name: 'المسؤول الأعلى' }, PAGE_LOAD)).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('tab', { name: 'المستخدمون' })).toBeTruthy();
    const totalUsers = screen.getByRole('region', { name: 'إجمالي المستخدمين' });
    expect(await within(totalUsers).findByText(new Intl.NumberFormat('ar').format(1234))).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'المستخدمون' }, PAGE_LOAD);
    const row = within(table).getByRole('row', { name: 'grace@example.org' });
    // Arabic's dual and singular forms, not "1 forms · 2 images".
    expect(within(row).getByText('نموذج واحد · صورتان · 3 ميغابايت')).toBeTruthy();
    // The day as Arabic writes it (day first, with right-to-left marks), not the English 2/1/2025.
    const joined = new Intl.DateTimeFormat('ar').format(new Date(GRACE.createdAt));
    expect(joined).not.toBe('2/1/2025');
    expect(within(row).getByText(joined)).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'تعديل grace@example.org' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'صفحات المستخدمين' }).textContent).toContain(
      'الصفحة 1 من 1 (مستخدم واحد)',
    );
  });
});
