// @vitest-environment jsdom
/**
 * The profile's Language card (issue 29): the choice switches the page at once and, the user
 * being signed in, is stored on the account so their other devices and their mail follow it.
 */
import '../../test/domTestSetup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, stubApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

describe('the profile language card', () => {
  it('stores the chosen language on the account and shows the page in it', async () => {
    const { requests } = stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      'GET /api/api-tokens': () => ({ status: 200, body: { tokens: [] } }),
      'PUT /api/user/profile': () => ({ status: 200, body: buildUser({ locale: 'fr' }) }),
    });
    const user = userEvent.setup();
    renderApp('/profile');
    const card = within(await screen.findByRole('region', { name: 'Language' }));

    await user.selectOptions(card.getByLabelText('Language'), 'fr');

    await waitFor(() =>
      expect(
        requests
          .filter((request) => request.method === 'PUT' && request.path === '/api/user/profile')
          .map((request) => request.body),
      ).toEqual([{ locale: 'fr' }]),
    );
    expect(await screen.findByRole('heading', { name: 'Profil' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Langue' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Informations du compte' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
  });
});
