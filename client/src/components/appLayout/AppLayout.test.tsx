// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_USER_STORAGE_KEY } from '../../stores/authStore.ts';
import { PENDING_INVITE_STORAGE_KEY, rememberPendingInvite } from '../../stores/pendingInvite.ts';
import { REDIRECT_AFTER_AUTH_STORAGE_KEY } from '../../stores/redirectAfterAuth.ts';
import { buildUser, signedOut, stubApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

/**
 * jsdom ignores media queries, so the app renders as on a phone: the desktop sidebar is hidden
 * and the sections are reached through the slide-out menu.
 */
async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Open menu' }));
  return screen.findByRole('dialog', { name: 'Formscribe' });
}

describe('navigation', () => {
  it('lists the sections, with Super Admin only for the administrator', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /api/user': () => ({ status: 200, body: buildUser() }) });
    const first = renderApp('/');
    let menu = await openMenu(user);
    const links = within(within(menu).getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Forms', 'Profile', 'Billing']);
    expect(links[0]?.getAttribute('aria-current')).toBe('page');
    first.unmount();

    stubApi({ 'GET /api/user': () => ({ status: 200, body: buildUser({ isAdmin: true }) }) });
    const { router } = renderApp('/');
    menu = await openMenu(user);
    await user.click(within(menu).getByRole('link', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.queryByRole('dialog')).toBeNull();
    menu = await openMenu(user);
    expect(within(menu).getByRole('link', { name: 'Super Admin' })).toBeTruthy();
  });

  it('signs out to /auth and forgets the user, the page and an invitation they chose to accept', async () => {
    let session: ReturnType<typeof buildUser> | null = buildUser();
    stubApi({
      'GET /api/user': () => (session ? { status: 200, body: session } : signedOut),
      'POST /api/logout': () => {
        session = null;
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    const { router, queryClient } = renderApp('/profile');
    await screen.findByRole('heading', { name: 'Profile' });
    expect(window.localStorage.getItem(AUTH_USER_STORAGE_KEY)).not.toBeNull();
    rememberPendingInvite('invite-token');

    await user.click(within(await openMenu(user)).getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(window.localStorage.getItem(AUTH_USER_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(REDIRECT_AFTER_AUTH_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(PENDING_INVITE_STORAGE_KEY)).toBeNull();
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([['/api/user']]);
  });

  it('says a sign-out failed (and logs it), keeping the user signed in', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      'POST /api/logout': () => ({ status: 500, body: { message: 'Internal Server Error' } }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/profile');
    await screen.findByRole('heading', { name: 'Profile' });

    const menu = await openMenu(user);
    await user.click(within(menu).getByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Logout failed', expect.any(Error)));
    expect(await screen.findByText('Logout failed')).toBeTruthy();
    expect(screen.getByText('You are still signed in. Please try again.')).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Sign Out' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    consoleError.mockRestore();
  });
});

describe('guarded pages', () => {
  it('send a signed-out visitor to /auth and remember the page and its query', async () => {
    stubApi({ 'GET /api/user': () => signedOut });
    const { router } = renderApp('/profile?tab=password');

    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(window.localStorage.getItem(REDIRECT_AFTER_AUTH_STORAGE_KEY)).toBe('/profile?tab=password');
  });

  it('include /billing, which sends a signed-out visitor to sign in; an unknown path is the 404 page', async () => {
    stubApi({ 'GET /api/user': () => signedOut });
    const billing = renderApp('/billing');
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeTruthy();
    expect(window.localStorage.getItem(REDIRECT_AFTER_AUTH_STORAGE_KEY)).toBe('/billing');
    billing.unmount();

    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });
});
