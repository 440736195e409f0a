// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { API_TOKENS_PER_ACCOUNT } from '@formscribe/common/limits';
import { MESSAGES } from '@formscribe/common/messages';
import type { ApiTokenResponse } from '@formscribe/common/schemas/apiTokens';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, stubApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const TOKEN: ApiTokenResponse = {
  id: 7,
  name: 'Nightly export',
  scope: 'read',
  hint: 'fsk_abc123…',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
};

async function tokensCard() {
  return within(await screen.findByRole('region', { name: 'API Tokens' }));
}

describe('ApiTokensCard', () => {
  it('creates a token with the chosen access and expiry, and shows its secret once', async () => {
    let tokens: ApiTokenResponse[] = [];
    const { requests } = stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser({ subscriptionStatus: 'professional' }) }),
      'GET /api/api-tokens': () => ({ status: 200, body: { tokens } }),
      'POST /api/api-tokens': () => {
        tokens = [TOKEN];
        return { status: 201, body: { ...TOKEN, token: 'fsk_abc123secret' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/profile');
    const card = await tokensCard();
    expect(await card.findByText('No API tokens yet.')).toBeTruthy();

    await user.type(card.getByLabelText('Token Name'), 'Nightly export');
    await user.selectOptions(card.getByLabelText('Access'), 'read_write');
    await user.selectOptions(card.getByLabelText('Expires'), 'never');
    await user.click(card.getByRole('button', { name: 'Create Token' }));

    expect((await card.findByTestId('new-api-token')).textContent).toBe('fsk_abc123secret');
    const created = requests.find((request) => request.method === 'POST');
    expect(created?.body).toEqual({ name: 'Nightly export', scope: 'read_write', expiresAt: null });
    expect(await card.findByText('fsk_abc123…')).toBeTruthy();

    await user.click(card.getByRole('button', { name: 'Done' }));
    expect(card.queryByTestId('new-api-token')).toBeNull();
  });

  it('offers the plan instead of the form without Professional, and still lists tokens to revoke', async () => {
    const { requests } = stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser({ subscriptionStatus: 'starter' }) }),
      'GET /api/api-tokens': () => ({ status: 200, body: { tokens: [TOKEN] } }),
      'DELETE /api/api-tokens/7': () => ({ status: 204 }),
    });
    const user = userEvent.setup();
    renderApp('/profile');
    const card = await tokensCard();
    expect(await card.findByText(/API access is part of the Professional plan/)).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Create Token' })).toBeNull();

    await user.click(await card.findByRole('button', { name: 'Revoke Nightly export' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'DELETE')).toBe(true));
  });

  it('shows why a token could not be created', async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser({ subscriptionStatus: 'professional' }) }),
      'GET /api/api-tokens': () => ({ status: 200, body: { tokens: [] } }),
      'POST /api/api-tokens': () => ({ status: 402, body: { message: MESSAGES.apiNeedsProfessional, upgrade: true } }),
    });
    const user = userEvent.setup();
    renderApp('/profile');
    const card = await tokensCard();
    await user.type(card.getByLabelText('Token Name'), 'Sync');
    await user.click(card.getByRole('button', { name: 'Create Token' }));
    expect(await card.findByText(MESSAGES.apiNeedsProfessional)).toBeTruthy();
  });

  it('says how many tokens an account holds and that a new password revokes them', async () => {
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser({ subscriptionStatus: 'professional' }) }),
      'GET /api/api-tokens': () => ({ status: 200, body: { tokens: [TOKEN] } }),
    });
    renderApp('/profile');
    const card = await tokensCard();
    expect(card.getByText(`An account holds up to ${API_TOKENS_PER_ACCOUNT} tokens`, { exact: false })).toBeTruthy();
    expect(card.getByText(/Changing or resetting your password revokes all of them/)).toBeTruthy();
  });

  it('at the cap, says why no token can be made until one is revoked', async () => {
    let tokens = Array.from({ length: API_TOKENS_PER_ACCOUNT }, (_, i) => ({ ...TOKEN, id: i + 1, name: `Sync ${i}` }));
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser({ subscriptionStatus: 'professional' }) }),
      'GET /api/api-tokens': () => ({ status: 200, body: { tokens } }),
      'DELETE /api/api-tokens/1': () => {
        tokens = tokens.slice(1);
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderApp('/profile');
    const card = await tokensCard();
    expect(await card.findByText(MESSAGES.apiTokenLimitReached)).toBeTruthy();
    await user.type(card.getByLabelText('Token Name'), 'One more');
    expect(card.getByRole('button', { name: 'Create Token' }).hasAttribute('disabled')).toBe(true);

    await user.click(card.getByRole('button', { name: 'Revoke Sync 0' }));
    await waitFor(() => expect(card.queryByText(MESSAGES.apiTokenLimitReached)).toBeNull());
    expect(card.getByRole('button', { name: 'Create Token' }).hasAttribute('disabled')).toBe(false);
  });

  it('lists no tokens once the password is changed on the same page, since that revoked them', async () => {
    let tokens = [TOKEN];
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser({ subscriptionStatus: 'professional' }) }),
      'GET /api/api-tokens': () => ({ status: 200, body: { tokens } }),
      'PATCH /api/profile/password': () => {
        tokens = [];
        return { status: 200, body: { message: 'Password changed' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/profile');
    const card = await tokensCard();
    expect(await card.findByText('fsk_abc123…')).toBeTruthy();

    await user.type(screen.getByLabelText('Current Password'), 'old-password');
    await user.type(screen.getByLabelText('New Password'), 'new-password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-password');
    await user.click(screen.getByRole('button', { name: /change password/i }));
    expect(await card.findByText('No API tokens yet.')).toBeTruthy();
  });
});
