// @vitest-environment jsdom
/**
 * The sign-in page in another language (issue 29): a visitor who chose French reads French, and a
 * first-time visitor can switch the page to Arabic with the picker before signing in, which also
 * turns the document right to left.
 */
import '../../test/domTestSetup.ts';
import { PASSWORD_MIN_LENGTH } from '@formscribe/common/limits';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CHOSEN_LOCALE_STORAGE_KEY } from '../../i18n/chosenLocale.ts';
import { switchLocale } from '../../i18n/localeStore.ts';
import { signedOut, stubApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

describe('the sign-in page in other languages', () => {
  it('speaks French to a visitor who chose French, plurals included', async () => {
    await switchLocale('fr', 'chosen');
    stubApi({ 'GET /api/user': () => signedOut });
    const user = userEvent.setup();
    renderApp('/auth');

    const signIn = within(await screen.findByRole('form', { name: 'Se connecter' }));
    expect(signIn.getByLabelText('E-mail')).toBeTruthy();
    expect(signIn.getByLabelText('Mot de passe')).toBeTruthy();
    expect(signIn.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(screen.getByText('Connectez-vous à votre compte')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'S’inscrire' }));
    const signUp = within(await screen.findByRole('form', { name: 'S’inscrire' }));
    expect(signUp.getByText(`Au moins ${PASSWORD_MIN_LENGTH} caractères`)).toBeTruthy();
    expect(signUp.getByRole('button', { name: 'Créer un compte' })).toBeTruthy();
  });

  it('switches the page to Arabic, right to left, from the picker, and remembers the choice here', async () => {
    const { requests } = stubApi({ 'GET /api/user': () => signedOut });
    const user = userEvent.setup();
    renderApp('/auth');
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('ltr');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ar');

    const signIn = within(await screen.findByRole('form', { name: 'تسجيل الدخول' }));
    expect(signIn.getByLabelText('البريد الإلكتروني')).toBeTruthy();
    expect(signIn.getByLabelText('كلمة المرور')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'إنشاء حساب' })).toBeTruthy();
    expect(screen.queryByText('Sign in to your account')).toBeNull();
    await waitFor(() => expect(document.documentElement.lang).toBe('ar'));
    expect(document.documentElement.dir).toBe('rtl');
    expect(window.localStorage.getItem(CHOSEN_LOCALE_STORAGE_KEY)).toBe('ar');
    // Nobody is signed in: the choice stays in this browser, nothing is stored on an account.
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });
});
