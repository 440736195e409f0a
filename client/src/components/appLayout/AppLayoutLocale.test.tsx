// @vitest-environment jsdom
/**
 * The app's frame in another language: Arabic lays the page out right to left with its own words
 * and the picker shows the language chosen; a toast raised after a switch to French is worded in
 * French; figures follow the language too.
 */
import '../../test/domTestSetup.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { switchLocale } from '../../i18n/localeStore.ts';
import { buildUser, stubApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';

describe('the app frame in another language', () => {
  it('in Arabic, runs right to left with Arabic navigation and the picker on Arabic', async () => {
    await switchLocale('ar', 'chosen');
    stubApi({ 'GET /api/user': () => ({ status: 200, body: buildUser({ isAdmin: true }) }) });
    const user = userEvent.setup();
    renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'فتح القائمة' }, { timeout: 5000 }));
    const menu = await screen.findByRole('dialog', { name: 'Formscribe' }, { timeout: 5000 });
    const links = within(within(menu).getByRole('navigation', { name: 'الرئيسية' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['النماذج', 'الملف الشخصي', 'الفوترة', 'الإدارة العليا']);
    expect(within(menu).getByRole('button', { name: 'تسجيل الخروج' })).toBeTruthy();
    const picker = within(menu).getByRole('combobox', { name: 'اللغة' });
    expect(picker instanceof HTMLSelectElement && picker.value).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
  });

  it('words the sign-out failure toast in the language chosen before it was raised', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser() }),
      'POST /api/logout': () => ({ status: 500, body: { message: 'Internal Server Error' } }),
    });
    const user = userEvent.setup();
    renderApp('/');
    await switchLocale('fr', 'chosen');

    // The menu panel is its own chunk: its first load may take more than the default second.
    await user.click(await screen.findByRole('button', { name: 'Ouvrir le menu' }, { timeout: 5000 }));
    const menu = await screen.findByRole('dialog', { name: 'Formscribe' }, { timeout: 5000 });
    await user.click(within(menu).getByRole('button', { name: 'Se déconnecter' }));

    expect(await screen.findByText('Échec de la déconnexion', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Vous êtes toujours connecté. Veuillez réessayer.')).toBeTruthy();
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    consoleError.mockRestore();
  });

  it('formats the progress figure the French way', async () => {
    await switchLocale('fr', 'chosen');
    render(<ProgressBar percent={30} label="Progression" valueText="3 images sur 10" />);
    // French puts a no-break space before the percent sign.
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('3 images sur 10 (30\u00a0%)');
  });
});
