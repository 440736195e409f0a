// @vitest-environment jsdom
import '../../../test/domTestSetup.ts';
import type { FormUser } from '@formscribe/common/schemas/formStats';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeRoutes, stubApi } from '../../../test/fakeApi.ts';
import { buildFormResponse } from '../../../test/formFixtures.ts';
import { FIRST_ANSWER, renderWithQueries } from '../../../test/renderWithQueries.tsx';
import { BLOCK_REASON_ROWS } from './BlockUserDialog.tsx';
import { UsersTab } from './UsersTab.tsx';

function person(id: number, username: string, overrides: Partial<FormUser> = {}): FormUser {
  return {
    user: { id, name: null, username },
    submissions: 0,
    lastActivity: '2025-02-03T10:00:00.000Z',
    isBlocked: false,
    blockReason: null,
    entriesDropped: false,
    isCreator: false,
    ...overrides,
  };
}

const CREATOR = person(7, 'owner@example.org', {
  isCreator: true,
  user: { id: 7, name: 'Olive Owner', username: 'owner@example.org' },
});
const GRACE = person(8, 'grace@example.org', { submissions: 4 });
const ALAN = person(9, 'alan@example.org', { isBlocked: true, blockReason: 'Spam', entriesDropped: true });

function stubUsers(extra: FakeRoutes = {}) {
  return stubApi({
    'GET /api/forms/1/users': () => ({ status: 200, body: [CREATOR, GRACE, ALAN] }),
    ...extra,
  });
}

async function card(username: string) {
  return screen.findByRole('article', { name: username }, FIRST_ANSWER);
}

describe('Users tab', () => {
  it('lists the form users with their badges, counts the contributors and offers Generate Links to the owner', async () => {
    stubUsers();
    renderWithQueries(<UsersTab form={buildFormResponse({ isOwner: true })} />);

    expect(await screen.findByRole('heading', { name: 'Form Users' })).toBeTruthy();
    expect(await screen.findByText('2 contributors', {}, FIRST_ANSWER)).toBeTruthy();
    const creator = await card('owner@example.org');
    expect(within(creator).getByText('Form Creator')).toBeTruthy();
    expect(within(creator).queryByRole('button', { name: 'Block User' })).toBeNull();
    const grace = await card('grace@example.org');
    expect(within(grace).getByText('Contributor')).toBeTruthy();
    expect(within(grace).getByText('4')).toBeTruthy();
    const alan = await card('alan@example.org');
    expect(within(alan).getByText('Blocked')).toBeTruthy();
    expect(within(alan).getByText('Spam')).toBeTruthy();
    expect(within(alan).getByRole('button', { name: 'Unblock' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate Links' })).toBeTruthy();
  });

  it('hides Generate Links from a manager who is not the owner', async () => {
    stubUsers();
    renderWithQueries(<UsersTab form={buildFormResponse({ isOwner: false })} />);
    await card('grace@example.org');
    expect(screen.queryByRole('button', { name: 'Generate Links' })).toBeNull();
  });

  it('blocks with the reason trimmed and, when chosen, without counting their entries', async () => {
    const api = stubUsers({
      'POST /api/forms/1/users/8/block': () => ({
        status: 200,
        body: { blocked: true, reason: 'copy-paste', dropEntries: true },
      }),
    });
    const user = userEvent.setup();
    renderWithQueries(<UsersTab form={buildFormResponse()} />);

    await user.click(within(await card('grace@example.org')).getByRole('button', { name: 'Block User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block User' });
    const reason = within(dialog).getByLabelText('Reason (optional)');
    expect(reason.getAttribute('rows')).toBe(String(BLOCK_REASON_ROWS));
    const dropEntries = within(dialog).getByRole('checkbox', { name: "Don't count their entries" });
    expect(dropEntries.getAttribute('aria-checked')).toBe('false');

    await user.type(reason, '   copy-paste  ');
    await user.click(dropEntries);
    await user.click(within(dialog).getByRole('button', { name: 'Block User' }));

    expect(await screen.findByText('User blocked')).toBeTruthy();
    const block = api.requests.find((request) => request.method === 'POST');
    expect(block?.body).toEqual({ reason: 'copy-paste', dropEntries: true });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Block User' })).toBeNull());
  });

  it('sends no reason when the box holds only spaces, and keeps counting entries by default', async () => {
    const api = stubUsers({
      'POST /api/forms/1/users/8/block': () => ({
        status: 200,
        body: { blocked: true, reason: null, dropEntries: false },
      }),
    });
    const user = userEvent.setup();
    renderWithQueries(<UsersTab form={buildFormResponse()} />);

    await user.click(within(await card('grace@example.org')).getByRole('button', { name: 'Block User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block User' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), '    ');
    await user.click(within(dialog).getByRole('button', { name: 'Block User' }));

    expect(await screen.findByText('User blocked')).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      reason: null,
      dropEntries: false,
    });
  });

  it("says 'Failed to block user' with the server's reason, and unblocks with 'User unblocked'", async () => {
    stubUsers({
      'POST /api/forms/1/users/8/block': () => ({
        status: 400,
        body: { message: 'The form creator cannot be blocked' },
      }),
      'POST /api/forms/1/users/9/unblock': () => ({ status: 200, body: { blocked: false } }),
    });
    const user = userEvent.setup();
    renderWithQueries(<UsersTab form={buildFormResponse()} />);

    await user.click(within(await card('grace@example.org')).getByRole('button', { name: 'Block User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block User' });
    await user.click(within(dialog).getByRole('button', { name: 'Block User' }));
    expect(await screen.findByText('Failed to block user')).toBeTruthy();
    expect(screen.getByText('The form creator cannot be blocked')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(await card('alan@example.org')).getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('User unblocked')).toBeTruthy();
  });

  it("says 'Failed to unblock user' when the server refuses", async () => {
    stubUsers({ 'POST /api/forms/1/users/9/unblock': () => ({ status: 500, body: { message: 'Boom' } }) });
    const user = userEvent.setup();
    renderWithQueries(<UsersTab form={buildFormResponse()} />);
    await user.click(within(await card('alan@example.org')).getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('Failed to unblock user')).toBeTruthy();
  });
});
