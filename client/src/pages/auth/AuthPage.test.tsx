// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { MESSAGES } from '@formscribe/common/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REDIRECT_AFTER_AUTH_STORAGE_KEY } from '../../stores/redirectAfterAuth.ts';
import { useToastStore } from '../../stores/toastStore.ts';
import { buildUser, signedOut, stubApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { ACCOUNT_CREATION_NOTICE_MS } from './AuthPage.tsx';

const NOTICE = "We couldn't find an account with that email address. Let's create a new account for you!";

async function signIn(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  const signInPanel = await screen.findByRole('form', { name: 'Sign in' });
  await user.type(within(signInPanel).getByLabelText('Email'), email);
  await user.type(within(signInPanel).getByLabelText('Password'), password);
  await user.click(within(signInPanel).getByRole('button', { name: 'Sign In' }));
}

describe('AuthPage', () => {
  it('switches to Sign Up with the typed e-mail when the sign-in is rejected, for 8 seconds, without a toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({
      'GET /api/user': () => signedOut,
      'POST /api/login': () => ({ status: 401, body: { message: MESSAGES.invalidCredentials } }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/auth');

    expect(await screen.findByRole('heading', { name: 'Formscribe' })).toBeTruthy();
    expect(screen.getByText('Sign in to your account')).toBeTruthy();
    await signIn(user, 'new.person@example.org', 'hunter22');

    const signUpTab = await screen.findByRole('tab', { name: 'Sign Up' });
    await waitFor(() => expect(signUpTab.getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByText(NOTICE)).toBeTruthy();
    const signUpPanel = screen.getByRole('form', { name: 'Sign up' });
    expect(within(signUpPanel).getByLabelText<HTMLInputElement>('Email').value).toBe('new.person@example.org');
    expect(useToastStore.getState().toasts).toEqual([]);

    vi.advanceTimersByTime(ACCOUNT_CREATION_NOTICE_MS);
    await waitFor(() => expect(screen.queryByText(NOTICE)).toBeNull());
  });

  it('says other sign-in failures inline and stays on Sign In', async () => {
    stubApi({
      'GET /api/user': () => signedOut,
      'POST /api/login': () => ({ status: 429, body: { message: MESSAGES.tooManyRequests } }),
    });
    const user = userEvent.setup();
    renderApp('/auth');

    await signIn(user, 'ada@example.org', 'correct horse');

    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.tooManyRequests);
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  it('checks the e-mail before asking the server', async () => {
    const { requests } = stubApi({ 'GET /api/user': () => signedOut });
    const user = userEvent.setup();
    renderApp('/auth');

    await signIn(user, 'not-an-email', 'secret1');

    expect(await screen.findByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(requests.some((request) => request.path === '/api/login')).toBe(false);
  });

  it('signs in and returns to the page saved before sign-in, then forgets it', async () => {
    const ada = buildUser();
    let session: typeof ada | null = null;
    const { requests } = stubApi({
      'GET /api/user': () => (session ? { status: 200, body: session } : signedOut),
      'POST /api/login': () => {
        session = ada;
        return { status: 200, body: ada };
      },
    });
    window.localStorage.setItem(REDIRECT_AFTER_AUTH_STORAGE_KEY, '/profile?from=invite');
    const user = userEvent.setup();
    const { router } = renderApp('/auth');

    await signIn(user, 'Ada@Example.org', 'correct horse');

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy();
    expect(router.state.location.href).toBe('/profile?from=invite');
    expect(window.localStorage.getItem(REDIRECT_AFTER_AUTH_STORAGE_KEY)).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('authUser') ?? 'null')).toMatchObject({ id: ada.id });
    expect(requests.find((request) => request.path === '/api/login')?.body).toEqual({
      username: 'ada@example.org',
      password: 'correct horse',
      rememberMe: false,
    });
  });

  it('shows why a registration failed under the form', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      'GET /api/user': () => signedOut,
      'POST /api/register': () => ({ status: 409, body: { message: MESSAGES.usernameTaken } }),
    });
    const user = userEvent.setup();
    renderApp('/auth');

    await user.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    const signUpPanel = screen.getByRole('form', { name: 'Sign up' });
    await user.type(within(signUpPanel).getByLabelText('Email'), 'ada@example.org');
    await user.type(within(signUpPanel).getByLabelText('Password'), 'secret12');
    await user.click(within(signUpPanel).getByRole('button', { name: 'Create Account' }));

    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.usernameTaken);
    expect(consoleError).toHaveBeenCalled();
    expect(useToastStore.getState().toasts).toEqual([]);
    consoleError.mockRestore();
  });
});
