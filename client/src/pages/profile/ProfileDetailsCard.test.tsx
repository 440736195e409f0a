// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { MESSAGES } from '@formscribe/common/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useToastStore } from '../../stores/toastStore.ts';
import { buildUser, type FakeRequest, stubApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const profileUpdates = (requests: FakeRequest[]) =>
  requests.filter((request) => request.method === 'PUT' && request.path === '/api/user/profile');

async function accountDetails() {
  return within(await screen.findByRole('form', { name: 'Account details' }));
}

describe('ProfileDetailsCard', () => {
  it('saves a new name without asking for the password', async () => {
    const { requests } = stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      'PUT /api/user/profile': () => ({ status: 200, body: buildUser({ name: 'Ada King' }) }),
    });
    const user = userEvent.setup();
    renderApp('/profile');
    const card = await accountDetails();

    await user.clear(card.getByLabelText('Name'));
    await user.type(card.getByLabelText('Name'), 'Ada King');
    expect(card.queryByLabelText('Current Password')).toBeNull();
    await user.click(card.getByRole('button', { name: 'Update Profile' }));

    await waitFor(() => expect(profileUpdates(requests)).toHaveLength(1));
    expect(profileUpdates(requests)[0]?.body).toEqual({ username: 'ada@example.org', name: 'Ada King' });
  });

  it('asks for the current password when the e-mail changes, and sends it', async () => {
    const { requests } = stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      'PUT /api/user/profile': () => ({
        status: 200,
        body: buildUser({ username: 'ada@newmail.org', emailVerified: false, emailVerifiedAt: null }),
      }),
    });
    const user = userEvent.setup();
    renderApp('/profile');
    const card = await accountDetails();

    await user.clear(card.getByLabelText('Email'));
    await user.type(card.getByLabelText('Email'), 'ada@newmail.org');
    const password = card.getByLabelText<HTMLInputElement>('Current Password');
    expect(password.type).toBe('password');

    await user.click(card.getByRole('button', { name: 'Update Profile' }));
    expect(await card.findByText(MESSAGES.currentPasswordRequiredForEmail)).toBeTruthy();
    expect(profileUpdates(requests)).toHaveLength(0);

    await user.type(password, 'correct horse');
    await user.click(card.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(profileUpdates(requests)).toHaveLength(1));
    expect(profileUpdates(requests)[0]?.body).toEqual({
      username: 'ada@newmail.org',
      name: 'Ada Lovelace',
      currentPassword: 'correct horse',
    });
    // Saved: the address is now the account's own, so the password field goes away.
    await waitFor(() => expect(card.queryByLabelText('Current Password')).toBeNull());
  });

  it("shows the server's answer when the current password is wrong, and keeps the form", async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      'PUT /api/user/profile': () => ({ status: 400, body: { message: MESSAGES.currentPasswordWrong } }),
    });
    const user = userEvent.setup();
    renderApp('/profile');
    const card = await accountDetails();

    await user.clear(card.getByLabelText('Email'));
    await user.type(card.getByLabelText('Email'), 'ada@newmail.org');
    await user.type(card.getByLabelText('Current Password'), 'a guess');
    await user.click(card.getByRole('button', { name: 'Update Profile' }));

    await waitFor(() =>
      expect(useToastStore.getState().toasts).toEqual([
        expect.objectContaining({ title: 'Failed to update profile', description: MESSAGES.currentPasswordWrong }),
      ]),
    );
    expect(card.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@newmail.org');
  });
});
