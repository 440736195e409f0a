// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import type { AdminForm, AdminStats, AdminUser } from '@formscribe/common/schemas/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, type FakeRoutes, stubApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

/** The first render loads the page's lazy chunk, which is slow while other test files run alongside. */
const PAGE_LOAD = { timeout: 5000 };

const ADMIN = buildUser({ id: 1, username: 'admin@formscribe.test', name: 'Administrator', isAdmin: true });

function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    ...buildUser({ id: 8, username: 'grace@example.org', name: 'Grace' }),
    formCount: 2,
    limitOverrides: { activeFormLimit: null, imageCountLimitPerForm: null, imageSizeLimitMB: null },
    ...overrides,
  };
}

const STATS: AdminStats = {
  totalUsers: 1234,
  totalForms: 56,
  activeForms: 40,
  systemStatus: 'Healthy',
  healthy: true,
  checks: [
    { name: 'database', label: 'Database', ok: true, detail: 'Reachable (2 ms)' },
    { name: 'jobQueue', label: 'Job queue', ok: true, detail: '0 jobs waiting, oldest 0 s' },
    { name: 'redis', label: 'Redis', ok: true, detail: 'Not configured' },
    { name: 'mail', label: 'Mail transport', ok: true, detail: 'SMTP server accepts connections' },
  ],
  checkedAt: '2025-02-03T10:00:00.000Z',
};

const FORM: AdminForm = {
  id: 5,
  name: 'Parish register',
  description: null,
  isActive: true,
  dataEntryActive: true,
  requiredEntriesPerImage: 1,
  totalImages: 10,
  completedImages: 4,
  owner: { id: 8, username: 'grace@example.org', name: 'Grace' },
  createdAt: '2025-02-01T10:00:00.000Z',
  updatedAt: '2025-02-01T10:00:00.000Z',
};

const page = { page: 1, limit: 20, total: 1, totalIsCapped: false, totalPages: 1 };

function stubAdmin(extra: FakeRoutes = {}, users: AdminUser[] = [adminUser()]) {
  return stubApi({
    'GET /api/user': () => ({ status: 200, body: ADMIN }),
    'GET /api/admin/stats': () => ({ status: 200, body: STATS }),
    'GET /api/admin/users': () => ({ status: 200, body: { users, ...page, total: users.length } }),
    'GET /api/admin/forms': () => ({ status: 200, body: { forms: [FORM], ...page } }),
    ...extra,
  });
}

async function userRow(username: string) {
  const table = await screen.findByRole('table', { name: 'Users' }, PAGE_LOAD);
  return within(table).getByRole('row', { name: username });
}

describe('/super-admin', () => {
  it('shows Access Denied to anyone but the administrator, and asks nothing of the admin API', async () => {
    const api = stubApi({ 'GET /api/user': () => ({ status: 200, body: buildUser() }) });
    renderApp('/super-admin');
    expect(
      await screen.findByText(
        'Access Denied - You need super administrator privileges to access this page.',
        {},
        PAGE_LOAD,
      ),
    ).toBeTruthy();
    expect(api.requests.filter((request) => request.path.startsWith('/api/admin'))).toEqual([]);
  });

  it('shows the stat cards and names the failing part instead of Healthy', async () => {
    stubAdmin({
      'GET /api/admin/stats': () => ({
        status: 200,
        body: { ...STATS, systemStatus: 'Mail transport failing', healthy: false },
      }),
    });
    renderApp('/super-admin');
    const status = await screen.findByRole('region', { name: 'System Status' }, PAGE_LOAD);
    expect(await within(status).findByText('Mail transport failing')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Total Users' })).getByText('1,234')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Active Forms' })).getByText('40')).toBeTruthy();
  });

  it('searches on the server as the administrator types', async () => {
    const api = stubAdmin();
    const user = userEvent.setup();
    renderApp('/super-admin');
    await userRow('grace@example.org');
    await user.type(screen.getByLabelText('Search users'), 'grace');
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === '/api/admin/users' && r.search.includes('search=grace'))).toBe(true),
    );
  });

  it("starts the edit dialog from the spec's fallbacks, refuses limits below 1 and saves only the changed limit", async () => {
    const api = stubAdmin(
      {
        'PATCH /api/admin/users/8': (request) => ({
          status: 200,
          body: { ...adminUser(), ...(request.body as object) },
        }),
      },
      [adminUser({ activeFormLimit: 0, imageCountLimitPerForm: 0, imageSizeLimitMB: 0 })],
    );
    const user = userEvent.setup();
    renderApp('/super-admin');
    await user.click(
      within(await userRow('grace@example.org')).getByRole('button', { name: 'Edit grace@example.org' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit User Settings' });
    const formLimit = within(dialog).getByLabelText('Active form limit');
    expect(formLimit).toHaveProperty('value', '10');
    expect(within(dialog).getByLabelText('Images per form')).toHaveProperty('value', '100');
    expect(within(dialog).getByLabelText('Image size limit (MB)')).toHaveProperty('value', '50');

    await user.clear(formLimit);
    await user.type(formLimit, '0');
    expect(within(dialog).getByText('Active form limit must be at least 1')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toHaveProperty('disabled', true);

    await user.clear(formLimit);
    await user.type(formLimit, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('User settings updated successfully')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ activeFormLimit: 3 });
  });

  it("shows the new plan's limits when the plan is changed, keeps the account's own limit, and sends only the plan", async () => {
    const api = stubAdmin(
      {
        'PATCH /api/admin/users/8': (request) => ({
          status: 200,
          body: { ...adminUser(), ...(request.body as object) },
        }),
      },
      [
        adminUser({
          subscriptionStatus: 'free',
          activeFormLimit: 1,
          imageCountLimitPerForm: 50,
          imageSizeLimitMB: 7,
          limitOverrides: { activeFormLimit: null, imageCountLimitPerForm: null, imageSizeLimitMB: 7 },
        }),
      ],
    );
    const user = userEvent.setup();
    renderApp('/super-admin');
    await user.click(
      within(await userRow('grace@example.org')).getByRole('button', { name: 'Edit grace@example.org' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit User Settings' });
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toHaveProperty('disabled', true);
    await user.selectOptions(within(dialog).getByLabelText('Subscription plan'), 'Professional');

    expect(within(dialog).getByLabelText('Active form limit')).toHaveProperty('value', '20');
    expect(within(dialog).getByLabelText('Images per form')).toHaveProperty('value', '500');
    expect(within(dialog).getAllByText("The Professional plan's limit")).toHaveLength(2);
    expect(within(dialog).getByLabelText('Image size limit (MB)')).toHaveProperty('value', '7');
    expect(within(dialog).getByText('Custom limit (the Professional plan gives 10)')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('User settings updated successfully')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ subscriptionStatus: 'professional' });
  });

  it('says so when saving user settings fails', async () => {
    stubAdmin({ 'PATCH /api/admin/users/8': () => ({ status: 500, body: { message: 'boom' } }) });
    const user = userEvent.setup();
    renderApp('/super-admin');
    await user.click(
      within(await userRow('grace@example.org')).getByRole('button', { name: 'Edit grace@example.org' }),
    );
    await user.click(await screen.findByRole('switch', { name: 'Stripe test mode' }));
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update user settings')).toBeTruthy();
  });

  it('deletes a user only after confirmation, and offers no delete for the administrator', async () => {
    let deleted = false;
    stubAdmin(
      {
        'DELETE /api/admin/users/8': () => {
          deleted = true;
          return { status: 204 };
        },
      },
      [adminUser(), adminUser({ id: 1, username: 'admin@formscribe.test', isAdmin: true })],
    );
    const user = userEvent.setup();
    renderApp('/super-admin');
    expect(within(await userRow('admin@formscribe.test')).queryByRole('button', { name: /Delete/ })).toBeNull();
    await user.click(
      within(await userRow('grace@example.org')).getByRole('button', { name: 'Delete grace@example.org' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    expect(deleted).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted successfully')).toBeTruthy();
    expect(deleted).toBe(true);
  });

  it('says so when deleting a user fails', async () => {
    stubAdmin({ 'DELETE /api/admin/users/8': () => ({ status: 500, body: { message: 'boom' } }) });
    const user = userEvent.setup();
    renderApp('/super-admin');
    await user.click(
      within(await userRow('grace@example.org')).getByRole('button', { name: 'Delete grace@example.org' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete User' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to delete user')).toBeTruthy();
  });

  it('lists forms on the Forms tab; deletes one after confirmation, or says it failed', async () => {
    let attempts = 0;
    stubAdmin({
      'DELETE /api/admin/forms/5': () => {
        attempts += 1;
        return attempts === 1 ? { status: 500, body: { message: 'boom' } } : { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderApp('/super-admin');
    await user.click(await screen.findByRole('tab', { name: 'Forms' }, PAGE_LOAD));
    const table = await screen.findByRole('table', { name: 'Forms' });
    const row = within(table).getByRole('row', { name: 'Parish register' });
    expect(within(row).getByText('4 of 10 complete')).toBeTruthy();
    expect(within(row).getByText('grace@example.org')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Delete Parish register' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Form' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to delete form')).toBeTruthy();
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Form' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Form deleted successfully')).toBeTruthy();
  });

  it('drops a deleted form from a search that was already on its way when the delete was sent', async () => {
    let deleted = false;
    let answerSearch: (() => void) | null = null;
    stubAdmin({
      // The search's answer was read before the delete, and arrives after it.
      'GET /api/admin/forms': (request) => {
        const body = { forms: deleted ? [] : [FORM], ...page };
        if (!request.search.includes('Parish') || deleted) return { status: 200, body };
        return new Promise((resolve) => {
          answerSearch = () => resolve({ status: 200, body });
        });
      },
      'DELETE /api/admin/forms/5': () => {
        deleted = true;
        setTimeout(() => answerSearch?.(), 20);
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderApp('/super-admin');
    await user.click(await screen.findByRole('tab', { name: 'Forms' }, PAGE_LOAD));
    const table = await screen.findByRole('table', { name: 'Forms' });
    await user.type(screen.getByLabelText('Search forms'), 'Parish');
    await user.click(within(table).getByRole('button', { name: 'Delete Parish register' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Form' })).getByRole('button', {
      name: 'Delete',
    });
    await waitFor(() => expect(answerSearch).not.toBeNull());
    await user.click(confirm);
    expect(await screen.findByText('Form deleted successfully')).toBeTruthy();
    expect(await screen.findByText('No forms found')).toBeTruthy();
  });

  it('says so when saving form settings fails', async () => {
    stubAdmin({ 'PATCH /api/admin/forms/5': () => ({ status: 403, body: { message: 'Active form limit reached' } }) });
    const user = userEvent.setup();
    renderApp('/super-admin');
    await user.click(await screen.findByRole('tab', { name: 'Forms' }, PAGE_LOAD));
    await user.click(await screen.findByRole('button', { name: 'Edit Parish register' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Edit Form Settings' })).getByRole('button', {
        name: 'Save Changes',
      }),
    );
    expect(await screen.findByText('Failed to update form settings')).toBeTruthy();
  });

  it('asks the server to recount a form from its edit dialog, and says when that fails', async () => {
    let attempts = 0;
    const api = stubAdmin({
      'POST /api/admin/forms/5/recount': () => {
        attempts += 1;
        return attempts === 1 ? { status: 500, body: { message: 'boom' } } : { status: 202 };
      },
    });
    const user = userEvent.setup();
    renderApp('/super-admin');
    await user.click(await screen.findByRole('tab', { name: 'Forms' }, PAGE_LOAD));
    await user.click(await screen.findByRole('button', { name: 'Edit Parish register' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Form Settings' });
    await user.click(within(dialog).getByRole('button', { name: 'Recount this form' }));
    expect(await screen.findByText('Failed to start the recount')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Recount this form' }));
    expect(await screen.findByText('Recount started: the figures update in a moment')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/admin/forms/5/recount',
      '/api/admin/forms/5/recount',
    ]);
  });
});
